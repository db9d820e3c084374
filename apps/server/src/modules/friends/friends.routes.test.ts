import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ContactsListResult,
  ConversationItem,
  FriendItem,
  FriendsListResult,
  SyncFriendsResult,
} from '@cst/shared';
import { pushEvents, simPeople, workAccounts } from '../../db/schema/index.ts';
import type { ContactDto } from '../../gateway/types.ts';
import { useTestServer, type Session } from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  buildSeatWithRole,
  signInAs,
} from '../../../test/factories.ts';
import {
  addAccount,
  apiAs,
  eventually,
  gatewayIdle,
  type ListedAccount,
} from '../accounts/account.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let readOnly: Session;
let acc: ListedAccount;
let acc2: ListedAccount;
let friends: ContactDto[];
let friends2: ContactDto[];
/** A friend of `acc` with a conversation. */
let chatFriend: ContactDto;

const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);
const list = (s: Session, body: Record<string, unknown> = {}, lang?: string) =>
  api(s, lang).post<FriendsListResult>('/main-api/acc/friends-list', { pageSize: 1000, ...body });
const update = (s: Session, body: Record<string, unknown>, lang?: string) =>
  api(s, lang).post<FriendItem>('/main-api/acc/update-friend-info', {
    workWxid: acc.wxid,
    ...body,
  });
const platformFriends = (wxid: string) => ctx.deps.runtime.gateway.listContacts(wxid);

async function convOf(s: Session, peer: string) {
  const r = await api(s).post<{ list: ConversationItem[] }>('/main-api/conv/list', {
    mode: 'aggregated',
    pageSize: 500,
  });
  return r.data.list.find((c) => c.receiver_id === peer);
}

async function inbound(from: string, content: string) {
  const r = await api().post('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid: from,
    talkType: 1,
    msgType: 1,
    content,
  });
  expect(r.status).toBe(200);
  await gatewayIdle(ctx);
}

async function accountId(wxid: string) {
  const [row] = await ctx.deps.db
    .select({ id: workAccounts.id })
    .from(workAccounts)
    .where(eq(workAccounts.wxid, wxid));
  return row!.id;
}

beforeAll(async () => {
  ({ demo, seat1, seat2 } = await signInAs(ctx, 'demo', 'seat1', 'seat2'));
  other = await buildOtherTenant(ctx);
  readOnly = await buildSeatWithRole(ctx, demo, {
    roleName: '只看好友',
    permissions: ['conversation.read'],
  });
  acc = await buildAccount(ctx, demo, { nickname: '好友测试号', distributeTo: seat1 });
  acc2 = await buildAccount(ctx, demo, { nickname: '好友测试号二' });
  // readOnly (no contact.manage) is refused before visibility is looked at.
  friends = await platformFriends(acc.wxid);
  friends2 = await platformFriends(acc2.wxid);
  expect(friends.length).toBeGreaterThan(10);
  // The sync after login stored every friend.
  await eventually(async () => {
    const r = await list(demo);
    return r.data.total === friends.length + friends2.length;
  }, 15000);
  chatFriend = friends[3]!;
  await inbound(chatFriend.wxid, '你好');
  await eventually(() => convOf(seat1, chatFriend.wxid));
});

