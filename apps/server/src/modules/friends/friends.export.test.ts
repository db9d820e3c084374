import { inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FriendItem, FriendsListResult } from '@cst/shared';
import { contacts } from '../../db/schema/index.ts';
import { resolveToken, type AuthContext } from '../../platform/auth-context.ts';
import { useTestServer, type Session } from '../../../test/support.ts';
import { buildAccount, signInAs } from '../../../test/factories.ts';
import { apiAs, eventually, type ListedAccount } from '../accounts/account.test-support.ts';
import { FriendsService } from './friends.service.ts';

const ctx = useTestServer();
let demo: Session;
let seat1: Session;
let acc: ListedAccount;
let acc2: ListedAccount;
let tagId: string;
/** A nickname of a friend, for keyword filters. */
let nickname: string;

const key = (f: Pick<FriendItem, 'workWxid' | 'friendWxid'>) => `${f.workWxid}/${f.friendWxid}`;

/** Every page of the list route, 7 rows a page: what a user paging the list sees, in order. */
async function paged(s: Session, body: Record<string, unknown>): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; ; page += 1) {
    const r = await apiAs(ctx, s).post<FriendsListResult>('/main-api/acc/friends-list', {
      ...body,
      page,
      pageSize: 7,
    });
    expect(r.status).toBe(200);
    out.push(...r.data.list.map(key));
    if (r.data.list.length < 7) return out;
  }
}

async function authOf(s: Session): Promise<AuthContext> {
  return (await resolveToken(ctx.deps.db, s.token, 3_600_000))!;
}

/** The export's rows read in chunks of `chunk`, as the export route reads them. */
async function exported(s: Session, body: Record<string, unknown>, chunk: number) {
  const out: string[] = [];
  const service = new FriendsService(ctx.deps);
  for await (const f of service.exportRows(await authOf(s), body, chunk)) out.push(key(f));
  return out;
}

beforeAll(async () => {
  ({ demo, seat1 } = await signInAs(ctx, 'demo', 'seat1'));
  acc = await buildAccount(ctx, demo, { nickname: '导出测试号', distributeTo: seat1 });
  acc2 = await buildAccount(ctx, demo, { nickname: '导出测试号二' });
  const api = apiAs(ctx, demo);
  const all = await eventually(async () => {
    const r = await api.post<FriendsListResult>('/main-api/acc/friends-list', { pageSize: 1000 });
    const works = new Set(r.data.list.map((f) => f.workWxid));
    return works.has(acc.wxid) && works.has(acc2.wxid) && r.data.list.length > 20
      ? r.data.list
      : undefined;
  }, 15000);
  nickname = all.find((f) => [...f.nickname].length >= 3)!.nickname;
  // Ties and gaps the keyset must continue across: several friends added at the very same
  // time, some at times finer than a millisecond, and some the platform gives no time for.
  const ids = (await ctx.deps.db.select({ id: contacts.id }).from(contacts)).map((r) => r.id);
  const set = (slice: string[], at: string | null) =>
    ctx.deps.db
      .update(contacts)
      .set({ addedAt: at === null ? null : sql`${at}::timestamptz` })
      .where(inArray(contacts.id, slice));
  await set(ids.slice(0, 9), '2026-03-01 08:00:00+00');
  await set(ids.slice(9, 13), '2026-03-01 08:00:00.000123+00');
  await set(ids.slice(13, 15), '2026-03-01 08:00:00.000456+00');
  await set(ids.slice(15, 24), null);
  const group = await api.post<{ id: string }>('/main-api/tags/group/add', { name: '导出分组' });
  const tag = await api.post<{ id: string }>('/main-api/tags/add', {
    groupId: group.data.id,
    name: '导出标签',
  });
  tagId = tag.data.id;
  const tagged = all.filter((_, i) => i % 2 === 0);
  const t = await api.post('/main-api/acc/add-friend-tag', {
    targets: tagged.map((f) => ({ workWxid: f.workWxid, friendWxid: f.friendWxid })),
    tagIds: [tagId],
    op: 'add',
  });
  expect(t.status).toBe(200);
});

describe('friends export (keyset chunks)', () => {
  it('gives exactly the rows of the list, in its order, whatever the chunk size', async () => {
    const filters: [Session, Record<string, unknown>][] = [
      [demo, {}],
      [demo, { workWxid: acc2.wxid }],
      [seat1, {}],
      [demo, { keyword: [...nickname][0] }],
      [demo, { keyword: nickname }],
      [demo, { keyword: acc.wxid.slice(0, 3) }],
      [demo, { addedFrom: Date.parse('2026-03-01T08:00:00Z') }],
      [demo, { addedTo: Date.parse('2026-03-01T08:00:00.001Z') }],
      [demo, { source: 'manual' }],
      [demo, { tagIds: [tagId] }],
      [seat1, { tagIds: [tagId], keyword: [...nickname][0] }],
    ];
    for (const [s, body] of filters) {
      const list = await paged(s, body);
      for (const chunk of [1, 4, 1000]) expect(await exported(s, body, chunk)).toEqual(list);
    }
    // The ties and the undated friends are all there, the undated last.
    const all = await paged(demo, {});
    expect(all.length).toBeGreaterThan(24);
    const r = await apiAs(ctx, demo).post<FriendsListResult>('/main-api/acc/friends-list', {
      pageSize: 1000,
    });
    const times = r.data.list.map((f) => f.addedAt);
    expect(times.filter((t) => t === Date.parse('2026-03-01T08:00:00Z'))).toHaveLength(15);
    expect(times.slice(-9)).toEqual(Array(9).fill(null));
  });

  it('streams the same rows in the same order through the route', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/main-api/acc/friends-export?tagIds=${tagId}`,
      headers: demo.headers,
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[] = [];
    book.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) rows.push(`${String(row.getCell(4).value)}/${String(row.getCell(3).value)}`);
    });
    expect(rows).toEqual(await paged(demo, { tagIds: [tagId] }));
  });

  it('refuses a hidden account or foreign tag before the file starts', async () => {
    const auth = await authOf(seat1);
    const rows = new FriendsService(ctx.deps).exportRows(auth, { workWxid: acc2.wxid });
    await expect(rows.next()).rejects.toMatchObject({ status: 404 });
  });
});
