import { beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { pushEvents, verifyCodes } from '../src/db/schema/index.ts';
import { api } from './api.ts';
import { randomCaptchaText } from '../src/modules/auth/captcha.ts';
import { login, nextIp, TEST_PASSWORD, useTestServer } from './support.ts';

describe('captcha and login rate', () => {
  const ctx = useTestServer();
  /** The answer of each captcha issued, in order (the test reads them as a person would). */
  const answers: string[] = [];
  /** The answer of the captcha issued last. */
  const readCaptcha = () => answers.at(-1) ?? '';
  beforeAll(async () => {
    ctx.deps.captchaText = () => {
      const text = randomCaptchaText();
      answers.push(text);
      return text;
    };
  });

  it('asks for a captcha after 3 failures and accepts the one the picture shows, once', async () => {
    const ip = nextIp();
    const before = await api(ctx, 'GET', '/system-api/code', { query: { username: 'demo' }, ip });
    expect(before.data.captchaEnabled).toBe(false);
    for (let i = 0; i < 3; i++) {
      const bad = await api(ctx, 'POST', '/system-api/auth/login', {
        body: { username: 'demo-seat2', password: 'wrong-one' },
        ip,
      });
      expect(bad.msg).toBe('账号或密码错误');
      expect(bad.data.captchaEnabled).toBe(i === 2);
    }
    const noCode = await api(ctx, 'POST', '/system-api/auth/login', {
      body: { username: 'demo-seat2', password: TEST_PASSWORD },
      ip,
    });
    expect(noCode).toMatchObject({ status: 400, msg: '请输入验证码' });
    expect(noCode.data.captchaEnabled).toBe(true);

    const cap = await api(ctx, 'GET', '/system-api/code', {
      query: { username: 'demo-seat2' },
      ip,
    });
    expect(cap.data.captchaEnabled).toBe(true);
    const code = readCaptcha();
    expect(code).toMatch(/^[A-Z0-9]{4}$/);

    const wrong = await api(ctx, 'POST', '/system-api/auth/login', {
      body: { username: 'demo-seat2', password: TEST_PASSWORD, code: 'ZZZZ', uuid: cap.data.uuid },
      ip,
    });
    expect(wrong).toMatchObject({ status: 400, msg: '验证码错误或已过期' });

    const cap2 = await api(ctx, 'GET', '/system-api/code', { ip });
    const answer2 = readCaptcha();
    const good = await api(ctx, 'POST', '/system-api/auth/login', {
      body: {
        username: 'demo-seat2',
        password: TEST_PASSWORD,
        code: answer2.toLowerCase(),
        uuid: cap2.data.uuid,
      },
      ip,
    });
    expect(good.status).toBe(200);
    expect(good.data.user.username).toBe('demo-seat2');

    const reused = await api(ctx, 'POST', '/system-api/auth/login', {
      body: {
        username: 'demo-seat2',
        password: TEST_PASSWORD,
        code: answer2,
        uuid: cap2.data.uuid,
      },
      ip,
    });
    expect(reused.msg).toBe('验证码错误或已过期');
  });

  it('answers 429 after 10 attempts a minute from one address, then recovers', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await api(ctx, 'POST', '/system-api/auth/login', {
        body: { username: `nobody${i}`, password: 'x' },
        ip,
      });
      expect(res.status).toBe(400);
    }
    const blocked = await api(ctx, 'POST', '/system-api/auth/login', {
      body: { username: 'demo', password: TEST_PASSWORD },
      ip,
      lang: 'en',
    });
    expect(blocked).toMatchObject({
      status: 429,
      code: 429,
      msg: 'Too many login attempts, try again in a minute',
    });
    const other = await api(ctx, 'POST', '/system-api/auth/login', {
      body: { username: 'demo', password: TEST_PASSWORD },
      ip: nextIp(),
    });
    expect(other.status).toBe(200);
    ctx.clock.offset += 61_000;
    try {
      const later = await api(ctx, 'POST', '/system-api/auth/login', {
        body: { username: 'demo', password: TEST_PASSWORD },
        ip,
      });
      // No longer rate limited; the address still needs a captcha for its failures.
      expect(later).toMatchObject({ status: 400, msg: '请输入验证码' });
    } finally {
      ctx.clock.offset -= 61_000;
    }
  });
});

