import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { captchas, loginRecords, rateLimits, users, verifyCodes } from '../src/db/schema/index.ts';
import { AUTH_CLEANUP_INTERVAL_MS, cleanUpSignIn } from '../src/modules/auth/auth-cleanup.job.ts';
import { makeCaptcha, randomCaptchaText } from '../src/modules/auth/captcha.ts';
import {
  VerifyCodeService,
  VERIFY_CODE_MAX_ATTEMPTS,
} from '../src/modules/auth/verify-code.service.ts';
import { API_DOCS_CSP } from '../src/platform/security-headers.ts';
import { api } from './api.ts';
import { freePort, killChildren, spawnServer } from './child-server.ts';
import {
  createPgDatabase,
  DB_KIND,
  dropPgDatabase,
  login,
  nextIp,
  TEST_PASSWORD,
  type TestContext,
  useTestServer,
} from './support.ts';

const svgOf = (img: string) =>
  Buffer.from(img.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString();

const INLINE = 'window.preloaded = 1;';
const INLINE_SHA = createHash('sha256').update(INLINE).digest('base64');

describe('security headers', () => {
  let web: string;
  beforeAll(() => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'cst-web-'));
    fs.writeFileSync(
      path.join(web, 'index.html'),
      `<!doctype html><script>${INLINE}</script><title>console</title>`,
    );
  });
  const ctx = useTestServer(() => ({ webDist: web }));
  const proxied = useTestServer(() => ({ webDist: web, trustProxy: 1 }));

  const expectHeaders = (h: Record<string, unknown>, what: string) => {
    const csp = String(h['content-security-policy']);
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("object-src 'none'");
    expect(csp, what).toContain("base-uri 'none'");
    expect(csp, what).toContain("img-src 'self' data: blob:");
    // Only the index's own inline script, by its hash.
    expect(csp, what).toContain(`script-src 'self' 'sha256-${INLINE_SHA}';`);
    expect(csp, what).toMatch(
      /connect-src 'self' ws:\/\/console\.test:8080 wss:\/\/console\.test:8080/,
    );
    expect(h['x-frame-options'], what).toBe('DENY');
    expect(h['referrer-policy'], what).toBe('no-referrer');
    expect(h['x-content-type-options'], what).toBe('nosniff');
    expect(String(h['permissions-policy']), what).toContain('camera=()');
    expect(h['strict-transport-security'], what).toBeUndefined();
  };

  it('are on the SPA, its fallback, an API answer, an error and a 404', async () => {
    const host = { host: 'console.test:8080' };
    const cases: [string, string, number][] = [
      ['spa', '/', 200],
      ['spa fallback', '/some/page', 200],
      ['api', '/healthz', 200],
      ['api 401', '/system-api/auth/me', 401],
      ['api 404', '/main-api/no/such/route', 404],
      ['bad input', '/system-api/code?username=%00', 400],
    ];
    for (const [what, url, status] of cases) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: host });
      expect(res.statusCode, what).toBe(status);
      expectHeaders(res.headers, what);
    }
  });

  it('adds HSTS only for https through a trusted proxy', async () => {
    const direct = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await proxied.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.9' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const plain = await proxied.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-proto': 'http', 'x-forwarded-for': '198.51.100.9' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('gives the API docs their own policy, still not frameable', async () => {
    // The docs answer a signed-in user only; the refusal carries the headers too.
    const refused = await ctx.app.inject({ method: 'GET', url: '/api-docs/' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-frame-options']).toBe('DENY');
    const { headers } = await login(ctx, 'demo');
    const page = await ctx.app.inject({ method: 'GET', url: '/api-docs/', headers });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(API_DOCS_CSP);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const json = await ctx.app.inject({ method: 'GET', url: '/api-docs/json', headers });
    expect(json.statusCode).toBe(200);
  });
});

describe('client address behind a proxy', () => {
  const hop = useTestServer({ trustProxy: 1 });
  const listed = useTestServer({ trustProxy: ['10.0.0.0/8'] });

  const attempt = (ctx: TestContext, remoteAddress: string, xff: string, username: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/system-api/auth/login',
      remoteAddress,
      headers: { 'x-forwarded-for': xff },
      payload: { username, password: 'wrong-pass' },
    });

  it('a client cannot reset the per-address limit by writing X-Forwarded-For', async () => {
    for (const ctx of [hop, listed]) {
      // The proxy (10.0.0.1) appends the address it saw (198.51.100.7) to what the client sent.
      for (let i = 0; i < 10; i++) {
        const spoof = `203.0.113.${i + 1}, 192.0.2.${i + 1}`;
        const res = await attempt(ctx, '10.0.0.1', `${spoof}, 198.51.100.7`, `spoof${i}`);
        expect(res.statusCode).toBe(400);
      }
      const blocked = await attempt(ctx, '10.0.0.1', '203.0.113.99, 198.51.100.7', 'spoofx');
      expect(blocked.statusCode).toBe(429);
      const seen = await ctx.deps.db
        .selectDistinct({ ip: loginRecords.ip })
        .from(loginRecords)
        .where(sql`${loginRecords.username} like 'spoof%'`);
      expect(seen).toEqual([{ ip: '198.51.100.7' }]);
    }
  });

  it('a direct client that is not a listed proxy is its socket address', async () => {
    const res = await attempt(listed, '198.51.100.50', '10.1.1.1', 'direct1');
    expect(res.statusCode).toBe(400);
    const rows = await listed.deps.db
      .select({ ip: loginRecords.ip })
      .from(loginRecords)
      .where(eq(loginRecords.username, 'direct1'));
    expect(rows).toEqual([{ ip: '198.51.100.50' }]);
  });
});

describe('per-username back-off and captcha', () => {
  const ctx = useTestServer();
  beforeAll(async () => {
    ctx.deps.captchaText = () => 'HJKW';
  });

  /** A login from a new address each time, with a fresh captcha (answer HJKW). */
  const tryLogin = async (username: string, password: string, lang?: 'en') => {
    const ip = nextIp();
    const cap = await api(ctx, 'GET', '/system-api/code', { ip });
    return api(ctx, 'POST', '/system-api/auth/login', {
      body: { username, password, code: 'hjkw', uuid: cap.data.uuid },
      ip,
      lang,
    });
  };

  it('waits after 5 wrong passwords whatever the address, longer each time, until a good one', async () => {
    // The clock stands still between steps: the waits are exact.
    const clock = ctx.deps.now;
    let t = clock();
    ctx.deps.now = () => t;
    try {
      for (let i = 0; i < 5; i++) {
        expect((await tryLogin('Demo-Seat1', 'wrong-pass')).msg).toBe('账号或密码错误');
      }
      const locked = await tryLogin('demo-seat1', TEST_PASSWORD);
      expect(locked).toMatchObject({
        status: 429,
        msg: '该账号登录失败次数过多，请 30 秒后再试',
        data: { retryAfter: 30 },
      });
      const en = await tryLogin('demo-seat1', TEST_PASSWORD, 'en');
      expect(en.msg).toBe('Too many failed sign-ins for this account, try again in 30 s');
      // Refused attempts during the wait do not count as failures.
      t += 31_000;
      expect((await tryLogin('demo-seat1', 'wrong-pass')).status).toBe(400);
      const longer = await tryLogin('demo-seat1', TEST_PASSWORD);
      expect(longer).toMatchObject({ status: 429, msg: '该账号登录失败次数过多，请 1 分钟后再试' });
      t += 61_000;
      expect((await tryLogin('demo-seat1', TEST_PASSWORD)).status).toBe(200);
      // A good sign-in starts the count again.
      expect((await tryLogin('demo-seat1', 'wrong-pass')).status).toBe(400);
      expect((await tryLogin('demo-seat1', TEST_PASSWORD)).status).toBe(200);
      // Other usernames are not touched; unknown ones back off alike (no hint of existence).
      for (let i = 0; i < 5; i++) await tryLogin('no-such-user', 'wrong-pass');
      expect((await tryLogin('no-such-user', 'x')).status).toBe(429);
      expect((await tryLogin('demo-seat2', TEST_PASSWORD)).status).toBe(200);
    } finally {
      ctx.deps.now = clock;
    }
  });

  it('draws the answer as paths: no <text>, none of its characters in the markup', async () => {
    const cap = await api(ctx, 'GET', '/system-api/code', { ip: nextIp() });
    const svg = svgOf(cap.data.img);
    expect(svg).toMatch(/^<svg [^>]*>/);
    expect(svg).not.toMatch(/<text/i);
    expect(svg.replace(/<[^>]*>/g, '')).toBe('');
    // H, J, K and W appear nowhere in an SVG of paths (commands are M L Q C Z).
    expect(svg).not.toMatch(/[HJKW]/);
    expect(svg.match(/<path /g)?.length).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < 30; i++) {
      const text = randomCaptchaText();
      expect(text).toMatch(/^[A-Z2-9]{4}$/);
      const markup = svgOf(makeCaptcha(text).img);
      // Only elements, no text nodes (digits and M L Q C Z may occur inside path data).
      expect(markup.replace(/<[^>]*>/g, '')).toBe('');
      expect(markup).not.toMatch(/<text/i);
      const letters = [...text].filter((c) => /[A-Z]/.test(c) && !'BMLQCZ'.includes(c));
      for (const c of letters) expect(markup).not.toContain(c);
    }
  });

  it('limits new captchas per address', async () => {
    const ip = nextIp();
    const now = ctx.deps.now;
    const at = now();
    ctx.deps.now = () => at;
    try {
      for (let i = 0; i < 30; i++) {
        expect((await api(ctx, 'GET', '/system-api/code', { ip })).status).toBe(200);
      }
      const over = await api(ctx, 'GET', '/system-api/code', { ip });
      expect(over).toMatchObject({ status: 429, msg: '操作过于频繁，请 1 分钟后再试' });
      expect((await api(ctx, 'GET', '/system-api/code', { ip: nextIp() })).status).toBe(200);
      ctx.deps.now = () => at + 30_500;
      const later = await api(ctx, 'GET', '/system-api/code', { ip, lang: 'en' });
      expect(later.msg).toBe('Too many requests, try again in 30 s');
      ctx.deps.now = () => at + 60_000;
      expect((await api(ctx, 'GET', '/system-api/code', { ip })).status).toBe(200);
    } finally {
      ctx.deps.now = now;
    }
  });
});

