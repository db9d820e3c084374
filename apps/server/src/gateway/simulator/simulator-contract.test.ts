import { describeGatewayContract } from '@cst/gateway/contract';
import { buildSim } from './test-support.ts';

// The simulator passes the same contract as every platform adapter.
describeGatewayContract('simulator', async () => {
  const h = await buildSim({ seed: 'contract' });
  await h.sim.setConfig({ deliveryDelayMs: 5, readDelayMs: 5, failRate: 0, trafficPerMinute: 0 });
  return {
    get gateway() {
      return h.gateway;
    },
    of: (name) => h.of(name),
    confirmLogin: async (loginId) => {
      const { wxid } = await h.sim.scan(loginId, true, 'Contract');
      return wxid;
    },
    confirmPairing: async (_loginId, code) => {
      const { wxid } = await h.sim.pair(`${code.slice(0, 4)}-${code.slice(4).toLowerCase()}`, true);
      return wxid;
    },
    rateLimit: (wxid) => h.sim.fault(wxid, 'rateLimit'),
    expireLogin: async (loginId) => {
      h.clock.t += 10 * 60_000;
      await h.gateway.getQrLogin(loginId);
    },
    restart: () => h.restart(),
    completeResume: async () => undefined,
    peer: async (wxid) => (await h.gateway.listContacts(wxid))[0]!.wxid,
    deliverAndRead: async () => undefined,
    carried: async (wxid, msgId) =>
      (await h.sim.received({ workWxids: [wxid] })).filter((r) => r.msgId === msgId).length,
    typed: async (wxid, peerId) =>
      (await h.sim.received({ workWxids: [wxid], peerWxid: peerId }))
        .filter((r) => r.typingMs !== undefined)
        .map((r) => r.typingMs!),
    until: (check, ms) => h.until(check, ms),
    close: () => h.close(),
  };
});