describe('register, verification codes and forget', () => {
  const ctx = useTestServer();
  let logSpy: MockInstance;
  beforeAll(async () => {
    logSpy = vi.spyOn(ctx.deps.log, 'info');
  });

  /** The last code the server logged for a target. */
  const loggedCode = (target: string): string => {
    const calls = logSpy.mock.calls.filter(
      (c) => (c[0] as { target?: string } | undefined)?.target === target,
    );
    const last = calls.at(-1)?.[0] as { code: string } | undefined;
    if (!last) throw new Error(`no code logged for ${target}`);
    return last.code;
  };
  // Each call from its own address: the per-address limits (10 an hour) are tested elsewhere.
  const sendCode = (target: string, scene: 'register' | 'forget', lang?: 'en') =>
    api(ctx, 'POST', '/api/v1/auth/send-verify-code', {
      body: { target, scene },
      lang,
      ip: nextIp(),
    });
  const register = (body: unknown) =>
    api(ctx, 'POST', '/api/v1/auth/register', { body, ip: nextIp() });

  const registration = (target: string, code: string, username = `reg${target.slice(0, 6)}`) => ({
    username,
    password: 'newpass1',
    nickname: '新老板',
    tenantName: '新公司',
    target,
    code,
  });

  it('logs a 6-digit code, stores only its hash, and limits one a minute and ten a day', async () => {
    const target = 'limit@example.com';
    const first = await sendCode(target, 'register');
    expect(first).toMatchObject({ status: 200, code: 0, msg: 'ok' });
    expect(first.data.expiresAt - ctx.deps.now()).toBeGreaterThan(9 * 60_000);
    const code = loggedCode(target);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await ctx.deps.db
      .select()
      .from(verifyCodes)
      .where(eq(verifyCodes.target, target));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.codeHash).not.toContain(code);

    const again = await sendCode(target, 'register');
    expect(again).toMatchObject({ status: 429, data: { retryAfter: expect.any(Number) } });
    expect(again.msg).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
    const start = ctx.clock.offset;
    try {
      for (let i = 1; i < 10; i++) {
        ctx.clock.offset += 61_000;
        expect((await sendCode(target, 'register')).status).toBe(200);
      }
      ctx.clock.offset += 61_000;
      const capped = await sendCode(target, 'register', 'en');
      expect(capped).toMatchObject({
        status: 429,
        msg: 'The daily limit of verification codes is reached',
      });
      ctx.clock.offset += 86400_000;
      expect((await sendCode(target, 'register')).status).toBe(200);
    } finally {
      ctx.clock.offset = start;
    }
  });

  it('checks the target format and what a scene needs', async () => {
    const bad = await sendCode('not-a-target', 'register');
    expect(bad).toMatchObject({ status: 400, msg: '请输入正确的手机号或邮箱' });
    // The same answer as for a known target: no code is delivered, nothing is told.
    const unknown = await sendCode('+8613900000000', 'forget');
    expect(unknown).toMatchObject({ status: 200, code: 0 });
    expect(() => loggedCode('+8613900000000')).toThrow();
    const scene = await api(ctx, 'POST', '/api/v1/auth/send-verify-code', {
      body: { target: '13900000000', scene: 'spam' },
    });
    expect(scene.status).toBe(400);
  });

  it('registers a new tenant whose manager is the registering user', async () => {
    const target = '13800000001';
    await sendCode(target, 'register');
    const wrong = await register(
      registration(target, '000000' === loggedCode(target) ? '111111' : '000000'),
    );
    expect(wrong).toMatchObject({ status: 400, msg: '验证码错误或已过期' });

    const res = await register(registration(target, loggedCode(target), 'boss.one'));
    expect(res).toMatchObject({ status: 200, code: 0 });
    expect(res.data.uid).toBeTruthy();
    const s = await login(ctx, 'boss.one', 'newpass1');
    const me = await api(ctx, 'GET', '/system-api/auth/me', { session: s });
    expect(me.data).toMatchObject({
      role: 'manager',
      tenantName: '新公司',
      tenantId: res.data.tenantId,
    });
    expect(me.data.permissions).toContain('seat.manage');

    // Single use: the same code cannot register again.
    const reuse = await register(registration(target, loggedCode(target), 'boss.two'));
    expect(reuse).toMatchObject({ status: 400, msg: '验证码错误或已过期' });
    // A taken name is told only to the holder of a good code.
    const blind = await register(registration('13800000002', '123456', 'boss.one'));
    expect(blind).toMatchObject({ status: 400, msg: '验证码错误或已过期' });
    await sendCode('13800000002', 'register');
    const taken = await register(
      registration('13800000002', loggedCode('13800000002'), 'boss.one'),
    );
    expect(taken).toMatchObject({ status: 409, msg: '账号已存在' });
  });

  it('expires codes after 10 minutes and kills them after 5 wrong guesses', async () => {
    const target = '13800000003';
    await sendCode(target, 'register');
    const code = loggedCode(target);
    ctx.clock.offset += 10 * 60_000 + 1000;
    try {
      const late = await register(registration(target, code, 'late.one'));
      expect(late).toMatchObject({ status: 400, msg: '验证码错误或已过期' });

      await sendCode(target, 'register');
      const fresh = loggedCode(target);
      const wrong = fresh === '999999' ? '999998' : '999999';
      for (let i = 0; i < 5; i++) {
        const r = await register(registration(target, wrong, 'late.one'));
        expect(r.status).toBe(400);
      }
      const dead = await register(registration(target, fresh, 'late.one'));
      expect(dead).toMatchObject({ status: 400, msg: '验证码错误或已过期' });
    } finally {
      ctx.clock.offset -= 10 * 60_000 + 1000;
    }
  });

  it('names each missing or bad register field', async () => {
    const good = registration('13800000009', '123456', 'field.check');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, username: undefined }, '账号不能为空'],
      [{ ...good, username: '  ' }, '账号不能为空'],
      [{ ...good, password: undefined }, '密码不能为空'],
      [{ ...good, password: '123' }, '密码长度为 6 到 64 位'],
      [{ ...good, nickname: '' }, '姓名不能为空'],
      [{ ...good, tenantName: undefined }, '企业名称不能为空'],
      [{ ...good, code: '' }, '验证码不能为空'],
      [{ ...good, target: 'x' }, '请输入正确的手机号或邮箱'],
      [
        { ...good, username: 'a b c' },
        '账号只能包含字母、数字、下划线、点和短横线，长度 3 到 32 位',
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await api(ctx, 'POST', '/api/v1/auth/register', { body });
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, code: 400, msg });
    }
    const typed = await api(ctx, 'POST', '/api/v1/auth/register', {
      body: { ...good, tenantName: 42 },
    });
    expect(typed).toMatchObject({ status: 400, msg: 'tenantName 类型错误' });
    const long = await api(ctx, 'POST', '/api/v1/auth/register', {
      body: { ...good, tenantName: 'x'.repeat(65) },
      lang: 'en',
    });
    expect(long).toMatchObject({ status: 400, msg: 'tenantName must be at most 64 long' });
    const en = await api(ctx, 'POST', '/api/v1/auth/register', {
      body: { ...good, nickname: '' },
      lang: 'en',
    });
    expect(en.msg).toBe('Name cannot be empty');
  });

  it('resets a forgotten password by code and signs the user out everywhere', async () => {
    const target = 'Owner@Example.com';
    await sendCode(target, 'register');
    await api(ctx, 'POST', '/api/v1/auth/register', {
      body: registration(target, loggedCode('owner@example.com'), 'owner.x'),
    });
    const s = await login(ctx, 'owner.x', 'newpass1');
    ctx.clock.offset += 61_000;
    try {
      expect((await sendCode('owner@example.com', 'forget')).status).toBe(200);
      const wrong = await api(ctx, 'POST', '/api/v1/auth/forget', {
        body: { target, code: '00000x', password: 'another1' },
      });
      expect(wrong).toMatchObject({ status: 400, msg: '验证码错误或已过期' });
      const missing = await api(ctx, 'POST', '/api/v1/auth/forget', {
        body: { target, code: loggedCode('owner@example.com') },
      });
      expect(missing).toMatchObject({ status: 400, msg: '密码不能为空' });
      const ok = await api(ctx, 'POST', '/api/v1/auth/forget', {
        body: { target, code: loggedCode('owner@example.com'), password: 'another1' },
      });
      expect(ok).toMatchObject({ status: 200, code: 0 });
    } finally {
      ctx.clock.offset -= 61_000;
    }
    expect((await api(ctx, 'GET', '/system-api/auth/me', { session: s })).status).toBe(401);
    await expect(login(ctx, 'owner.x', 'newpass1')).rejects.toThrow();
    await login(ctx, 'owner.x', 'another1');
  });
});

