import { proto } from 'baileys';
import { describeGatewayContract } from '@cst/gateway/contract';
import { buildWa, inboundMessage } from './test-support.ts';

// The WhatsApp adapter passes the same contract as the simulator, on fake sockets.
const PEER = '444444444444444@lid';

describeGatewayContract('whatsapp', async () => {
  const h = await buildWa({ autoQr: true });
  /** The newest socket (a login's). */
  const newest = () => h.sockets[h.sockets.length - 1]!;
  /** The account's live socket: paired and not ended. */
  const account = () => [...h.sockets].reverse().find((s) => s.creds.me && !s.ended)!;
  return {
    get gateway() {
      return h.gateway;
    },
    of: (name) => h.of(name),
    confirmLogin: async (loginId) => {
      const n = h.sockets.length;
      const issued = h.of('qrIssued').some((e) => e.loginId === loginId);
      if (!issued) throw new Error('no QR code was issued');
      newest().pair();
      await h.until(() => h.sockets.length === n + 1);
      newest().open();
      await h.until(() => h.of('qrConfirmed').some((e) => e.loginId === loginId));
      return h.of('qrConfirmed').find((e) => e.loginId === loginId)!.wxid;
    },
    confirmPairing: async (loginId, code) => {
      const n = h.sockets.length;
      const asked = newest().calls.find((c) => c.method === 'requestPairingCode');
      if (!asked || newest().creds.pairingCode !== code) throw new Error('no code was asked for');
      newest().pair();
      await h.until(() => h.sockets.length === n + 1);
      newest().open();
      await h.until(() => h.of('qrConfirmed').some((e) => e.loginId === loginId));
      return h.of('qrConfirmed').find((e) => e.loginId === loginId)!.wxid;
    },
    rateLimit: async () => {
      account().failNext = Object.assign(new Error('rate-overlimit'), {
        output: { statusCode: 429 },
      });
    },
    expireLogin: async () => newest().close(408, 'QR refs attempts ended'),
    restart: () => h.restart(),
    completeResume: async () => newest().open(),
    peer: async () => {
      const msg = await inboundMessage(
        h.media,
        { text: 'hello' },
        { remoteJid: PEER, id: '3A00000000000000PEER', pushName: 'Peer' },
      );
      account().inbound([msg]);
      await h.until(() => h.of('message').some((m) => m.peerId === PEER));
      return PEER;
    },
    deliverAndRead: async (_wxid, msgId, peerId) => {
      const key = { remoteJid: peerId, id: msgId, fromMe: true };
      account().ev.emit('messages.update', [
        { key, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } },
      ]);
      account().ev.emit('messages.update', [
        { key, update: { status: proto.WebMessageInfo.Status.READ } },
      ]);
    },
    carried: async (_wxid, msgId) =>
      h.sockets
        .flatMap((s) => s.calls)
        .filter(
          (c) =>
            c.method === 'sendMessage' &&
            (c.args[2] as { messageId?: string })?.messageId === msgId,
        ).length,
    typed: async (_wxid, peerId) => {
      // Each `composing` to the person, until the `paused` that ends it (the harness's clock).
      const seen = h.sockets.flatMap((s) => s.timeline).filter((p) => p.jid === peerId);
      return seen.flatMap((p, i) =>
        p.what === 'composing' && seen[i + 1]?.what === 'paused' ? [seen[i + 1]!.at - p.at] : [],
      );
    },
    until: (check, ms) => h.until(check, ms),
    close: () => h.close(),
  };
});
