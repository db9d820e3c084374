import { beforeAll, describe, expect, it } from 'vitest';
import type { MessageItem } from '@cst/shared';
import { FILE_COOKIE, FILE_COOKIE_PATHS } from '../../platform/file-cookie.ts';
import { nextIp, TEST_PASSWORD, useTestServer, type Session } from '../../../test/support.ts';
import { buildAccount, signInAs } from '../../../test/factories.ts';
import { apiAs, eventually, type ListedAccount } from '../accounts/account.test-support.ts';

// DESIGN.md §12 "Credentials never travel in URLs" and "outsider addresses are outsider data"
// (docs/files-and-media.md): the file cookie, the refusal of `?token=`, the API documentation
// behind a session, and the addresses a contact sends kept only when absolute http(s).

const ctx = useTestServer();
let demo: Session;
let acc: ListedAccount;
const FRIEND = 'wxid_cred_friend_1';

const api = (s: Session = demo) => apiAs(ctx, s);

/** The Set-Cookie values of an answer, as a list. */
function setCookies(h: Record<string, unknown>): string[] {
  const v = h['set-cookie'];
  return v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)];
}

beforeAll(async () => {
  ({ demo } = await signInAs(ctx, 'demo'));
  acc = await buildAccount(ctx, demo, { nickname: '凭据测试号' });
});