describe('verification codes: guesses, enumeration, limits', () => {
  const ctx = useTestServer();
  let logSpy: MockInstance;
  beforeAll(async () => {
    logSpy = vi.spyOn(ctx.deps.log, 'info');
    await ctx.deps.db
      .update(users)
      .set({ contact: 'known@example.com' })
      .where(eq(users.username, 'demo-seat2'));
    await ctx.deps.db
      .update(users)
      .set({ contact: 'known2@example.com' })
      .where(eq(users.username, 'demo-sup'));
    await ctx.deps.db
      .update(users)
      .set({ contact: 'burst@example.com' })
      .where(eq(users.username, 'demo-seat1'));
  });

  const delivered = (target: string) =>
    logSpy.mock.calls.filter((c) => (c[0] as { target?: string } | undefined)?.target === target)
      .length;

  /** Runs `fn` with the clock stopped at the current time (answers carry times). */
  const frozen = async <T>(fn: () => Promise<T>): Promise<T> => {
    const now = ctx.deps.now;
    const at = now();
    ctx.deps.now = () => at;
    try {
      return await fn();
    } finally {
      ctx.deps.now = now;
    }
  };

  it('compares at most 5 guesses of a code, however many run at once', async () => {
    let code = '';
    const service = new VerifyCodeService(ctx.deps, {
      send: async (_target, _scene, c) => void (code = c),
    });
    await service.send({ target: 'race@example.com', scene: 'register' }, nextIp());
    await vi.waitFor(() => expect(code).toMatch(/^\d{6}$/));
    const wrong = code === '000000' ? '000001' : '000000';
    const guesses = await Promise.allSettled(
      Array.from({ length: 300 }, () => service.check('race@example.com', 'register', wrong)),
    );
    expect(guesses.every((g) => g.status === 'rejected')).toBe(true);
    await expect(service.check('race@example.com', 'register', code)).rejects.toMatchObject({
      key: 'codeWrong',
    });
    const rows = await ctx.deps.db
      .select({ attempts: verifyCodes.attempts })
      .from(verifyCodes)
      .where(eq(verifyCodes.target, 'race@example.com'));
    expect(rows).toEqual([{ attempts: VERIFY_CODE_MAX_ATTEMPTS }]);
  });

  it('refuses a burst of 300 wrong codes over HTTP, then the right one; 5 guesses at most', async () => {
    const target = 'burst@example.com';
    await api(ctx, 'POST', '/api/v1/auth/send-verify-code', {
      body: { target, scene: 'forget' },
      ip: nextIp(),
    });
    const code = logSpy.mock.calls
      .map((c) => c[0] as { target?: string; code?: string } | undefined)
      .filter((c) => c?.target === target)
      .at(-1)?.code;
    if (!code) throw new Error(`no code logged for ${target}`);
    const wrong = code === '000000' ? '000001' : '000000';
    const burst = await Promise.all(
      Array.from({ length: 300 }, () =>
        api(ctx, 'POST', '/api/v1/auth/forget', {
          body: { target, code: wrong, password: 'another1' },
          ip: nextIp(),
        }),
      ),
    );
    // Refused by the code (its 5 guesses) or by the per-target limit; never a success.
    expect(burst.every((r) => r.status === 400 || r.status === 429)).toBe(true);
    expect(burst.filter((r) => r.status === 400).length).toBeLessThanOrEqual(10);
    const right = await api(ctx, 'POST', '/api/v1/auth/forget', {
      body: { target, code, password: 'another1' },
      ip: nextIp(),
    });
    expect([400, 429]).toContain(right.status);
    const rows = await ctx.deps.db
      .select({ attempts: verifyCodes.attempts, usedAt: verifyCodes.usedAt })
      .from(verifyCodes)
      .where(eq(verifyCodes.target, target));
    expect(rows).toEqual([{ attempts: VERIFY_CODE_MAX_ATTEMPTS, usedAt: null }]);
  });

  it('answers send-verify-code alike for known and unknown targets, delivering only usable codes', async () => {
    const send = (target: string, scene: 'register' | 'forget') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/send-verify-code',
        payload: { target, scene },
        remoteAddress: nextIp(),
      });
    const [known, unknown] = await frozen(async () => [
      await send('known@example.com', 'forget'),
      await send('unknown@example.com', 'forget'),
    ]);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.statusCode).toBe(200);
    expect(delivered('known@example.com')).toBe(1);
    expect(delivered('unknown@example.com')).toBe(0);
    // The per-target minute applies to both alike.
    const [again1, again2] = await frozen(async () => [
      await send('known@example.com', 'forget'),
      await send('unknown@example.com', 'forget'),
    ]);
    expect(again1.statusCode).toBe(429);
    expect(again2.body).toBe(again1.body);

    const [taken, free] = await frozen(async () => [
      await send('known2@example.com', 'register'),
      await send('free2@example.com', 'register'),
    ]);
    expect(free.statusCode).toBe(200);
    expect(taken.body).toBe(free.body);
    expect(delivered('known2@example.com')).toBe(0);
    expect(delivered('free2@example.com')).toBe(1);
  });

  it('register checks the code before saying the username is taken', async () => {
    const body = (username: string, target: string, code: string) => ({
      username,
      password: 'newpass1',
      nickname: '老板',
      tenantName: '公司',
      target,
      code,
    });
    const ip = nextIp();
    const takenName = await api(ctx, 'POST', '/api/v1/auth/register', {
      body: body('demo', 'someone@example.com', '123456'),
      ip,
    });
    const freeName = await api(ctx, 'POST', '/api/v1/auth/register', {
      body: body('fresh-name', 'someone@example.com', '123456'),
      ip,
    });
    expect(takenName).toEqual(freeName);
    expect(takenName).toMatchObject({ status: 400, msg: '验证码错误或已过期' });
    // With a good code the name is checked, and the code stays usable for another name.
    await api(ctx, 'POST', '/api/v1/auth/send-verify-code', {
      body: { target: 'owner9@example.com', scene: 'register' },
      ip,
    });
    const code = logSpy.mock.calls
      .map((c) => c[0] as { target?: string; code?: string } | undefined)
      .filter((c) => c?.target === 'owner9@example.com')
      .at(-1)?.code;
    if (!code) throw new Error('no code logged for owner9@example.com');
    const taken = await api(ctx, 'POST', '/api/v1/auth/register', {
      body: body('demo', 'owner9@example.com', code),
      ip,
    });
    expect(taken).toMatchObject({ status: 409, msg: '账号已存在' });
    const ok = await api(ctx, 'POST', '/api/v1/auth/register', {
      body: body('owner-nine', 'owner9@example.com', code),
      ip,
    });
    expect(ok.status).toBe(200);
  });

  it('says how long to wait before another code to the same target, and gives the seconds', async () => {
    const send = (lang?: 'en') =>
      api(ctx, 'POST', '/api/v1/auth/send-verify-code', {
        body: { target: 'soon@example.com', scene: 'register' },
        ip: nextIp(),
        ...(lang ? { lang } : {}),
      });
    const [first, again, en] = await frozen(async () => [
      await send(),
      await send(),
      await send('en'),
    ]);
    expect(first.status).toBe(200);
    expect(again).toMatchObject({
      status: 429,
      msg: '验证码发送过于频繁，请 60 秒后再试',
      data: { retryAfter: 60 },
    });
    expect(en.msg).toBe('A code was sent a moment ago, ask again in 60 s');
  });

  it('answers 429 past the limits per address and per target', async () => {
    const ip = nextIp();
    const sends = await frozen(async () => {
      for (let i = 0; i < 10; i++) {
        const r = await api(ctx, 'POST', '/api/v1/auth/send-verify-code', {
          body: { target: `spray${i}@example.com`, scene: 'register' },
          ip,
        });
        expect(r.status).toBe(200);
      }
      return api(ctx, 'POST', '/api/v1/auth/send-verify-code', {
        body: { target: 'spray-x@example.com', scene: 'register' },
        ip,
        lang: 'en',
      });
    });
    expect(sends).toMatchObject({
      status: 429,
      msg: 'Too many requests, try again in 60 min',
      data: { retryAfter: 3600 },
    });

    const forget = (from: string) =>
      api(ctx, 'POST', '/api/v1/auth/forget', {
        body: { target: 'known@example.com', code: '000000', password: 'another1' },
        ip: from,
      });
    const perTarget = await frozen(async () => {
      for (let i = 0; i < 10; i++) expect((await forget(nextIp())).status).toBe(400);
      return forget(nextIp());
    });
    expect(perTarget).toMatchObject({ status: 429, msg: '操作过于频繁，请 60 分钟后再试' });

    const regIp = nextIp();
    const register = (target: string) =>
      api(ctx, 'POST', '/api/v1/auth/register', {
        body: {
          username: 'someone',
          password: 'newpass1',
          nickname: 'x',
          tenantName: 'x',
          target,
          code: '000000',
        },
        ip: regIp,
      });
    for (let i = 0; i < 10; i++) expect((await register(`r${i}@example.com`)).status).toBe(400);
    expect((await register('r-x@example.com')).status).toBe(429);
    const start = ctx.clock.offset;
    ctx.clock.offset += 3600_000;
    try {
      expect((await register('r-y@example.com')).status).toBe(400);
    } finally {
      ctx.clock.offset = start;
    }
  });
});

