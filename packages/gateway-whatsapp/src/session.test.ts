import type { LookupFunction } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { SocksProxyAgent } from 'socks-proxy-agent';
import { closeAction } from './disconnect.ts';
import { parseProxy, proxyUrl } from './proxy.ts';
import { GatewayError, waSessions } from './seam.ts';
import { buildWa as build, loginWa, ME, ME_ID, type WaHarness } from './test-support.ts';

let database: TestDatabase;
let h: WaHarness;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(waSessions);
});
afterEach(() => h?.close());
const buildWa = (o: Parameters<typeof build>[0] = {}) => build({ database, ...o });

describe('QR login', () => {
  it('pushes every rotated code with the same loginId, restarts after pairing and confirms', async () => {
    h = await buildWa();
    const started = h.gateway.startQrLogin();
    await h.until(() => h.sockets.length === 1);
    const first = h.sock;
    first.qr('2@code-one');
    const qr = await started;
    expect(qr).toMatchObject({ qrPayload: '2@code-one', status: 'issued', wxid: null });
    expect(qr.expiresAt).toBe(h.clock.t + 60_000);

    h.clock.t += 60_000;
    first.qr('2@code-two');
    await h.until(() => h.of('qrIssued').length === 2);
    expect(h.of('qrIssued')).toEqual([
      { loginId: qr.loginId, qrPayload: '2@code-one', expiresAt: qr.expiresAt },
      { loginId: qr.loginId, qrPayload: '2@code-two', expiresAt: h.clock.t + 20_000 },
    ]);
    expect((await h.gateway.getQrLogin(qr.loginId)).qrPayload).toBe('2@code-two');

    first.pair();
    await h.until(() => h.sockets.length === 2);
    expect(h.of('qrScanned')).toEqual([{ loginId: qr.loginId }]);
    // The 515 restart: a new socket with the same credentials, now paired.
    expect(h.sock.config.auth!.creds.me?.lid).toBe(ME.lid);
    expect(h.of('qrConfirmed')).toEqual([]);

    h.sock.open();
    await h.until(() => h.of('qrConfirmed').length === 1);
    expect(h.of('qrConfirmed')[0]).toMatchObject({
      loginId: qr.loginId,
      wxid: ME_ID,
      nickname: ME.name,
    });
    expect(h.gateway.heldAccounts()).toEqual([ME_ID]);
    await h.until(() => h.of('statusChanged').some((e) => e.status === 'online'));
    expect((await h.gateway.getQrLogin(qr.loginId)).status).toBe('confirmed');
    expect((await h.gateway.getProfile(ME_ID)).alias).toBe('8613800138000');
  });

  it('expires when the codes run out and forgets the half-made session', async () => {
    h = await buildWa();
    const started = h.gateway.startQrLogin();
    await h.until(() => h.sockets.length === 1);
    h.sock.qr('2@only');
    const qr = await started;
    h.sock.close(408, 'QR refs attempts ended');
    await h.until(() => h.of('qrExpired').length === 1);
    expect(h.of('qrExpired')).toEqual([{ loginId: qr.loginId }]);
    expect((await h.gateway.getQrLogin(qr.loginId)).status).toBe('expired');
    const rows = await h.database.db.query.waSessions.findMany();
    expect(rows).toEqual([]);
  });

  it('refuses a re-login scanned by another phone', async () => {
    h = await buildWa();
    const started = h.gateway.startQrLogin({ wxid: '222222222222222@lid' });
    await h.until(() => h.sockets.length === 1);
    h.sock.qr('2@code');
    const qr = await started;
    h.sock.pair();
    await h.until(() => h.sockets.length === 2);
    h.sock.open();
    await h.until(() => h.of('qrFailed').length === 1);
    expect(h.of('qrFailed')[0]!.loginId).toBe(qr.loginId);
    expect(h.sock.calls.map((c) => c.method)).toContain('logout');
    expect(h.gateway.heldAccounts()).toEqual([]);
  });

  it('cancels a pending login without an event', async () => {
    h = await buildWa();
    const started = h.gateway.startQrLogin();
    await h.until(() => h.sockets.length === 1);
    h.sock.qr('2@code');
    const qr = await started;
    await h.gateway.cancelQrLogin(qr.loginId);
    expect(h.sock.ended).toBe(true);
    expect((await h.gateway.getQrLogin(qr.loginId)).status).toBe('cancelled');
    await expect(h.gateway.getQrLogin('nope')).rejects.toMatchObject({ code: 'notFound' });
  });
});