describe('friends-list', () => {
  it('lists every friend of the visible accounts with the fields of API.md', async () => {
    const r = await list(demo);
    expect(r.status).toBe(200);
    const mine = r.data.list.filter((f) => f.workWxid === acc.wxid);
    expect(mine.map((f) => f.friendWxid).sort()).toEqual(friends.map((f) => f.wxid).sort());
    const f = mine.find((x) => x.friendWxid === chatFriend.wxid)!;
    expect(f).toMatchObject({
      nickname: chatFriend.nickname,
      remark: chatFriend.remark,
      avatar: chatFriend.avatar,
      tags: [],
      addedAt: chatFriend.addedAt,
      source: 'phone',
      star: chatFriend.star,
      blacklist: chatFriend.blacklist,
      topChat: false,
    });
    // Newest first.
    const times = r.data.list.map((x) => x.addedAt ?? 0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages: page 2 follows page 1', async () => {
    const p1 = await list(demo, { workWxid: acc.wxid, pageSize: 5, page: 1 });
    const p2 = await list(demo, { workWxid: acc.wxid, pageSize: 5, page: 2 });
    expect(p1.data.total).toBe(friends.length);
    expect(p2.data.list).toHaveLength(5);
    const all = (await list(demo, { workWxid: acc.wxid })).data.list.map((f) => f.friendWxid);
    expect([...p1.data.list, ...p2.data.list].map((f) => f.friendWxid)).toEqual(all.slice(0, 10));
  });

  it("shows a seat only its accounts' friends, another tenant none", async () => {
    const s1 = await list(seat1);
    expect(s1.data.total).toBe(friends.length);
    expect(new Set(s1.data.list.map((f) => f.workWxid))).toEqual(new Set([acc.wxid]));
    expect((await list(seat2)).data).toEqual({ list: [], total: 0 });
    expect((await list(other)).data).toEqual({ list: [], total: 0 });
    const hidden = await list(seat1, { workWxid: acc2.wxid });
    expect(hidden.status).toBe(404);
    expect(hidden.message).toBe('工作号不存在');
    expect((await list(other, { workWxid: acc.wxid })).status).toBe(404);
  });

  it('finds a keyword in nickname, remark or wxid', async () => {
    const target = friends.find((f) => [...f.nickname].length >= 2)!;
    const part = [...target.nickname].slice(0, 2).join('');
    const r = await list(demo, { keyword: part });
    expect(r.data.list.map((f) => f.friendWxid)).toContain(target.wxid);
    // A keyword of two characters is a part of a name (not a wxid prefix).
    const lower = part.toLowerCase();
    const holds = (f: { nickname: string; remark: string }) =>
      f.nickname.toLowerCase().includes(lower) || f.remark.toLowerCase().includes(lower);
    expect(r.data.list.every(holds)).toBe(true);
    expect(r.data.total).toBe([...friends, ...friends2].filter(holds).length);
    // The total of a short keyword (kept per character) agrees with the rows.
    const all = await list(demo, { keyword: part, pageSize: 1000 });
    expect(all.data.list).toHaveLength(all.data.total);
    const char = [...target.nickname][0]!;
    const one = await list(demo, { keyword: char });
    expect(one.data.list.map((f) => f.friendWxid)).toContain(target.wxid);
    expect(one.data.total).toBe(
      [...friends, ...friends2].filter((f) => (f.nickname + f.remark).toLowerCase().includes(char))
        .length,
    );
    expect((await list(seat1, { keyword: char })).data.total).toBe(
      friends.filter((f) => (f.nickname + f.remark).toLowerCase().includes(char)).length,
    );
    const byWxid = await list(demo, { keyword: target.wxid.slice(0, -2) });
    expect(byWxid.data.list.map((f) => f.friendWxid)).toContain(target.wxid);
    expect((await list(demo, { keyword: '%' })).data.total).toBe(0);
    expect((await list(demo, { keyword: '没有这样的名字啊' })).data.total).toBe(0);
  });

  it('finds a character common to many names (read newest first) with its exact total', async () => {
    const all = [...friends, ...friends2];
    const text = (f: ContactDto) => (f.nickname + '\n' + f.remark).toLowerCase();
    const tally = new Map<string, number>();
    for (const f of all) for (const c of new Set(text(f))) tally.set(c, (tally.get(c) ?? 0) + 1);
    tally.delete('\n');
    const [char, n] = [...tally].sort((a, b) => b[1] - a[1])[0]!;
    // Common enough that the page is read off the added-time index (n² ≥ 5 × all).
    expect(n * n).toBeGreaterThanOrEqual(5 * all.length);
    const r = await list(demo, { keyword: char, pageSize: 20 });
    expect(r.data.total).toBe(n);
    expect(r.data.list).toHaveLength(Math.min(20, n));
    const newest = all
      .filter((f) => text(f).includes(char))
      .sort((a, b) => b.addedAt - a.addedAt)
      .slice(0, 20);
    expect(r.data.list.map((f) => f.addedAt)).toEqual(newest.map((f) => f.addedAt));
  });

  it('filters by added time and source', async () => {
    const sorted = [...friends].sort((a, b) => a.addedAt - b.addedAt);
    const mid = sorted[Math.floor(sorted.length / 2)]!.addedAt;
    const r = await list(demo, { workWxid: acc.wxid, addedFrom: mid });
    expect(r.data.total).toBe(friends.filter((f) => f.addedAt >= mid).length);
    const r2 = await list(demo, { workWxid: acc.wxid, addedTo: mid });
    expect(r2.data.total).toBe(friends.filter((f) => f.addedAt <= mid).length);
    expect((await list(demo, { source: 'task' })).data.total).toBe(0);
    expect((await list(demo, { workWxid: acc.wxid, source: 'phone' })).data.total).toBe(
      friends.length,
    );
    // A tag that is not the tenant's is 404 (the tag filter itself: tags.routes.test.ts).
    const tagged = await list(demo, { tagIds: ['7d3c8e2a-1111-4222-8333-444455556666'] });
    expect(tagged.status).toBe(404);
    expect(tagged.message).toBe('标签不存在');
  });

  it('refuses bad input with 400', async () => {
    for (const body of [
      { pageSize: 0 },
      { source: 'robot' },
      { addedFrom: 10, addedTo: 5 },
      { tagIds: ['not-a-uuid'] },
      { keyword: 'x'.repeat(65) },
      { workWxid: 5 },
    ]) {
      const r = await list(demo, body, 'en');
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('friends-export', () => {
  const exportAs = (s: Session, qs: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/main-api/acc/friends-export?tzOffset=-480${qs}`,
      headers: s.headers,
    });

  it('streams the filtered list as xlsx, a row per friend', async () => {
    const res = await exportAs(seat1, `&workWxid=${acc.wxid}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('昵称');
    const wxids = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > 1) wxids.add(String(row.getCell(3).value));
    });
    expect(wxids).toEqual(new Set((await list(seat1)).data.list.map((f) => f.friendWxid)));
  });

  it('hides accounts the caller does not see and refuses bad filters', async () => {
    expect((await exportAs(seat1, `&workWxid=${acc2.wxid}`)).statusCode).toBe(404);
    expect((await exportAs(other, `&workWxid=${acc.wxid}`)).statusCode).toBe(404);
    expect((await exportAs(demo, '&source=robot')).statusCode).toBe(400);
  });
});

describe('contacts/list', () => {
  const get = (s: Session, qs: string) =>
    api(s).get<ContactsListResult>(`/api/v1/contacts/list${qs}`);

  it('returns the friends of an account, the whole list in one page by default', async () => {
    const r = await get(seat1, `?wxid=${acc.wxid}`);
    expect(r.status).toBe(200);
    expect(r.data.total).toBe(friends.length);
    expect(r.data.list).toHaveLength(friends.length);
    expect(r.data.list[0]).toMatchObject({ type: 1, wxid: acc.wxid });
    const f = r.data.list.find((x) => x.id === chatFriend.wxid)!;
    expect(f).toMatchObject({ friendWxid: chatFriend.wxid, nickname: chatFriend.nickname });
  });

  it('returns groups for cvType 2, several accounts, and filters by name', async () => {
    const groups = await ctx.deps.runtime.gateway.listGroups(acc.wxid);
    const r = await get(demo, `?cvType=2&wxid=${acc.wxid}`);
    expect(r.data.list.map((g) => g.id).sort()).toEqual(groups.map((g) => g.groupId).sort());
    expect(r.data.list.every((g) => g.type === 2)).toBe(true);
    const both = await get(demo, `?wxids=${acc.wxid},${acc2.wxid}&pageSize=10&page=2`);
    expect(both.data.total).toBe(friends.length + friends2.length);
    expect(both.data.list).toHaveLength(10);
    const name = [...chatFriend.nickname].slice(0, 2).join('');
    const named = await get(demo, `?wxid=${acc.wxid}&friendName=${encodeURIComponent(name)}`);
    expect(named.data.list.map((x) => x.id)).toContain(chatFriend.wxid);
    expect(named.data.list.every((x) => x.nickname.includes(name) || x.remark.includes(name))).toBe(
      true,
    );
  });

  it('hides accounts the caller does not see', async () => {
    expect((await get(seat1, `?wxid=${acc2.wxid}`)).status).toBe(404);
    expect((await get(other, `?wxids=${acc.wxid}`)).status).toBe(404);
    expect((await get(seat2, '')).data).toEqual({ list: [], total: 0 });
    expect((await get(seat1, '')).data.total).toBe(friends.length);
  });

  it('refuses bad input with 400', async () => {
    for (const qs of ['?cvType=3', '?pageSize=10001', '?page=0', `?wxid=${'x'.repeat(129)}`]) {
      expect((await get(demo, qs)).status, qs).toBe(400);
    }
  });
});

describe('update-friend-info', () => {
  it('stars a friend; those who see the account are told', async () => {
    const r = await update(seat1, { friendWxid: chatFriend.wxid, star: true });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ friendWxid: chatFriend.wxid, star: true });
    const listed = (await list(demo, { keyword: chatFriend.wxid })).data.list[0];
    expect(listed?.star).toBe(true);
    const held = await platformFriends(acc.wxid);
    expect(held.find((f) => f.wxid === chatFriend.wxid)?.star).toBe(true);
    const pushes = await ctx.deps.db
      .select()
      .from(pushEvents)
      .where(and(eq(pushEvents.event, 'friendUpdate')));
    const mine = pushes.find((p) =>
      JSON.stringify(p.data).includes(`"friendWxid":"${chatFriend.wxid}"`),
    );
    expect(mine?.workAccountId).toBe(await accountId(acc.wxid));
  });

  it('blacklists a friend: the chat is blocked, its messages are stored but move nothing', async () => {
    const before = (await convOf(seat1, chatFriend.wxid))!;
    const r = await update(seat1, { friendWxid: chatFriend.wxid, blacklist: true });
    expect(r.data.blacklist).toBe(true);
    const blocked = (await convOf(seat1, chatFriend.wxid))!;
    expect(blocked.blocked).toBe(true);
    await inbound(chatFriend.wxid, '被拉黑后发来的消息');
    // Stored (the chat shows it when opened)…
    await eventually(async () => {
      const msgs = await api(seat1).post<{ list: { content: string }[] }>(
        '/main-api/conv/messages',
        { index_name: before.index_name },
      );
      return msgs.data.list.some((m) => m.content === '被拉黑后发来的消息');
    });
    // …but the list neither moves nor counts it.
    const after = (await convOf(seat1, chatFriend.wxid))!;
    expect(after.unRead).toBe(before.unRead);
    expect(after.latestMsgTime).toBe(before.latestMsgTime);
    const cleared = await update(seat1, { friendWxid: chatFriend.wxid, blacklist: false });
    expect(cleared.data.blacklist).toBe(false);
    expect((await convOf(seat1, chatFriend.wxid))!.blocked).toBe(false);
  });

  it('pins a friend: the platform and the chat are pinned', async () => {
    const r = await update(seat1, { friendWxid: chatFriend.wxid, topChat: true });
    expect(r.data.topChat).toBe(true);
    expect((await convOf(seat1, chatFriend.wxid))!.isPin).toBe(true);
    const card = await api(seat1).post<{ topChat: boolean }>('/main-api/acc/friend-info', {
      wxid: acc.wxid,
      friendWxid: chatFriend.wxid,
    });
    expect(card.data.topChat).toBe(true);
    await update(seat1, { friendWxid: chatFriend.wxid, topChat: false });
    expect((await convOf(seat1, chatFriend.wxid))!.isPin).toBe(false);
  });

  it('refuses a flag the platform lacks, clearly and before asking it', async () => {
    // A platform without the blacklist or without star / pin (WhatsApp lacks star and pin).
    const caps = ctx.deps.runtime.gateway.capabilities as Set<string>;
    caps.delete('blacklist');
    caps.delete('updateFriendInfo');
    try {
      const block = await update(seat1, { friendWxid: chatFriend.wxid, blacklist: true });
      expect(block.status).toBe(409);
      expect(block.message).toBe('当前平台不支持黑名单');
      const star = await update(seat1, { friendWxid: chatFriend.wxid, star: true }, 'en');
      expect(star.status).toBe(409);
      expect(star.message).toBe('This platform cannot star or pin friends');
      const pin = await update(seat1, { friendWxid: chatFriend.wxid, topChat: true });
      expect(pin.message).toBe('当前平台不支持星标和置顶好友');
      // Visibility first: an account the caller cannot see is still a 404.
      expect((await update(seat2, { friendWxid: chatFriend.wxid, blacklist: true })).status).toBe(
        404,
      );
      caps.add('blacklist');
      // Blocking works without star / pin; a mixed change is refused as a whole.
      const ok = await update(seat1, { friendWxid: chatFriend.wxid, blacklist: true });
      expect(ok.status, ok.message).toBe(200);
      expect(ok.data.blacklist).toBe(true);
      const held = async () =>
        (await platformFriends(acc.wxid)).find((f) => f.wxid === chatFriend.wxid);
      const before = await held();
      expect(before?.blacklist).toBe(true);
      const mixed = await update(seat1, {
        friendWxid: chatFriend.wxid,
        blacklist: false,
        star: !before?.star,
      });
      expect(mixed.status).toBe(409);
      // Nothing of it reached the platform.
      expect(await held()).toEqual(before);
      expect((await update(seat1, { friendWxid: chatFriend.wxid, blacklist: false })).status).toBe(
        200,
      );
    } finally {
      caps.add('blacklist');
      caps.add('updateFriendInfo');
    }
  });

  it('refuses an empty change, strangers, hidden accounts and read-only roles', async () => {
    const empty = await update(seat1, { friendWxid: chatFriend.wxid }, 'en');
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('Choose a setting to change');
    const stranger = await update(seat1, { friendWxid: 'wxid_nobody_here', star: true });
    expect(stranger.status).toBe(404);
    expect(stranger.message).toBe('联系人账号不存在');
    expect((await update(seat2, { friendWxid: chatFriend.wxid, star: true })).status).toBe(404);
    expect((await update(other, { friendWxid: chatFriend.wxid, star: true })).status).toBe(404);
    expect((await update(readOnly, { friendWxid: chatFriend.wxid, star: true })).status).toBe(403);
    expect((await update(seat1, { friendWxid: chatFriend.wxid, star: 'yes' })).status).toBe(400);
  });
});

