import { afterEach, describe, expect, it } from 'vitest';
import { loginNoticeContent, MSG_TYPE, regionCodeOf } from '@cst/shared';
import { SECURITY_WXID } from './login-notice.ts';
import { buildSim, codeOf, loginAccount, type SimHarness } from './test-support.ts';

let harnesses: SimHarness[] = [];
async function sim(opts: Parameters<typeof buildSim>[0] = {}) {
  const h = await buildSim(opts);
  harnesses.push(h);
  return h;
}
afterEach(async () => {
  for (const h of harnesses.reverse()) await h.close();
  harnesses = [];
});

describe('QR login', () => {
  it('goes issued → scanned → confirmed and brings a new account online with its world', async () => {
    const h = await sim();
    const qr = await h.gateway.startQrLogin();
    expect(qr.status).toBe('issued');
    expect(qr.qrPayload).toContain(qr.loginId);
    expect(qr.expiresAt).toBe(h.clock.t + 120_000);
    expect((await h.sim.pendingLogins()).map((l) => l.loginId)).toEqual([qr.loginId]);

    await h.sim.scanOnly(qr.loginId);
    expect((await h.gateway.getQrLogin(qr.loginId)).status).toBe('scanned');
    const { wxid } = await h.sim.scan(qr.loginId, true, '客服小美');
    await h.sim.idle();

    expect(h.events.map((e) => e.name)).toEqual([
      'qrIssued',
      'qrScanned',
      'qrConfirmed',
      'statusChanged',
    ]);
    const confirmed = h.of('qrConfirmed')[0]!;
    expect(confirmed).toMatchObject({ loginId: qr.loginId, wxid, nickname: '客服小美' });
    expect(confirmed.avatar).toMatch(/^data:image\/svg\+xml/);
    expect(h.of('statusChanged')).toMatchObject([{ workWxid: wxid, status: 'online' }]);
    expect(h.gateway.heldAccounts()).toEqual([wxid]);
    expect((await h.gateway.getQrLogin(qr.loginId)).status).toBe('confirmed');
    expect(await h.sim.pendingLogins()).toEqual([]);

    const contacts = await h.gateway.listContacts(wxid);
    expect(contacts.length).toBeGreaterThanOrEqual(50);
    expect(contacts.length).toBeLessThanOrEqual(300);
    const groups = await h.gateway.listGroups(wxid);
    expect(groups.length).toBeGreaterThanOrEqual(5);
    expect(groups.length).toBeLessThanOrEqual(20);
    const [acc] = await h.sim.listAccounts([wxid]);
    expect(acc).toMatchObject({ wxid, status: 'online', contactCount: contacts.length });
    expect((await h.gateway.getProfile(wxid)).nickname).toBe('客服小美');
  });

  it('fails with a message when the phone declines, and the code cannot be used again', async () => {
    const h = await sim();
    const qr = await h.gateway.startQrLogin();
    await h.sim.scan(qr.loginId, false);
    await h.sim.idle();
    expect(h.events.map((e) => e.name)).toEqual(['qrIssued', 'qrScanned', 'qrFailed']);
    expect(h.of('qrFailed')[0]!.message).toBeTruthy();
    expect((await h.gateway.getQrLogin(qr.loginId)).status).toBe('failed');
    expect(await codeOf(h.sim.scan(qr.loginId, true))).toBe('expired');
    expect(h.gateway.heldAccounts()).toEqual([]);
  });

  it('expires after its time, unscanned or scanned', async () => {
    const h = await sim();
    const a = await h.gateway.startQrLogin();
    const b = await h.gateway.startQrLogin();
    await h.sim.scanOnly(b.loginId);
    h.clock.t += 120_001;
    expect((await h.gateway.getQrLogin(a.loginId)).status).toBe('expired');
    expect(await codeOf(h.sim.scan(b.loginId, true))).toBe('expired');
    await h.sim.idle();
    expect(
      h
        .of('qrExpired')
        .map((e) => e.loginId)
        .sort(),
    ).toEqual([a.loginId, b.loginId].sort());
    expect(await h.sim.pendingLogins()).toEqual([]);
  });

  it('expires open codes from its own loop', async () => {
    const h = await sim();
    const qr = await h.gateway.startQrLogin();
    h.clock.t += 200_000;
    await h.until(() => h.of('qrExpired').length === 1);
    expect(h.of('qrExpired')[0]!.loginId).toBe(qr.loginId);
  });

  it('cancels a code without an event and rejects unknown ids', async () => {
    const h = await sim();
    const qr = await h.gateway.startQrLogin();
    await h.gateway.cancelQrLogin(qr.loginId);
    expect((await h.gateway.getQrLogin(qr.loginId)).status).toBe('cancelled');
    expect(await codeOf(h.sim.scan(qr.loginId, true))).toBe('expired');
    expect(await codeOf(h.gateway.getQrLogin('nope'))).toBe('notFound');
    expect(await codeOf(h.sim.scan('nope', true))).toBe('notFound');
    const other = await h.gateway.startQrLogin();
    expect(await codeOf(h.sim.scan(other.loginId, true, undefined, 'x@chatroom'))).toBe('invalid');
    expect((await h.gateway.getQrLogin(other.loginId)).status).toBe('issued');
  });

  it('re-logs a known account (after a kick-out) with the same wxid and world', async () => {
    const h = await sim();
    const wxid = await loginAccount(h);
    const before = await h.gateway.listContacts(wxid);
    await h.sim.fault(wxid, 'kickOut');
    expect(await codeOf(h.gateway.resume(wxid))).toBe('noSession');
    const qr = await h.gateway.startQrLogin({ wxid });
    expect(qr.wxid).toBe(wxid);
    expect((await h.sim.scan(qr.loginId, true)).wxid).toBe(wxid);
    await h.sim.idle();
    expect(h.of('statusChanged').at(-1)).toMatchObject({ workWxid: wxid, status: 'online' });
    const after = await h.gateway.listContacts(wxid);
    expect(after.filter((c) => c.wxid !== SECURITY_WXID)).toEqual(before);
  });

  it('sends a login notice from the security account when a known account signs in again', async () => {
    const h = await sim();
    const wxid = await loginAccount(h);
    await h.sim.idle();
    // The first login creates the account: no notice.
    expect(h.of('message').filter((m) => m.msgType === MSG_TYPE.loginNotice)).toEqual([]);
    await h.sim.fault(wxid, 'kickOut');
    const qr = await h.gateway.startQrLogin({ wxid, proxy: '183.14.22.9:1080:user:pass' });
    await h.sim.scan(qr.loginId, true);
    await h.sim.idle();
    const notices = h.of('message').filter((m) => m.msgType === MSG_TYPE.loginNotice);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      workWxid: wxid,
      peerId: SECURITY_WXID,
      talkType: 1,
      fromSelf: false,
      file: null,
    });
    const content = loginNoticeContent.parse(JSON.parse(notices[0]!.content));
    expect(content).toMatchObject({ ip: '183.14.22.9', reason: '新设备登录' });
    expect(content.createdAt).toBe(h.clock.t);
    expect(content.address).not.toBe('');
    expect(content.agent).not.toBe('');
    // The platform server the login went through, one the region table knows (SPEC §9).
    expect(regionCodeOf(content.server)).toMatch(/^[a-z]+\d*$/);
    // The security account is a contact with its name, so the conversation is named.
    const contacts = await h.gateway.listContacts(wxid);
    expect(contacts.find((c) => c.wxid === SECURITY_WXID)).toMatchObject({ nickname: '微信团队' });
  });

  it('creates the account the phone names when a wxid is given at scan', async () => {
    const h = await sim();
    const qr = await h.gateway.startQrLogin();
    expect((await h.sim.scan(qr.loginId, true, undefined, 'wxid_e2e_1')).wxid).toBe('wxid_e2e_1');
    expect((await h.gateway.listContacts('wxid_e2e_1')).length).toBeGreaterThanOrEqual(50);
  });
});

