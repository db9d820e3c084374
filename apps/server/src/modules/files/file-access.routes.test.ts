import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { MessageItem, OssTokenPayload } from '@cst/shared';
import { storedFiles } from '../../db/schema/index.ts';
import { useTestServer, type Session } from '../../../test/support.ts';
import { buildAccount, buildOtherTenant, signInAs } from '../../../test/factories.ts';
import { apiAs, eventually, type ListedAccount } from '../accounts/account.test-support.ts';
import { chatKey, createPolicyLike, ossToken, pngOf, uploadAs } from './files.test-support.ts';

/**
 * Who may read and write which stored file (issue 12): message media only to users who may see
 * its account, uploads only into the caller's own folder, never over an existing key, and a
 * refused upload never removes what was there.
 */
const ctx = useTestServer();
let demo: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let acc: ListedAccount;

const FRIEND = 'wxid_file_access_friend';
const api = (s: Session = demo) => apiAs(ctx, s);
const raw = (url: string, s?: Session) =>
  ctx.app.inject({ method: 'GET', url, headers: s ? s.headers : {} });

/** A received picture, opened once by a seat who sees it (so the server caches it). */
async function cachedPicture(): Promise<{ key: string; thumbKey: string; bytes: Buffer }> {
  const r = await api().post<{ msgId: string }>('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid: FRIEND,
    talkType: 1,
    msgType: 2,
    content: '',
  });
  expect(r.status, r.message).toBe(200);
  const msg = await eventually(async () => {
    const page = await api(seat1).post<{ list: MessageItem[] }>('/main-api/conv/messages', {
      index_name: `1__${FRIEND}__${acc.wxid}`,
    });
    return page.data?.list.find((m) => m.msgId === r.data.msgId);
  });
  const opened = await ctx.app.inject({
    method: 'GET',
    url: msg.fileUrl!,
    headers: seat1.fileCookie,
  });
  expect(opened.statusCode).toBe(200);
  const [row] = await ctx.deps.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.source, 'media'), eq(storedFiles.messageId, Number(msg.messageId))));
  expect(row, 'the picture is cached as a stored file').toBeDefined();
  return { key: row!.key, thumbKey: row!.thumbKey!, bytes: opened.rawPayload };
}

beforeAll(async () => {
  ({ demo, seat1, seat2 } = await signInAs(ctx, 'demo', 'seat1', 'seat2'));
  other = await buildOtherTenant(ctx);
  acc = await buildAccount(ctx, demo, { nickname: '文件权限测试号', distributeTo: seat1 });
});

describe('cached message media', () => {
  it('is served under /oss-api only to those who may see its account', async () => {
    const { key, thumbKey } = await cachedPicture();
    expect(key).toMatch(/\/media\/\d+-[0-9a-f]{16}\.\w+$/);
    for (const k of [key, thumbKey]) {
      expect((await raw(`/oss-api/${k}`, seat1)).statusCode).toBe(200);
      expect((await raw(`/oss-api/${k}`, demo)).statusCode).toBe(200);
      // A seat of the same tenant without the account, and another tenant, learn nothing.
      expect((await raw(`/oss-api/${k}`, seat2)).statusCode).toBe(404);
      expect((await raw(`/oss-api/${k}`, other)).statusCode).toBe(404);
      expect((await raw(`/oss-api/${k}`)).statusCode).toBe(401);
    }
  });

  it('cannot be overwritten or destroyed through an upload, by a seat or the manager', async () => {
    const { key, bytes } = await cachedPicture();
    for (const s of [seat1, seat2, demo]) {
      const token = await ossToken(ctx, s);
      // The policy names the caller's own folder, not the tenant.
      expect(token.dir).toBe(`t/${s.tenantId}/u/${s.uid}/`);
      const valid = await uploadAs(ctx, token, key, await pngOf(300, 300));
      expect(valid.statusCode).toBe(400);
      const damaged = await uploadAs(ctx, token, key, Buffer.from('\x89PNG\r\n\x1a\nbroken'));
      expect(damaged.statusCode).toBe(400);
    }
    // A wide policy over the whole tenant (as tokens were issued before) is refused too.
    const wide = await createPolicyLike(ctx, `t/${demo.tenantId}/`);
    expect((await uploadAs(ctx, wide, key, await pngOf(300, 300))).statusCode).toBe(400);
    expect(
      (await uploadAs(ctx, wide, `t/${demo.tenantId}/x.png`, await pngOf(300, 300))).statusCode,
    ).toBe(400);
    // The original is intact, still the same bytes.
    const again = await raw(`/oss-api/${key}`, seat1);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(bytes)).toBe(true);
  });
});

describe('uploads', () => {
  let token: OssTokenPayload;
  beforeAll(async () => {
    token = await ossToken(ctx, seat1);
  });

  it('go only into the caller’s folder', async () => {
    const seat2Token = await ossToken(ctx, seat2);
    const intoSeat2 = chatKey(seat2Token, 'png', acc.wxid, FRIEND);
    const res = await uploadAs(ctx, token, intoSeat2, await pngOf(300, 300));
    expect(res.statusCode).toBe(400);
  });

  it('never replace an existing key, and a refused one leaves the first file in place', async () => {
    const key = chatKey(token, 'png', acc.wxid, FRIEND);
    const first = await pngOf(300, 300);
    expect((await uploadAs(ctx, token, key, first)).statusCode).toBe(200);
    const second = await uploadAs(ctx, token, key, await pngOf(400, 400));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 409 });
    // A damaged picture is refused for what it is; the refusal removes nothing.
    const broken = await uploadAs(ctx, token, key, Buffer.from('\x89PNG\r\n\x1a\nbroken'));
    expect(broken.statusCode).toBe(400);
    const served = await raw(`/oss-api/${key}`, seat1);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(first)).toBe(true);
  });

  it('are readable by their tenant and by nobody else', async () => {
    const key = chatKey(token, 'png', acc.wxid, FRIEND);
    expect((await uploadAs(ctx, token, key, await pngOf(300, 300))).statusCode).toBe(200);
    expect((await raw(`/oss-api/${key}`, seat2)).statusCode).toBe(200);
    expect((await raw(`/oss-api/${key}`, other)).statusCode).toBe(404);
  });
});
