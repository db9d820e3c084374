import { describe, expect, it } from 'vitest';
import { login, nextIp, TEST_PASSWORD, useTestServer } from '../../../test/support.ts';

describe('sign-in and session', () => {
  const ctx = useTestServer();

  it('logs in with trimmed input and returns the API.md user', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/system-api/auth/login',
      payload: { username: '  demo ', password: TEST_PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.msg).toBe('操作成功');
    expect(body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(body.data.expiresAt).toBeGreaterThan(Date.now() + 6 * 86400_000);
    expect(body.data.user).toMatchObject({ username: 'demo', role: 'manager' });
    expect(body.data.user.permissions).toContain('seat.manage');
  });

  it('refuses a wrong password without saying which field was wrong', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/system-api/auth/login',
      payload: { username: 'demo', password: 'nope' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: '账号或密码错误' });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/system-api/auth/login',
      payload: { username: 'nobody-here', password: 'nope' },
      remoteAddress: nextIp(),
    });
    expect(unknown.json().msg).toBe('账号或密码错误');
  });

  it('names the missing field in the caller language', async () => {
    const zh = await ctx.app.inject({
      method: 'POST',
      url: '/system-api/auth/login',
      payload: { username: '   ', password: 'x' },
    });
    expect(zh.json()).toMatchObject({ code: 400, msg: '账号不能为空' });
    const en = await ctx.app.inject({
      method: 'POST',
      url: '/system-api/auth/login',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { username: 'demo' },
    });
    expect(en.json()).toMatchObject({ code: 400, msg: 'Password cannot be empty' });
  });

  it('logout revokes the token at once', async () => {
    const s = await login(ctx, 'demo-seat1');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/system-api/auth/me',
      headers: s.headers,
    });
    expect(me.json().data.username).toBe('demo-seat1');
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/system-api/auth/logout',
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(out.json().code).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/system-api/auth/me',
      headers: s.headers,
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 401, msg: '登录已过期，请重新登录' });
  });
});
