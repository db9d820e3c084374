import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { AvatarItem, BatchEditProfileResult, NicknameItem } from '@cst/shared';
import { useTestServer, type Session } from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  buildSignedInUser,
  grantPorts,
  signInAs,
} from '../../../test/factories.ts';
import {
  accountOf,
  apiAs,
  waitStatus,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { multipart, pngOf } from '../files/files.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let sub: Session;
let seat1: Session;
let other: Session;
let accA: ListedAccount;
let accB: ListedAccount;
let theirAcc: ListedAccount;

const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);

const jpegOf = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ density: 300 })
    .toBuffer();

async function uploadAvatar(s: Session, data: Buffer, filename = 'avatar.jpg', lang = 'zh-CN') {
  const body = multipart([], { filename, data });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/main-api/profile-lib/avatar/upload',
    headers: { ...s.headers, ...body.headers, 'accept-language': lang },
    payload: body.payload,
  });
  return { status: res.statusCode, ...(res.json() as { message: string; data: AvatarItem }) };
}

const batch = (s: Session, body: object, lang?: string) =>
  api(s, lang).post<BatchEditProfileResult>('/main-api/acc/batch-edit-profile', body);

beforeAll(async () => {
  ({ demo, seat1 } = await signInAs(ctx, 'demo', 'seat1'));
  sub = await buildSignedInUser(ctx, { tenantId: demo.tenantId, role: 'subAdmin' });
  other = await buildOtherTenant(ctx);
  const { admin } = await signInAs(ctx, 'admin');
  await grantPorts(ctx, admin, other.tenantId!);
  accA = await buildAccount(ctx, demo, { nickname: '批量甲' });
  accB = await buildAccount(ctx, demo, { nickname: '批量乙' });
  theirAcc = await buildAccount(ctx, other, { nickname: '别家号' });
});

describe('batch edit needs the libraries', () => {
  it("says 'add nicknames first' and 'add avatars first' while the libraries are empty", async () => {
    const r = await batch(other, { wxids: [theirAcc.wxid], nickname: 'order' }, 'en');
    expect(r.status).toBe(409);
    expect(r.message).toBe('Add nicknames first');
    const zh = await batch(other, { wxids: [theirAcc.wxid], nickname: 'random' });
    expect(zh.message).toBe('请先添加昵称');
    const av = await batch(other, { wxids: [theirAcc.wxid], avatar: 'random' }, 'en');
    expect(av.message).toBe('Add avatars first');
    const nothing = await batch(other, { wxids: [theirAcc.wxid] }, 'en');
    expect(nothing.status).toBe(400);
  });
});

describe('avatar library', () => {
  it('keeps a square jpg of 200–400 px, re-encoded at 72 DPI', async () => {
    const r = await uploadAvatar(demo, await jpegOf(300, 300));
    expect(r.status, r.message).toBe(200);
    expect(r.data.size).toBe(300);
    const file = await ctx.app.inject({ method: 'GET', url: r.data.url, headers: sub.fileCookie });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 300, density: 72 });
    expect((await uploadAvatar(sub, await jpegOf(200, 200))).status).toBe(200);
    expect((await uploadAvatar(sub, await jpegOf(400, 400), 'x.jpeg')).status).toBe(200);
    const list = await api().post<{ list: AvatarItem[] }>('/main-api/profile-lib/avatar/list');
    expect(list.data.list.map((a) => a.size)).toEqual([300, 200, 400]);
  });

  it('refuses other formats, sizes outside 200–400 and non-square pictures', async () => {
    const png = await uploadAvatar(demo, await pngOf(300, 300), 'a.png', 'en');
    expect(png.status).toBe(400);
    expect(png.message).toBe('Avatars must be jpg/jpeg pictures');
    const renamed = await uploadAvatar(demo, await pngOf(300, 300), 'a.jpg', 'en');
    expect(renamed.status).toBe(400);
    for (const [w, h] of [
      [199, 199],
      [401, 401],
      [300, 250],
    ] as const) {
      const r = await uploadAvatar(demo, await jpegOf(w, h), 'a.jpg', 'en');
      expect(r.status, `${w}×${h}`).toBe(400);
      expect(r.message).toBe('An avatar must be a square of 200–400 pixels');
    }
  });

  it('is for account managers of the tenant only', async () => {
    expect((await uploadAvatar(seat1, await jpegOf(300, 300))).status).toBe(403);
    expect((await api(seat1).post('/main-api/profile-lib/avatar/list')).status).toBe(403);
    const theirs = await api(other).post<{ list: AvatarItem[] }>(
      '/main-api/profile-lib/avatar/list',
    );
    expect(theirs.data.list).toEqual([]);
    const mine = await api().post<{ list: AvatarItem[] }>('/main-api/profile-lib/avatar/list');
    const id = mine.data.list[0]!.id;
    const d = await api(other).post<{ deleted: number }>('/main-api/profile-lib/avatar/del', {
      ids: [id],
    });
    expect(d.data.deleted).toBe(0);
  });
});