describe('pairing-code login', () => {
  it('asks WhatsApp for a code once the socket is ready; the same events as a QR login follow', async () => {
    h = await buildWa();
    const started = h.gateway.startPairingLogin({ phone: '+86 138-0013-8000' });
    await h.until(() => h.sockets.length === 1);
    const first = h.sock;
    first.qr('2@code-one');
    const login = await started;
    expect(login).toMatchObject({ status: 'issued', qrPayload: '', wxid: null });
    expect(login.pairingCode).toMatch(/^[0-9A-Z]{8}$/);
    expect(first.calls.filter((c) => c.method === 'requestPairingCode')).toEqual([
      { method: 'requestPairingCode', args: ['8613800138000'] },
    ]);
    // Rotating QR codes keep the login alive but show nothing and ask for no new code.
    first.qr('2@code-two');
    await h.settle();
    expect(h.of('qrIssued')).toEqual([]);
    expect(first.calls.filter((c) => c.method === 'requestPairingCode')).toHaveLength(1);
    expect(await h.gateway.getQrLogin(login.loginId)).toMatchObject({
      pairingCode: login.pairingCode,
      qrPayload: '',
    });

    first.pair();
    await h.until(() => h.sockets.length === 2);
    expect(h.of('qrScanned')).toEqual([{ loginId: login.loginId }]);
    h.sock.open();
    await h.until(() => h.of('qrConfirmed').length === 1);
    expect(h.of('qrConfirmed')[0]).toMatchObject({ loginId: login.loginId, wxid: ME_ID });
    expect(h.gateway.heldAccounts()).toEqual([ME_ID]);
  });

  it('refuses a malformed number before connecting', async () => {
    h = await buildWa();
    for (const phone of ['', '12', 'abc12345678', '+0086138']) {
      await expect(h.gateway.startPairingLogin({ phone })).rejects.toMatchObject({
        code: 'invalid',
      });
    }
    expect(h.sockets).toEqual([]);
  });

  it('fails the login when WhatsApp refuses the code, and forgets the session', async () => {
    h = await buildWa();
    const started = h.gateway.startPairingLogin({ phone: '8613800138000' });
    await h.until(() => h.sockets.length === 1);
    h.sock.failPairing = new Error('bad-request');
    h.sock.qr('2@code');
    await expect(started).rejects.toMatchObject({ code: 'failed' });
    await h.until(() => h.of('qrFailed').length === 1);
    expect(h.sock.ended).toBe(true);
    expect(await h.database.db.query.waSessions.findMany()).toEqual([]);
  });

  it('expires when the codes run out, as a QR login does', async () => {
    h = await buildWa();
    const started = h.gateway.startPairingLogin({ phone: '8613800138000' });
    await h.until(() => h.sockets.length === 1);
    h.sock.qr('2@code');
    const login = await started;
    h.sock.close(408, 'QR refs attempts ended');
    await h.until(() => h.of('qrExpired').length === 1);
    expect((await h.gateway.getQrLogin(login.loginId)).status).toBe('expired');
  });
});

describe('sessions', () => {
  it('resumes from the rows alone after a restart', async () => {
    h = await buildWa();
    await loginWa(h);
    await h.restart();
    expect(h.gateway.heldAccounts()).toEqual([]);
    await expect(h.gateway.getProfile(ME_ID)).rejects.toMatchObject({ code: 'notHeld' });
    const n = h.sockets.length;
    await h.gateway.resume(ME_ID);
    expect(h.sockets.length).toBe(n + 1);
    expect(h.sock.config.auth!.creds.me).toEqual(expect.objectContaining({ lid: ME.lid }));
    h.sock.open();
    await h.until(() => h.of('statusChanged').filter((e) => e.status === 'online').length === 2);
    const statuses = h.of('statusChanged').map((e) => e.status);
    expect(statuses.slice(-2)).toEqual(['autoLoggingIn', 'online']);
  });

  it('logs out: unlinks on the phone, deletes the rows, then needs a QR login', async () => {
    h = await buildWa();
    await loginWa(h);
    await h.gateway.logout(ME_ID);
    expect(h.sock.calls.map((c) => c.method)).toContain('logout');
    expect(await h.database.db.query.waSessions.findMany()).toEqual([]);
    expect(await h.database.db.query.waSessionKeys.findMany()).toEqual([]);
    expect(h.of('statusChanged').at(-1)).toMatchObject({ status: 'notLoggedIn' });
    expect(h.gateway.heldAccounts()).toEqual([]);
    await expect(h.gateway.resume(ME_ID)).rejects.toMatchObject({ code: 'noSession' });
  });

  it('releases without touching the phone and without reconnecting', async () => {
    h = await buildWa();
    await loginWa(h);
    const sock = h.sock;
    const n = h.sockets.length;
    await h.gateway.release(ME_ID);
    expect(sock.ended).toBe(true);
    expect(sock.calls.map((c) => c.method)).not.toContain('logout');
    sock.close(428);
    await h.settle();
    expect(h.sockets.length).toBe(n);
    expect(await h.database.db.query.waSessions.findMany()).toHaveLength(1);
  });
});