describe('determinism', () => {
  it('builds the same world for the same seed on separate databases', async () => {
    const a = await sim({ seed: 'same' });
    const b = await sim({ seed: 'same' });
    const c = await sim({ seed: 'other' });
    const wa = await loginAccount(a);
    const wb = await loginAccount(b);
    const wc = await loginAccount(c);
    expect(wb).toBe(wa);
    expect(wc).not.toBe(wa);
    expect(await b.gateway.listContacts(wb)).toEqual(await a.gateway.listContacts(wa));
    expect(await b.gateway.listGroups(wb)).toEqual(await a.gateway.listGroups(wa));
    const ga = (await a.gateway.listGroups(wa))[0]!.groupId;
    expect(await b.gateway.listGroupMembers(wb, ga)).toEqual(
      await a.gateway.listGroupMembers(wa, ga),
    );
    // A second account is another world.
    const wa2 = await loginAccount(a);
    expect(wa2).not.toBe(wa);
    expect((await a.gateway.listContacts(wa2))[0]).not.toEqual(
      (await a.gateway.listContacts(wa))[0],
    );
  });
});

describe('faults', () => {
  it('turns ban, kick-out, proxy failure and drop into statuses', async () => {
    const h = await sim();
    const banned = await loginAccount(h);
    const kicked = await loginAccount(h);
    const proxy = await loginAccount(h);
    const dropped = await loginAccount(h);
    await h.sim.fault(banned, 'ban');
    await h.sim.fault(kicked, 'kickOut');
    await h.sim.fault(proxy, 'proxyFail');
    await h.sim.fault(dropped, 'drop');
    await h.sim.idle();
    const last = (w: string) =>
      h
        .of('statusChanged')
        .filter((e) => e.workWxid === w)
        .at(-1);
    expect(last(banned)).toMatchObject({ status: 'banned' });
    expect(last(banned)!.reason).toBeTruthy();
    expect(last(kicked)).toMatchObject({ status: 'kickedOut' });
    expect(last(proxy)).toMatchObject({ status: 'proxyFailed' });

    // The dropped connection comes back by itself.
    await h.until(() => last(dropped)?.status === 'online');
    expect(
      h
        .of('statusChanged')
        .filter((e) => e.workWxid === dropped)
        .map((e) => e.status),
    ).toEqual(['online', 'offline', 'autoLoggingIn', 'online']);

    // A banned account cannot send or log in again.
    const friend = (await h.gateway.listContacts(banned))[0]!.wxid;
    expect(
      await codeOf(
        h.gateway.send({
          workWxid: banned,
          peerId: friend,
          talkType: 1,
          requestId: 'r1',
          message: { kind: 'text', content: 'hi' },
        }),
      ),
    ).toBe('notOnline');
    const qr = await h.gateway.startQrLogin({ wxid: banned });
    expect(await codeOf(h.sim.scan(qr.loginId, true))).toBe('failed');
    await h.sim.idle();
    expect(h.of('qrFailed').at(-1)!.loginId).toBe(qr.loginId);

    // Proxy failure: retrying the connection brings it back.
    await h.gateway.resume(proxy);
    expect(last(proxy)).toMatchObject({ status: 'online' });
    expect(await codeOf(h.sim.fault('wxid_unknown', 'ban'))).toBe('notFound');
  });
});