describe('nickname library', () => {
  it('adds nicknames once each, lists them in order and deletes them per tenant', async () => {
    const r = await api().post<{ added: number }>('/main-api/profile-lib/nickname/add', {
      nicknames: ['小美', ' 小帅 ', '小美', '阿强'],
    });
    expect(r.status, r.message).toBe(200);
    expect(r.data.added).toBe(3);
    const again = await api().post<{ added: number }>('/main-api/profile-lib/nickname/add', {
      nicknames: ['小美'],
    });
    expect(again.data.added).toBe(0);
    const list = await api(sub).post<{ list: NicknameItem[] }>(
      '/main-api/profile-lib/nickname/list',
    );
    expect(list.data.list.map((n) => n.nickname)).toEqual(['小美', '小帅', '阿强']);
    const empty = await api(demo, 'en').post('/main-api/profile-lib/nickname/add', {
      nicknames: ['  '],
    });
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('Enter a nickname');
    expect(
      (await api(seat1).post('/main-api/profile-lib/nickname/add', { nicknames: ['x'] })).status,
    ).toBe(403);
    const gone = await api(other).post<{ deleted: number }>('/main-api/profile-lib/nickname/del', {
      ids: [list.data.list[2]!.id],
    });
    expect(gone.data.deleted).toBe(0);
    const del = await api().post<{ deleted: number }>('/main-api/profile-lib/nickname/del', {
      ids: [list.data.list[2]!.id],
    });
    expect(del.data.deleted).toBe(1);
  });
});

describe('batch edit of logged-in accounts', () => {
  it('gives each account one nickname in order and one avatar, on the platform too', async () => {
    const r = await batch(demo, {
      wxids: [accA.wxid, accB.wxid],
      nickname: 'order',
      avatar: 'random',
    });
    expect(r.status, r.message).toBe(200);
    expect(r.data.list.map((x) => [x.wxid, x.ok, x.nickname])).toEqual([
      [accA.wxid, true, '小美'],
      [accB.wxid, true, '小帅'],
    ]);
    const avatars = await api().post<{ list: AvatarItem[] }>('/main-api/profile-lib/avatar/list');
    const urls = avatars.data.list.map((a) => a.url);
    expect(urls).toContain(r.data.list[0]!.avatar);
    expect(urls).toContain(r.data.list[1]!.avatar);
    // Three avatars for two accounts: at random, no two accounts get the same one.
    expect(r.data.list[0]!.avatar).not.toBe(r.data.list[1]!.avatar);
    expect((await accountOf(ctx, demo, accA.wxid))?.nickname).toBe('小美');
    const profile = await ctx.deps.runtime.gateway.getProfile(accB.wxid);
    expect(profile).toMatchObject({ nickname: '小帅', avatar: r.data.list[1]!.avatar });
  });

  it('edits only logged-in accounts (409), visible ones (404), with account.manage (403)', async () => {
    expect((await batch(seat1, { wxids: [accA.wxid], nickname: 'random' })).status).toBe(403);
    expect((await batch(demo, { wxids: [theirAcc.wxid], nickname: 'random' })).status).toBe(404);
    expect((await batch(demo, { wxids: [], nickname: 'random' })).status).toBe(400);
    expect((await batch(demo, { wxids: [accA.wxid], nickname: 'sideways' })).status).toBe(400);
    const out = await api().post('/sim-api/fault', { workWxid: accB.wxid, kind: 'kickOut' });
    expect(out.status, out.message).toBe(200);
    await waitStatus(ctx, demo, accB.wxid, 'kickedOut');
    const r = await batch(demo, { wxids: [accA.wxid, accB.wxid], nickname: 'random' }, 'en');
    expect(r.status).toBe(409);
    expect(r.message).toMatch(/^Only logged-in work accounts can be edited in bulk/);
  });
});