describe('memory', () => {
  it('caps the sockets connecting at once; the rest wait their turn', async () => {
    h = await buildWa({ options: { maxConnecting: 1 } });
    const a = h.gateway.startQrLogin();
    await h.until(() => h.sockets.length === 1);
    const b = h.gateway.startQrLogin();
    await h.settle();
    expect(h.sockets.length).toBe(1);
    h.sockets[0]!.qr('2@a');
    await a;
    await h.until(() => h.sockets.length === 2);
    h.sockets[1]!.qr('2@b');
    expect((await b).qrPayload).toBe('2@b');
  });
});

describe('disconnects', () => {
  it.each([
    [515, 'restart'],
    [401, 'drop', 'kickedOut'],
    [403, 'stop', 'banned'],
    [402, 'stop', 'banned'],
    [406, 'stop', 'banned'],
    [440, 'release'],
    [411, 'stop', 'loginFailed'],
    [408, 'retry', 'offline'],
    [428, 'retry', 'offline'],
    [500, 'retry', 'offline'],
    [503, 'retry', 'offline'],
    [undefined, 'retry', 'offline'],
  ] as [number | undefined, string, string?][])('code %s → %s %s', (code, kind, status) => {
    const a = closeAction(code, 'Connection Failure', { everOpened: true, hasProxy: false });
    expect(a.kind).toBe(kind);
    if (status) expect(a).toMatchObject({ status });
  });

  it('tells a dead proxy before the socket ever opened', () => {
    const ctx = { everOpened: false, hasProxy: true };
    expect(closeAction(500, 'WebSocket Error (socks)', ctx)).toMatchObject({
      status: 'proxyFailed',
    });
    expect(closeAction(500, 'WebSocket Error (socks)', { ...ctx, hasProxy: false })).toMatchObject({
      status: 'offline',
    });
  });

  it('401: kicked out, the session rows deleted', async () => {
    h = await buildWa();
    await loginWa(h);
    h.sock.close(401, 'Connection Failure');
    await h.until(() => h.of('statusChanged').some((e) => e.status === 'kickedOut'));
    expect(await h.database.db.query.waSessions.findMany()).toEqual([]);
    expect(h.gateway.heldAccounts()).toEqual([]);
  });

  it('440: another holder took the session; released quietly, never reconnecting', async () => {
    h = await buildWa();
    await loginWa(h);
    const n = h.sockets.length;
    const before = h.events.length;
    h.sock.close(440, 'Stream Errored (conflict)');
    await h.until(() => h.gateway.heldAccounts().length === 0);
    await h.settle();
    expect(h.sockets.length).toBe(n);
    expect(h.events.slice(before)).toEqual([]);
    expect(await h.database.db.query.waSessions.findMany()).toHaveLength(1);
  });

  it('drops: offline, back off, reconnect, online; gives up after the retry cap', async () => {
    h = await buildWa({ options: { maxRetries: 2 } });
    await loginWa(h);
    const n = h.sockets.length;
    h.sock.close(428, 'Connection Closed');
    await h.until(() => h.sockets.length === n + 1);
    h.sock.open();
    await h.until(() => h.of('statusChanged').filter((e) => e.status === 'online').length === 2);
    expect(
      h
        .of('statusChanged')
        .map((e) => e.status)
        .slice(-3),
    ).toEqual(['offline', 'autoLoggingIn', 'online']);
    // It stayed up a while: the next drop starts counting again.
    h.clock.t += 61_000;
    // Drops without ever opening again: two retries, then it stays offline.
    h.sock.close(408);
    await h.until(() => h.sockets.length === n + 2);
    h.sock.close(408);
    await h.until(() => h.sockets.length === n + 3);
    h.sock.close(408);
    await h.until(() => /已重试 2 次/.test(h.of('statusChanged').at(-1)!.reason));
    await h.settle();
    expect(h.sockets.length).toBe(n + 3);
    expect(h.of('statusChanged').at(-1)!.status).toBe('offline');
    await expect(
      h.gateway.send({
        workWxid: ME_ID,
        peerId: 'x@lid',
        talkType: 1,
        requestId: 'r',
        message: { kind: 'text', content: 'hi' },
      }),
    ).rejects.toBeInstanceOf(GatewayError);
  });
});