describe('sessions across a restart', () => {
  it('keeps contacts and session; resume brings the account online without a QR', async () => {
    const h = await sim();
    const wxid = await loginAccount(h);
    const contacts = await h.gateway.listContacts(wxid);
    const groups = await h.gateway.listGroups(wxid);
    await h.restart();
    expect(h.gateway.heldAccounts()).toEqual([]);
    expect(await codeOf(h.gateway.listContacts(wxid))).toBe('notHeld');
    h.events.length = 0;
    await h.gateway.resume(wxid);
    await h.sim.idle();
    expect(h.of('statusChanged').map((e) => e.status)).toEqual(['autoLoggingIn', 'online']);
    expect(h.of('qrIssued')).toEqual([]);
    expect(await h.gateway.listContacts(wxid)).toEqual(contacts);
    expect(await h.gateway.listGroups(wxid)).toEqual(groups);
    // Resuming an online account does nothing.
    await h.gateway.resume(wxid);
    expect(h.of('statusChanged')).toHaveLength(2);
  });

  it('keeps open QR codes and the tunables', async () => {
    const h = await sim();
    const qr = await h.gateway.startQrLogin();
    await h.sim.setConfig({ failRate: 0.25, deliveryDelayMs: 7 });
    await h.restart();
    expect((await h.sim.pendingLogins()).map((l) => l.loginId)).toEqual([qr.loginId]);
    expect(h.sim.getConfig()).toMatchObject({ failRate: 0.25, deliveryDelayMs: 7 });
    expect((await h.sim.scan(qr.loginId, true)).wxid).toMatch(/^wxid_/);
  });

  it('release lets go without a status change; logout drops the session', async () => {
    const h = await sim();
    const wxid = await loginAccount(h);
    const n = h.events.length;
    await h.gateway.release(wxid);
    await h.sim.idle();
    expect(h.events.length).toBe(n);
    expect(h.gateway.heldAccounts()).toEqual([]);
    expect(await codeOf(h.gateway.listGroups(wxid))).toBe('notHeld');
    await h.gateway.resume(wxid);
    await h.gateway.logout(wxid);
    await h.sim.idle();
    expect(h.of('statusChanged').at(-1)).toMatchObject({ workWxid: wxid, status: 'notLoggedIn' });
    expect(h.gateway.heldAccounts()).toEqual([]);
    expect(await codeOf(h.gateway.resume(wxid))).toBe('noSession');
  });

  it('runs many accounts', async () => {
    const h = await sim();
    const wxids: string[] = [];
    for (let i = 0; i < 12; i++) wxids.push(await loginAccount(h));
    expect(new Set(wxids).size).toBe(12);
    await h.restart();
    await Promise.all(wxids.map((w) => h.gateway.resume(w)));
    expect(h.gateway.heldAccounts().sort()).toEqual([...wxids].sort());
    const accounts = await h.sim.listAccounts();
    expect(accounts.every((a) => a.status === 'online')).toBe(true);
  });

  it('gives codes confirmed at the same moment accounts of their own', async () => {
    const h = await sim();
    const codes = await Promise.all([1, 2, 3, 4].map(() => h.gateway.startQrLogin()));
    const confirmed = await Promise.all(codes.map((qr) => h.sim.scan(qr.loginId, true)));
    await h.sim.idle();
    const wxids = confirmed.map((c) => c.wxid);
    expect(new Set(wxids).size).toBe(4);
    expect(
      h
        .of('qrConfirmed')
        .map((e) => e.wxid)
        .sort(),
    ).toEqual([...wxids].sort());
    expect((await h.sim.listAccounts()).map((a) => a.wxid).sort()).toEqual([...wxids].sort());
    // Each new account has the world of its own seed, not another's.
    for (const w of wxids) expect((await h.gateway.listContacts(w)).length).toBeGreaterThan(0);
  });

  it('rejects bad tunables', async () => {
    const h = await sim();
    expect(await codeOf(h.sim.setConfig({ failRate: 2 }))).toBe('invalid');
    expect(await codeOf(h.sim.setConfig({ deliveryDelayMs: -1 }))).toBe('invalid');
    expect(h.sim.getConfig().failRate).toBe(0);
  });
});