describe('own password, two-step password, login records, my seat', () => {
  const ctx = useTestServer();

  it('changes the password with the old one and revokes the other sessions only', async () => {
    const a = await login(ctx, 'demo-seat1');
    const b = await login(ctx, 'demo-seat1');
    const missing = await api(ctx, 'POST', '/account/changePwd', {
      session: a,
      body: { newPassword: 'brandnew1' },
    });
    expect(missing).toMatchObject({ status: 400, code: 400, msg: '密码不能为空' });
    const wrong = await api(ctx, 'POST', '/account/changePwd', {
      session: a,
      body: { oldPassword: 'nope', newPassword: 'brandnew1' },
    });
    expect(wrong).toMatchObject({ status: 400, msg: '原密码错误' });
    const short = await api(ctx, 'POST', '/account/changePwd', {
      session: a,
      body: { oldPassword: TEST_PASSWORD, newPassword: '12' },
    });
    expect(short.msg).toBe('密码长度为 6 到 64 位');
    const ok = await api(ctx, 'POST', '/account/changePwd', {
      session: a,
      body: { oldPassword: TEST_PASSWORD, newPassword: 'brandnew1' },
    });
    expect(ok).toMatchObject({ status: 200, code: 0 });
    expect((await api(ctx, 'GET', '/system-api/auth/me', { session: a })).status).toBe(200);
    expect((await api(ctx, 'GET', '/system-api/auth/me', { session: b })).status).toBe(401);
    await expect(login(ctx, 'demo-seat1')).rejects.toThrow();
    await login(ctx, 'demo-seat1', 'brandnew1');
    const noAuth = await api(ctx, 'POST', '/account/changePwd', {
      body: { oldPassword: 'a', newPassword: 'bbbbbb' },
    });
    expect(noAuth.status).toBe(401);
  });

  it('asks for the two-step password at login once it is set, and not after it is cleared', async () => {
    const s = await login(ctx, 'demo-seat2');
    const wrong = await api(ctx, 'POST', '/account/twoStepPwd', {
      session: s,
      body: { password: 'nope', twoStepPassword: 'second22' },
    });
    expect(wrong).toMatchObject({ status: 400, msg: '密码错误' });
    const same = await api(ctx, 'POST', '/account/twoStepPwd', {
      session: s,
      body: { password: TEST_PASSWORD, twoStepPassword: TEST_PASSWORD },
    });
    expect(same).toMatchObject({ status: 400, msg: '二级密码不能与登录密码相同' });
    const set = await api(ctx, 'POST', '/account/twoStepPwd', {
      session: s,
      body: { password: TEST_PASSWORD, twoStepPassword: 'second22' },
    });
    expect(set.data).toEqual({ twoStepEnabled: true });
    const me = await api(ctx, 'GET', '/system-api/auth/me', { session: s });
    expect(me.data.twoStepEnabled).toBe(true);

    const loginWith = (extra: Record<string, string>) =>
      api(ctx, 'POST', '/system-api/auth/login', {
        body: { username: 'demo-seat2', password: TEST_PASSWORD, ...extra },
        ip: nextIp(),
      });
    const ask = await loginWith({});
    expect(ask).toMatchObject({ status: 400, msg: '请输入二级密码' });
    expect(ask.data.twoStepRequired).toBe(true);
    expect((await loginWith({ twoStepPassword: 'wrong22' })).msg).toBe('二级密码错误');
    const ok = await loginWith({ twoStepPassword: 'second22' });
    expect(ok.status).toBe(200);

    const clear = await api(ctx, 'POST', '/account/twoStepPwd', {
      session: s,
      body: { password: TEST_PASSWORD, twoStepPassword: '' },
    });
    expect(clear.data).toEqual({ twoStepEnabled: false });
    expect((await loginWith({})).status).toBe(200);
  });

  it('lists the caller own login records newest first, paged', async () => {
    const ip = nextIp();
    await api(ctx, 'POST', '/system-api/auth/login', {
      body: { username: 'demo-sup', password: 'wrong-pass' },
      ip,
      headers: { 'user-agent': 'TestAgent/1.0' },
    });
    ctx.clock.offset += 1000;
    const s = await login(ctx, 'demo-sup');
    ctx.clock.offset -= 1000;
    const res = await api(ctx, 'GET', '/account/login-records', { session: s });
    expect(res.status).toBe(200);
    expect(res.data.total).toBe(2);
    const [newest, older] = res.data.list;
    expect(newest).toMatchObject({ success: true, reason: 'login' });
    expect(older).toMatchObject({
      success: false,
      reason: 'wrong credentials',
      ip,
      agent: 'TestAgent/1.0',
      address: 'LAN',
    });
    expect(newest.createdAt).toBeGreaterThan(older.createdAt);
    const paged = await api(ctx, 'GET', '/account/login-records', {
      session: s,
      query: { page: 2, pageSize: 1 },
    });
    expect(paged.data.list).toHaveLength(1);
    expect(paged.data.list[0].id).toBe(older.id);
    const other = await login(ctx, 'demo');
    const theirs = await api(ctx, 'GET', '/account/login-records', { session: other });
    expect(theirs.data.list.every((r: { id: string }) => r.id !== older.id)).toBe(true);
    const tooBig = await api(ctx, 'GET', '/account/login-records', {
      session: s,
      query: { pageSize: 101 },
    });
    expect(tooBig.status).toBe(400);
  });

  it('shows and changes my seat (nickname, avatar)', async () => {
    const s = await login(ctx, 'demo-sup');
    const got = await api(ctx, 'GET', '/account/profile', { session: s });
    expect(got.data).toMatchObject({
      username: 'demo-sup',
      role: 'subAdmin',
      tenantName: '演示企业',
      superiorName: '演示管理员',
      avatar: null,
    });
    const set = await api(ctx, 'POST', '/account/profile', {
      session: s,
      body: { nickname: '  新主管 ', avatar: '/oss-api/avatars/a.jpg' },
    });
    expect(set.data).toMatchObject({ nickname: '新主管', avatar: '/oss-api/avatars/a.jpg' });
    const keep = await api(ctx, 'POST', '/account/profile', {
      session: s,
      body: { nickname: '主管' },
    });
    expect(keep.data.avatar).toBe('/oss-api/avatars/a.jpg');
    const empty = await api(ctx, 'POST', '/account/profile', { session: s, body: {} });
    expect(empty).toMatchObject({ status: 400, msg: '姓名不能为空' });
    const bad = await api(ctx, 'POST', '/account/profile', {
      session: s,
      body: { nickname: 'x', avatar: 'javascript:alert(1)' },
    });
    expect(bad).toMatchObject({ status: 400, msg: '头像地址不正确' });
    const long = await api(ctx, 'POST', '/account/profile', {
      session: s,
      body: { nickname: 'x'.repeat(33) },
    });
    expect(long.status).toBe(400);
    // `userInfo` (SPEC §7) to the seat itself on each change; an unchanged save pushes nothing.
    await api(ctx, 'POST', '/account/profile', { session: s, body: { nickname: '主管' } });
    const pushes = await ctx.deps.db
      .select()
      .from(pushEvents)
      .where(eq(pushEvents.event, 'userInfo'))
      .orderBy(asc(pushEvents.id));
    expect(pushes.map((p) => [p.userIds, p.data])).toEqual([
      [[s.uid], { uid: s.uid, nickname: '新主管', avatar: '/oss-api/avatars/a.jpg' }],
      [[s.uid], { uid: s.uid, nickname: '主管', avatar: '/oss-api/avatars/a.jpg' }],
    ]);
    const admin = await login(ctx, 'admin');
    const adminSeat = await api(ctx, 'GET', '/account/profile', { session: admin });
    expect(adminSeat.data).toMatchObject({ role: 'admin', tenantId: null, tenantName: null });
  });
});