describe('no reconnect loops', () => {
  let h: WaHarness;
  afterEach(() => h.close());

  it('a connection that opens and drops at once keeps counting and stops at the cap', async () => {
    h = await buildWa({ options: { maxRetries: 3 } });
    await loginWa(h);
    const n = h.sockets.length;
    // The server lets it in and throws it out, again and again (a flapping session).
    for (let i = 1; i <= 3; i++) {
      h.sock.close(428, 'Connection Closed');
      await h.until(() => h.sockets.length === n + i);
      h.sock.open();
      await h.settle();
    }
    h.sock.close(428, 'Connection Closed');
    await h.until(() => /已重试 3 次/.test(h.of('statusChanged').at(-1)!.reason));
    await new Promise((r) => setTimeout(r, 50));
    expect(h.sockets.length).toBe(n + 3);
    expect(h.of('statusChanged').at(-1)!.status).toBe('offline');
  });

  it.each([
    [401, 'kickedOut'],
    [402, 'banned'],
    [403, 'banned'],
    [406, 'banned'],
    [411, 'loginFailed'],
  ])('a permanent failure (%i → %s) never reconnects', async (code, status) => {
    h = await buildWa();
    await loginWa(h);
    const n = h.sockets.length;
    h.sock.close(code);
    await h.until(() => h.of('statusChanged').at(-1)?.status === status);
    await new Promise((r) => setTimeout(r, 50));
    expect(h.sockets.length).toBe(n);
  });
});