describe('listeners', () => {
  it('may read the new account while handling qrConfirmed', async () => {
    const h = await sim();
    let seen = -1;
    h.gateway.on('qrConfirmed', async (e) => {
      seen = (await h.gateway.listContacts(e.wxid)).length;
    });
    await loginAccount(h);
    expect(seen).toBeGreaterThanOrEqual(50);
  });

  it('delivers the events of one account in order, awaiting each listener', async () => {
    const h = await sim();
    const wxid = await loginAccount(h);
    await h.sim.setConfig({ deliveryDelayMs: 0, readDelayMs: 0 });
    const seen: string[] = [];
    h.gateway.on('sendReceipt', async (e) => {
      await new Promise((r) => setTimeout(r, e.status === 'sent' ? 30 : 0));
      seen.push(e.status);
    });
    const friend = (await h.gateway.listContacts(wxid))[0]!.wxid;
    await h.gateway.send({
      workWxid: wxid,
      peerId: friend,
      talkType: 1,
      requestId: 'ordered',
      message: { kind: 'text', content: 'x' },
    });
    await h.until(() => seen.length === 3);
    expect(seen).toEqual(['sent', 'delivered', 'read']);
  });
});

describe('resume interrupted', () => {
  it('settles when the account is released or the simulator closes while logging in', async () => {
    const h = await sim({ options: { loginDelayMs: 200 } });
    const a = await loginAccount(h);
    const b = await loginAccount(h);
    await h.restart();
    const ra = h.gateway.resume(a);
    const rb = h.gateway.resume(b);
    // Released once its resume holds it (logging in), not after a fixed 20 ms: on a loaded
    // machine the resume had not read the account yet, took it after the release and went online.
    await h.until(() => h.gateway.heldAccounts().includes(a));
    await h.gateway.release(a);
    await ra;
    expect(h.gateway.heldAccounts()).toEqual([b]);
    await h.gateway.close();
    await rb;
    // A fresh simulator on the same database for the harness to close.
    await h.restart();
  });
});