describe('delete-friend and sync-friends', () => {
  it('deletes a friend; the chat stays, marked; a second delete is a conflict', async () => {
    const del = (s: Session) =>
      api(s).post('/main-api/acc/delete-friend', {
        workWxid: acc.wxid,
        friendWxid: chatFriend.wxid,
      });
    expect((await del(seat2)).status).toBe(404);
    expect((await del(readOnly)).status).toBe(403);
    const r = await del(seat1);
    expect(r.status).toBe(200);
    const conv = await convOf(seat1, chatFriend.wxid);
    expect(conv?.notFriend).toBe(true);
    expect((await list(seat1, { keyword: chatFriend.wxid })).data.total).toBe(0);
    // The kept totals follow: per account, and per character of the names.
    const char = [...chatFriend.nickname][0]!;
    const rows = await list(seat1, { keyword: char, pageSize: 1000 });
    expect(rows.data.total).toBe(rows.data.list.length);
    expect(rows.data.list.map((f) => f.friendWxid)).not.toContain(chatFriend.wxid);
    expect((await list(seat1)).data.total).toBe(friends.length - 1);
    expect((await api(seat1).get<ContactsListResult>('/api/v1/contacts/list')).data.total).toBe(
      friends.length - 1,
    );
    const again = await del(seat1);
    expect(again.status).toBe(409);
    expect(again.message).toBe('对方已不是好友');
    // Not a friend any more: no star either.
    expect((await update(seat1, { friendWxid: chatFriend.wxid, star: true })).status).toBe(409);
  });

  it('syncs the platform list: counts of friends added, removed and changed', async () => {
    const db = ctx.deps.db;
    const held = await platformFriends(acc2.wxid);
    const [gone, renamed] = [held[0]!, held[1]!];
    // Changes made on the platform without events (as a missed sync would leave them).
    await db
      .update(simPeople)
      .set({ isFriend: false })
      .where(and(eq(simPeople.accountWxid, acc2.wxid), eq(simPeople.wxid, gone.wxid)));
    await db
      .update(simPeople)
      .set({ remark: '同步改的备注' })
      .where(and(eq(simPeople.accountWxid, acc2.wxid), eq(simPeople.wxid, renamed.wxid)));
    const stranger = (await db.select().from(simPeople).where(eq(simPeople.isFriend, false))).find(
      (p) => p.accountWxid === acc2.wxid && p.wxid !== gone.wxid,
    )!;
    await db
      .update(simPeople)
      .set({ isFriend: true })
      .where(and(eq(simPeople.accountWxid, acc2.wxid), eq(simPeople.wxid, stranger.wxid)));
    const sync = () =>
      api().post<SyncFriendsResult>('/main-api/acc/sync-friends', { workWxid: acc2.wxid });
    const r = await sync();
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ added: 1, removed: 1, changed: 1, total: held.length });
    const stored = await list(demo, { workWxid: acc2.wxid });
    const wxids = stored.data.list.map((f) => f.friendWxid);
    expect(wxids).toContain(stranger.wxid);
    expect(wxids).not.toContain(gone.wxid);
    expect(stored.data.list.find((f) => f.friendWxid === renamed.wxid)?.remark).toBe(
      '同步改的备注',
    );
    // A changed remark moves its characters' counts.
    const renamedHit = await list(demo, { workWxid: acc2.wxid, keyword: '同步' });
    expect(renamedHit.data).toMatchObject({ total: 1, list: [{ friendWxid: renamed.wxid }] });
    // A longer keyword (looked up by its rarest pairs, rechecked whole).
    const longHit = await list(demo, { keyword: '改的备注' });
    expect(longHit.data).toMatchObject({ total: 1, list: [{ friendWxid: renamed.wxid }] });
    expect((await list(demo, { keyword: '备注的改' })).data.total).toBe(0);
    expect((await sync()).data).toEqual({ added: 0, removed: 0, changed: 0, total: held.length });
    // A seat that does not see the account, and another tenant, get 404.
    const hidden = await api(seat1).post('/main-api/acc/sync-friends', { workWxid: acc2.wxid });
    expect(hidden.status).toBe(404);
    expect(
      (await api(other).post('/main-api/acc/sync-friends', { workWxid: acc2.wxid })).status,
    ).toBe(404);
    expect((await api().post('/main-api/acc/sync-friends', {})).status).toBe(400);
  });

  it('answers 409 when the account is not online', async () => {
    const acc3 = await addAccount(ctx, demo, { nickname: '掉线号' });
    const some = (await platformFriends(acc3.wxid))[0]!;
    await eventually(
      async () => (await list(demo, { workWxid: acc3.wxid })).data.total > 0 || undefined,
    );
    const fault = await api().post('/sim-api/fault', { workWxid: acc3.wxid, kind: 'kickOut' });
    expect(fault.status).toBe(200);
    await gatewayIdle(ctx);
    const r = await api().post('/main-api/acc/update-friend-info', {
      workWxid: acc3.wxid,
      friendWxid: some.wxid,
      star: true,
    });
    expect(r.status).toBe(409);
    const d = await api().post('/main-api/acc/delete-friend', {
      workWxid: acc3.wxid,
      friendWxid: some.wxid,
    });
    expect(d.status).toBe(409);
  });
});