describe('proxies', () => {
  it('parses SPEC proxies, a password with colons included', () => {
    expect(parseProxy('10.0.0.1:1080:user:pa:ss')).toEqual({
      host: '10.0.0.1',
      port: 1080,
      username: 'user',
      password: 'pa:ss',
    });
    expect(parseProxy('10.0.0.1:1080')).toMatchObject({ username: '', password: '' });
    expect(parseProxy('10.0.0.1:99999:u:p')).toBeNull();
    expect(parseProxy('nohost')).toBeNull();
    expect(proxyUrl(parseProxy('h:1:u@x:p/w')!)).toBe('socks5h://u%40x:p%2Fw@h:1');
  });

  it('puts the proxy on the websocket, uploads and downloads; resume takes the current one', async () => {
    h = await buildWa();
    await expect(h.gateway.startQrLogin({ proxy: 'bad' })).rejects.toMatchObject({
      code: 'invalid',
    });
    const started = h.gateway.startQrLogin({ proxy: '10.0.0.1:1080:user:pa:ss' });
    await h.until(() => h.sockets.length === 1);
    const config = h.sock.config;
    expect(config.agent).toBeInstanceOf(SocksProxyAgent);
    expect(config.fetchAgent).toBe(config.agent);
    expect((config.agent as SocksProxyAgent).proxy).toMatchObject({
      host: '10.0.0.1',
      port: 1080,
      userId: 'user',
      password: 'pa:ss',
    });
    expect(config.options).toHaveProperty('dispatcher');
    h.sock.qr('2@code');
    await started;
    h.sock.pair();
    await h.until(() => h.sockets.length === 2);
    expect((h.sock.config.agent as SocksProxyAgent).proxy.host).toBe('10.0.0.1');
    h.sock.open();
    await h.until(() => h.gateway.heldAccounts().includes(ME_ID));

    await h.restart();
    await h.gateway.resume(ME_ID, { proxy: '10.0.0.2:1081:u2:p2' });
    expect((h.sock.config.agent as SocksProxyAgent).proxy.host).toBe('10.0.0.2');
    const [row] = await database.db.select().from(waSessions);
    expect(row!.proxy).toBe('10.0.0.2:1081:u2:p2');
    await h.restart();
    await h.gateway.resume(ME_ID, { proxy: null });
    expect(h.sock.config.agent).toBeUndefined();
  });

  it('resolves and checks the proxy host at every connect through the lookup it is given', async () => {
    // The server passes its outbound guard (platform/outbound.ts); this one plays it.
    const asked: string[] = [];
    const lookup = ((host: string, _o: unknown, cb: (...a: unknown[]) => void) => {
      asked.push(host);
      if (host === 'proxy.example') return cb(null, '198.18.0.5', 4);
      cb(
        Object.assign(new Error(`outbound connection refused: ${host}`), {
          code: 'EOUTBOUNDREFUSED',
        }),
      );
    }) as unknown as LookupFunction;
    h = await buildWa({ options: { proxyLookup: lookup } });

    // A refused host: the login fails at once with a plain reason; no socket is opened.
    await expect(h.gateway.startQrLogin({ proxy: '127.0.0.1:18497:u:p' })).rejects.toMatchObject({
      code: 'failed',
      message: '代理地址不可用',
    });
    expect(h.sockets).toHaveLength(0);
    expect(h.of('qrFailed')).toEqual([{ loginId: expect.any(String), message: '代理地址不可用' }]);

    // A name: resolved by the lookup; the sockets connect to the address it answered.
    const started = h.gateway.startQrLogin({ proxy: 'proxy.example:1080:u:p' });
    await h.until(() => h.sockets.length === 1);
    expect((h.sock.config.agent as SocksProxyAgent).proxy.host).toBe('198.18.0.5');
    h.sock.qr('2@code');
    await started;
    h.sock.pair();
    await h.until(() => h.sockets.length === 2);
    expect(asked).toEqual(['127.0.0.1', 'proxy.example', 'proxy.example']);
    h.sock.open();
    await h.until(() => h.gateway.heldAccounts().includes(ME_ID));

    // Resumed with a refused proxy: proxy-failed with the plain reason, no socket.
    await h.restart();
    const before = h.sockets.length;
    await h.gateway.resume(ME_ID, { proxy: '10.0.0.5:1080:u:p' });
    await h.until(() => h.of('statusChanged').some((e) => e.status === 'proxyFailed'));
    expect(h.sockets.length).toBe(before);
    expect(h.of('statusChanged').at(-1)).toMatchObject({
      status: 'proxyFailed',
      reason: '代理地址不可用',
    });
    expect(JSON.stringify(h.events)).not.toContain('10.0.0.5');
    // Given a usable proxy, the next resume connects again.
    await h.gateway.resume(ME_ID, { proxy: 'proxy.example:1080:u:p' });
    expect(h.sockets.length).toBe(before + 1);
  });

  it('retries a proxy name that does not resolve, like a proxy that does not answer', async () => {
    let asked = 0;
    const lookup = ((host: string, _o: unknown, cb: (...a: unknown[]) => void) => {
      asked++;
      if (host === 'proxy.example') return cb(null, '198.18.0.5', 4);
      cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
    }) as unknown as LookupFunction;
    h = await buildWa({ options: { proxyLookup: lookup } });
    await loginWa(h);
    await h.restart();
    const before = h.sockets.length;
    await h.gateway.resume(ME_ID, { proxy: 'gone.example:1080:u:p' });
    await h.until(() => asked >= 3);
    expect(h.sockets.length).toBe(before);
    expect(h.of('statusChanged').find((e) => e.status === 'proxyFailed')).toMatchObject({
      reason: '代理连接失败',
    });
  });

  it('tells a login that failed on the network plainly (the cause goes to the log)', async () => {
    h = await buildWa();
    const started = h.gateway.startQrLogin({ proxy: '10.0.0.1:1080:u:p' });
    await h.until(() => h.sockets.length === 1);
    h.sock.qr('2@code');
    await started;
    h.sock.close(500, 'WebSocket Error (connect ECONNREFUSED 127.0.0.1:18497)');
    await h.until(() => h.of('qrFailed').length === 1);
    expect(h.of('qrFailed')[0]!.message).toBe('代理连接失败');
  });
});