describe('the file cookie', () => {
  it('is set at login for each file path, HttpOnly and SameSite=Strict, and cleared at logout', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/system-api/auth/login',
      payload: { username: 'demo-seat1', password: TEST_PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    const token = (res.json() as { data: { token: string } }).data.token;
    const cookies = setCookies(res.headers);
    expect(cookies).toHaveLength(FILE_COOKIE_PATHS.length);
    for (const path of FILE_COOKIE_PATHS) {
      const c = cookies.find((x) => x.includes(`Path=${path};`) || x.endsWith(`Path=${path}`));
      expect(c, path).toBeDefined();
      expect(c).toContain(`${FILE_COOKIE}=${token}`);
      expect(c).toContain('HttpOnly');
      expect(c).toContain('SameSite=Strict');
      expect(c).toMatch(/Max-Age=\d{5,}/);
    }
    // Never a cookie for the whole site.
    expect(cookies.some((c) => /Path=\/(;|$)/.test(c))).toBe(false);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/system-api/auth/file-cookie',
      headers: { 'cst-token': token },
    });
    expect(again.statusCode).toBe(200);
    expect(setCookies(again.headers)).toHaveLength(FILE_COOKIE_PATHS.length);
    // The refresh needs the header token; the cookie alone is not taken there.
    const byCookie = await ctx.app.inject({
      method: 'POST',
      url: '/system-api/auth/file-cookie',
      headers: { cookie: `${FILE_COOKIE}=${token}` },
    });
    expect(byCookie.statusCode).toBe(401);

    const out = await ctx.app.inject({
      method: 'POST',
      url: '/system-api/auth/logout',
      headers: { 'cst-token': token },
    });
    expect(out.statusCode).toBe(200);
    const cleared = setCookies(out.headers);
    expect(cleared).toHaveLength(FILE_COOKIE_PATHS.length);
    for (const c of cleared) expect(c).toMatch(new RegExp(`^${FILE_COOKIE}=;.*Max-Age=0`));
  });

  it('works only on GET requests under its paths', async () => {
    const cookie = demo.fileCookie;
    const png = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/emoticon/system/smile.png',
      headers: cookie,
    });
    expect(png.statusCode).toBe(200);
    // The same cookie elsewhere is no credential: API routes, exports, the import template.
    for (const url of [
      '/system-api/auth/me',
      '/main-api/acc/friends-export',
      '/main-api/statistics/wxfriend/export',
      '/task-api/fans/import/template?format=txt',
    ]) {
      const r = await ctx.app.inject({ method: 'GET', url, headers: cookie });
      expect(r.statusCode, url).toBe(401);
    }
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/main-api/conv/messages',
      headers: cookie,
      payload: { index_name: `1__${FRIEND}__${acc.wxid}` },
    });
    expect(post.statusCode).toBe(401);
    // A path that only starts like a cookie path is not under it.
    const near = await ctx.app.inject({ method: 'GET', url: '/oss-apix/a.png', headers: cookie });
    expect(near.statusCode).not.toBe(200);
  });

  it('refuses ?token= on file routes, exports and the template; the headers still work', async () => {
    const token = demo.token;
    for (const url of [
      `/api/v1/emoticon/system/smile.png?token=${token}`,
      `/main-api/acc/friends-export?token=${token}`,
      `/task-api/fans/import/template?format=txt&token=${token}`,
      `/api/v1/download/user-chat-file?cr_id=1&token=${token}`,
      `/main-api/moments/media?workWxid=${acc.wxid}&fileId=x&token=${token}`,
    ]) {
      const r = await ctx.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(401);
    }
    // The SPA fetches exports and the template with the session headers and saves the answer.
    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: '/main-api/acc/friends-export?tzOffset=-480',
      headers: demo.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(String(xlsx.headers['content-disposition'])).toMatch(/^attachment/);
    const tpl = await ctx.app.inject({
      method: 'GET',
      url: '/task-api/fans/import/template?format=txt',
      headers: demo.headers,
    });
    expect(tpl.statusCode).toBe(200);
  });

  it('opens the API documentation only for a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api-docs' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api-docs/json' })).statusCode).toBe(401);
    const byHeader = await ctx.app.inject({
      method: 'GET',
      url: '/api-docs/json',
      headers: demo.headers,
    });
    expect(byHeader.statusCode).toBe(200);
    const byCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api-docs',
      headers: demo.fileCookie,
    });
    expect(byCookie.statusCode).toBe(200);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api-docs',
      headers: { cookie: `${FILE_COOKIE}=nope` },
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('addresses a contact sends', () => {
  async function receive(msgType: number, content: object) {
    const r = await api().post<{ msgId: string }>('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: FRIEND,
      talkType: 1,
      msgType,
      content: JSON.stringify(content),
    });
    expect(r.status, r.message).toBe(200);
    const msg = await eventually(async () => {
      const page = await api().post<{ list: MessageItem[] }>('/main-api/conv/messages', {
        index_name: `1__${FRIEND}__${acc.wxid}`,
        limit: 100,
      });
      return page.status === 200 ? page.data.list.find((m) => m.msgId === r.data.msgId) : undefined;
    });
    return JSON.parse(msg.content) as Record<string, unknown>;
  }

  const HOSTILE = [
    '//127.0.0.1:9/a.png',
    '/\\127.0.0.1:9/a.png',
    '\\\\127.0.0.1\\a.png',
    '/oss-api/t/x/a.png',
    ' javascript:alert(1)',
    'data:image/svg+xml,<svg/>',
    'ftp://127.0.0.1/a.png',
    'http:/127.0.0.1/a.png',
  ];

  it('keeps card, link, article and mini-program addresses only when absolute http(s)', async () => {
    for (const bad of HOSTILE) {
      const card = await receive(9, { wxid: 'wxid_card_1', nickname: '名片', avatar: bad });
      expect(card, bad).toMatchObject({ wxid: 'wxid_card_1', nickname: '名片', avatar: '' });
      for (const type of [10, 15]) {
        const link = await receive(type, {
          title: '链接',
          description: 'd',
          url: bad,
          thumbUrl: bad,
        });
        expect(link, `${type} ${bad}`).toMatchObject({ title: '链接', url: '', thumbUrl: '' });
      }
      const mini = await receive(14, {
        title: '小程序',
        appId: 'wx1',
        appName: 'app',
        pagePath: 'p',
        thumbUrl: bad,
      });
      expect(mini, bad).toMatchObject({ title: '小程序', thumbUrl: '' });
    }
    const good = 'https://img.example.com/a.png?x=1';
    expect(await receive(9, { wxid: 'wxid_card_2', nickname: 'n', avatar: good })).toMatchObject({
      avatar: good,
    });
    expect(
      await receive(10, {
        title: 't',
        description: 'd',
        url: 'http://example.com/p',
        thumbUrl: good,
      }),
    ).toMatchObject({ url: 'http://example.com/p', thumbUrl: good });
  });
});