describe('sign-in clean-up job', () => {
  const ctx = useTestServer({ loginRecordRetentionMs: 30 * 86400_000 });

  it('deletes expired captchas, old codes, ended counters and old login records only', async () => {
    const db = ctx.deps.db;
    // The rows are laid out around a time one period ahead; then the clock moves there, so the
    // scheduler's next hourly run (this test's drain, or its own round) is due and sees them.
    const step = AUTH_CLEANUP_INTERVAL_MS + 1000;
    const now = ctx.deps.now() + step;
    const at = (ms: number) => new Date(now + ms);
    const DAY = 86400_000;
    await db.insert(captchas).values([
      { codeHash: 'old', expiresAt: at(-1000) },
      { codeHash: 'live', expiresAt: at(60_000) },
    ]);
    const code = (target: string, expires: number) => ({
      target,
      scene: 'register',
      codeHash: 'h',
      expiresAt: at(expires),
      createdAt: at(expires - 600_000),
    });
    await db
      .insert(verifyCodes)
      .values([
        code('gone@x.com', -2 * DAY),
        code('recent@x.com', -3600_000),
        code('live@x.com', 60_000),
      ]);
    await db.insert(rateLimits).values([
      { key: 'ended', count: 3, resetAt: at(-1000) },
      { key: 'running', count: 3, resetAt: at(60_000) },
    ]);
    const record = (username: string, age: number) => ({
      username,
      ip: '10.0.0.1',
      agent: '',
      address: 'LAN',
      success: false,
      reason: 'wrong credentials',
      createdAt: at(-age),
    });
    await db
      .insert(loginRecords)
      .values([record('old-user', 31 * DAY), record('kept-user', 29 * DAY)]);

    // It runs as periodic work on the scheduler.
    ctx.clock.offset += step;
    await ctx.deps.scheduler.drain();

    expect((await db.select({ h: captchas.codeHash }).from(captchas)).map((r) => r.h)).toEqual([
      'live',
    ]);
    const targets = (await db.select({ t: verifyCodes.target }).from(verifyCodes))
      .map((r) => r.t)
      .sort();
    expect(targets).toEqual(['live@x.com', 'recent@x.com']);
    expect((await db.select({ k: rateLimits.key }).from(rateLimits)).map((r) => r.k)).toEqual([
      'running',
    ]);
    const names = (
      await db
        .select({ u: loginRecords.username })
        .from(loginRecords)
        .where(sql`${loginRecords.username} like '%-user'`)
    ).map((r) => r.u);
    expect(names).toEqual(['kept-user']);
    // Nothing left to do: a second run deletes nothing.
    expect(await cleanUpSignIn(ctx.deps)).toEqual({
      captchas: 0,
      codes: 0,
      limits: 0,
      loginRecords: 0,
    });
  });
});

