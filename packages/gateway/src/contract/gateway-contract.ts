import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacingBeyond, pacingPreset } from '@cst/shared';
import {
  CAPABILITIES,
  type Capability,
  type ChatGateway,
  type GatewayEventName,
  type GatewayEvents,
} from '../types.ts';
import { typingMsOf } from '../typing.ts';

/**
 * What every platform adapter must do the same way, driven through a small per-platform driver
 * (the simulator's control panel, or a fake WhatsApp socket). The console relies on these:
 * QR to online, resume after a restart from stored state alone, idempotent sends, receipts in
 * order, revoke, release and logout, and `unsupported` for every capability a platform lacks.
 */
export interface ContractDriver {
  /** The gateway under test (a new one after `restart`). */
  readonly gateway: ChatGateway;
  /** Events recorded since the driver was built, across restarts. */
  of<K extends GatewayEventName>(name: K): GatewayEvents[K][];
  /** The phone confirms a pending login; resolves with the account id. */
  confirmLogin(loginId: string): Promise<string>;
  /** The phone's owner types the pairing code of a pending login; resolves with the account id. */
  confirmPairing(loginId: string, code: string): Promise<string>;
  /** The platform starts refusing the account's next send as too fast (HTTP 429 and alike). */
  rateLimit(wxid: string): Promise<void>;
  /** The pending login expires unscanned. */
  expireLogin(loginId: string): Promise<void>;
  /** A new gateway on the same database (a process restart). */
  restart(): Promise<void>;
  /** Lets a resume that began finish (the platform answers). */
  completeResume(wxid: string): Promise<void>;
  /** Someone the account can write to; writes one message first when the platform needs it. */
  peer(wxid: string): Promise<string>;
  /** The platform reports a sent message delivered, then read. */
  deliverAndRead(wxid: string, msgId: string, peerId: string): Promise<void>;
  /** How many times the platform carried a message with this id. */
  carried(wxid: string, msgId: string): Promise<number>;
  /** How long the person saw the account typing before each message to it, in order, ms. */
  typed(wxid: string, peerId: string): Promise<number[]>;
  /** Waits until `check` holds. */
  until(check: () => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A call of a gateway command per capability, for the `unsupported` check. Capabilities every
 * platform has so far answer without a call; a platform that lacks one adds its call here.
 */
function callOf(
  gw: ChatGateway,
  wxid: string,
  peer: string,
): Record<Capability, () => Promise<unknown>> {
  const send = (message: Parameters<ChatGateway['send']>[0]['message']) => () =>
    gw.send({
      workWxid: wxid,
      peerId: peer,
      talkType: 1,
      requestId: `cap-${message.kind}`,
      message,
    });
  const group = 'contract-group@chatroom';
  return {
    qrLogin: () => gw.getQrLogin('unknown-login').catch(() => undefined),
    pairingCode: () => gw.startPairingLogin({ phone: 'not a number' }).catch(catchInvalid),
    resume: () => gw.resume(wxid),
    logout: async () => undefined,
    sendText: send({ kind: 'text', content: 'hi' }),
    sendImage: async () => undefined,
    sendFile: async () => undefined,
    sendVideo: async () => undefined,
    sendVoice: async () => undefined,
    sendEmoticon: async () => undefined,
    sendLink: async () => undefined,
    sendMiniProgram: send({
      kind: 'miniProgram',
      title: 't',
      appId: 'a',
      appName: 'n',
      pagePath: 'p',
    }),
    sendCard: async () => undefined,
    sendQuote: async () => undefined,
    sendLocation: async () => undefined,
    revoke: async () => undefined,
    markRead: async () => undefined,
    voiceToText: () => gw.voiceToText(wxid, 'some-msg'),
    deliveryReceipts: async () => undefined,
    readReceipts: async () => undefined,
    readSync: async () => undefined,
    contacts: () => gw.listContacts(wxid),
    friendInfo: () => gw.getFriendInfo(wxid, peer),
    setRemark: () => gw.setRemark(wxid, peer, 'remark'),
    updateFriendInfo: () => gw.updateFriendInfo(wxid, peer, { star: true }),
    blacklist: () => gw.updateFriendInfo(wxid, peer, { blacklist: false }),
    deleteFriend: () => gw.deleteFriend(wxid, 'nobody-contract'),
    friendRequests: () => gw.listFriendRequests(wxid),
    declineFriendRequest: () => gw.declineFriendRequest(wxid, 'no-request'),
    addFriend: () => gw.addFriend({ workWxid: wxid, wxid: 'nobody-contract', verifyContent: 'hi' }),
    searchUser: async () => undefined,
    groups: () => gw.listGroups(wxid),
    groupCreate: async () => undefined,
    groupInvite: async () => undefined,
    groupRemove: async () => undefined,
    groupLeave: async () => undefined,
    groupRename: async () => undefined,
    groupCard: () => gw.setGroupCard(wxid, group, 'card'),
    groupNotice: async () => undefined,
    groupBan: () => gw.setGroupBan(wxid, group, [peer], true),
    moments: () => gw.listMoments(wxid),
    momentPost: () =>
      gw.postMoment({ workWxid: wxid, requestId: 'contract-moment', text: 't', media: [] }),
    momentInteract: () => gw.likeMoment(wxid, 'contract-moment', true),
    typing: async () => undefined,
    momentVisibility: () =>
      gw.postMoment({
        workWxid: wxid,
        requestId: 'contract-moment-visible',
        text: 't',
        media: [],
        visibleTo: [peer],
      }),
  };
}

/** An `invalid` answer means the command exists (it only refused the input). */
function catchInvalid(err: unknown): void {
  if ((err as { code?: string }).code !== 'invalid') throw err;
}

/** The contract suite of one platform. */
export function describeGatewayContract(name: string, build: () => Promise<ContractDriver>): void {
  describe(`gateway contract: ${name}`, () => {
    let d: ContractDriver;
    let wxid: string;
    let peer: string;

    beforeAll(async () => {
      d = await build();
    });
    afterAll(() => d.close());

    it('QR login: issued, then confirmed, online and held', async () => {
      const qr = await d.gateway.startQrLogin();
      expect(qr.status).toBe('issued');
      expect(qr.qrPayload).not.toBe('');
      expect(qr.expiresAt).toBeGreaterThan(0);
      wxid = await d.confirmLogin(qr.loginId);
      await d.until(() =>
        d.of('qrConfirmed').some((e) => e.loginId === qr.loginId && e.wxid === wxid),
      );
      await d.until(() =>
        d.of('statusChanged').some((e) => e.workWxid === wxid && e.status === 'online'),
      );
      expect(d.gateway.heldAccounts()).toContain(wxid);
      expect((await d.gateway.getQrLogin(qr.loginId)).status).toBe('confirmed');
      peer = await d.peer(wxid);
    });

    it('an unscanned login expires', async () => {
      const qr = await d.gateway.startQrLogin();
      await d.expireLogin(qr.loginId);
      await d.until(() => d.of('qrExpired').some((e) => e.loginId === qr.loginId));
      expect((await d.gateway.getQrLogin(qr.loginId)).status).toBe('expired');
    });

    it('sends once per request id; receipts follow in order', async () => {
      const cmd = {
        workWxid: wxid,
        peerId: peer,
        talkType: 1 as const,
        requestId: 'contract-send-1',
        message: { kind: 'text' as const, content: 'contract hello' },
      };
      const a = await d.gateway.send(cmd);
      const b = await d.gateway.send(cmd);
      expect(a.duplicate).toBe(false);
      expect(b).toMatchObject({ msgId: a.msgId, duplicate: true });
      expect(await d.carried(wxid, a.msgId)).toBe(1);
      await d.deliverAndRead(wxid, a.msgId, peer);
      const mine = () => d.of('sendReceipt').filter((r) => r.requestId === cmd.requestId);
      await d.until(() => mine().some((r) => r.status === 'read'));
      expect(mine().map((r) => r.status)).toEqual(['sent', 'delivered', 'read']);
      expect(mine().every((r) => r.msgId === a.msgId)).toBe(true);
    });

    it('shows typing before a send that asks for it, for a time that grows with the text', async () => {
      if (!d.gateway.capabilities.has('typing')) return;
      const before = (await d.typed(wxid, peer)).length;
      const send = (requestId: string, content: string, typing?: boolean) =>
        d.gateway.send({
          workWxid: wxid,
          peerId: peer,
          talkType: 1,
          requestId,
          message: { kind: 'text', content },
          ...(typing ? { typing } : {}),
        });
      const short = 'ok';
      const long = 'a reply a person would take a while to type';
      await send('contract-typing-1', short, true);
      await send('contract-typing-2', long, true);
      // A repeated request sends nothing, so types nothing; a seat's send does not type.
      await send('contract-typing-2', long, true);
      await send('contract-typing-3', 'from a seat');
      const typed = (await d.typed(wxid, peer)).slice(before);
      expect(typed).toEqual([
        typingMsOf({ kind: 'text', content: short }),
        typingMsOf({ kind: 'text', content: long }),
      ]);
      expect(typed[1]).toBeGreaterThan(typed[0]!);
    });

    it('revokes a sent message with a revoked event', async () => {
      const sent = await d.gateway.send({
        workWxid: wxid,
        peerId: peer,
        talkType: 1,
        requestId: 'contract-revoke',
        message: { kind: 'text', content: 'oops' },
      });
      const r = await d.gateway.revoke(wxid, sent.msgId);
      expect(r.msgId).toBe(sent.msgId);
      await d.until(() => d.of('revoked').some((e) => e.msgId === sent.msgId && e.bySelf));
    });

    it('a send refused as too fast fails and raises a rate-limit risk signal', async () => {
      await d.rateLimit(wxid);
      await expect(
        d.gateway.send({
          workWxid: wxid,
          peerId: peer,
          talkType: 1,
          requestId: 'contract-too-fast',
          message: { kind: 'text', content: 'too fast' },
        }),
      ).rejects.toMatchObject({ code: 'failed' });
      await d.until(() =>
        d.of('riskSignal').some((e) => e.workWxid === wxid && e.kind === 'rateLimit'),
      );
      const signal = d.of('riskSignal').find((e) => e.workWxid === wxid)!;
      expect(signal.code === 429 || signal.code === 463).toBe(true);
      expect(signal.reason).not.toBe('');
    });

    it('declares human pacing whose defaults keep within its own ceilings', () => {
      const { defaults, ceilings } = d.gateway.pacing;
      expect(pacingPreset.parse(d.gateway.pacing)).toEqual(d.gateway.pacing);
      expect(pacingBeyond(defaults, ceilings)).toEqual([]);
      // A daily cap is at least one send, and no default sends in bursts past its ceiling.
      expect(defaults.dailyCapPerAccount).toBeGreaterThan(0);
      expect(defaults.perRoundCount).toBeLessThanOrEqual(ceilings.perRoundCount);
      expect(d.gateway.pacing.warmupDays).toBeGreaterThanOrEqual(0);
    });

    it('answers unsupported for every capability it lacks, and only those', async () => {
      const calls = callOf(d.gateway, wxid, peer);
      for (const cap of CAPABILITIES) {
        const result = await calls[cap]().then(
          () => 'ok',
          (err: unknown) => (err as { code?: string }).code ?? 'error',
        );
        if (d.gateway.capabilities.has(cap)) expect(result, cap).not.toBe('unsupported');
        else expect(result, cap).toBe('unsupported');
      }
    });

    it('resumes after a restart from stored state alone', async () => {
      await d.restart();
      expect(d.gateway.heldAccounts()).toEqual([]);
      await expect(d.gateway.getProfile(wxid)).rejects.toMatchObject({ code: 'notHeld' });
      const before = d.of('statusChanged').length;
      await d.gateway.resume(wxid);
      await d.completeResume(wxid);
      await d.until(() =>
        d
          .of('statusChanged')
          .slice(before)
          .some((e) => e.workWxid === wxid && e.status === 'online'),
      );
      const seen = d
        .of('statusChanged')
        .slice(before)
        .filter((e) => e.workWxid === wxid);
      expect(seen.map((e) => e.status)).toEqual(['autoLoggingIn', 'online']);
      expect(d.gateway.heldAccounts()).toContain(wxid);
      // The same request after the restart is still the same message.
      const again = await d.gateway.send({
        workWxid: wxid,
        peerId: peer,
        talkType: 1,
        requestId: 'contract-send-1',
        message: { kind: 'text', content: 'contract hello' },
      });
      expect(again.duplicate).toBe(true);
    });

    it('release lets go without logging out; logout needs a new QR login', async () => {
      await d.gateway.release(wxid);
      expect(d.gateway.heldAccounts()).not.toContain(wxid);
      await expect(
        d.gateway.send({
          workWxid: wxid,
          peerId: peer,
          talkType: 1,
          requestId: 'contract-after-release',
          message: { kind: 'text', content: 'x' },
        }),
      ).rejects.toMatchObject({ code: 'notHeld' });
      await d.gateway.resume(wxid);
      await d.completeResume(wxid);
      await d.until(() => d.gateway.heldAccounts().includes(wxid));
      await d.gateway.logout(wxid);
      await d.until(() =>
        d.of('statusChanged').some((e) => e.workWxid === wxid && e.status === 'notLoggedIn'),
      );
      expect(d.gateway.heldAccounts()).not.toContain(wxid);
      await expect(d.gateway.resume(wxid)).rejects.toMatchObject({ code: 'noSession' });
    });

    it('pairing code: a code for a phone number, then the same events as a QR login', async () => {
      if (!d.gateway.capabilities.has('pairingCode')) return;
      await expect(d.gateway.startPairingLogin({ phone: '12' })).rejects.toMatchObject({
        code: 'invalid',
      });
      const issued = d.of('qrIssued').length;
      const login = await d.gateway.startPairingLogin({ phone: '+86 139 0000 0001' });
      expect(login.status).toBe('issued');
      expect(login.pairingCode).toMatch(/^[0-9A-Z]{8}$/);
      expect(login.qrPayload).toBe('');
      const paired = await d.confirmPairing(login.loginId, login.pairingCode);
      await d.until(() =>
        d.of('qrConfirmed').some((e) => e.loginId === login.loginId && e.wxid === paired),
      );
      await d.until(() =>
        d.of('statusChanged').some((e) => e.workWxid === paired && e.status === 'online'),
      );
      // No QR image was ever shown for it.
      expect(
        d
          .of('qrIssued')
          .slice(issued)
          .filter((e) => e.loginId === login.loginId),
      ).toEqual([]);
      expect(d.gateway.heldAccounts()).toContain(paired);
      expect(await d.gateway.getQrLogin(login.loginId)).toMatchObject({ status: 'confirmed' });
    });
  });
}