describe('first start', () => {
  afterAll(() => killChildren());

  it('prints generated passwords once and never the ones from the environment', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cst-first-'));
    const log = path.join(dir, 'server.log');
    const envSecret = `env-secret-${randomUUID().slice(0, 8)}`;
    const base = process.env.TEST_DATABASE_URL;
    const dbUrl = DB_KIND === 'postgres' && base ? await createPgDatabase(base) : null;
    const db: Record<string, string> = dbUrl ? { DATABASE_URL: dbUrl } : {};
    const { child, url } = await spawnServer(
      { ADMIN_PASSWORD: envSecret, DEMO_PASSWORD: '', DATA_DIR: path.join(dir, 'data'), ...db },
      await freePort(),
      log,
    );
    try {
      const out = fs.readFileSync(log, 'utf8');
      expect(out).not.toContain(envSecret);
      expect(out).toMatch(/admin\s+\(ADMIN_PASSWORD\)\s+admin/);
      const demo = /\n {2}demo {9}(\S+)\s+manager \(demo\)/.exec(out);
      expect(demo?.[1]).toMatch(/^[\w-]{12}$/);
      const res = await fetch(`${url}/system-api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: demo?.[1] }),
      });
      expect(res.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
      if (dbUrl && base) await dropPgDatabase(base, dbUrl);
    }
  }, 90_000);
});
