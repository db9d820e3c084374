import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import type {
  BulkTagApplyResult,
  ConversationItem,
  FriendUpdatePush,
  FriendsListResult,
  TagGroupItem,
  TagsListResult,
} from '@cst/shared';
import { pushEvents } from '../../db/schema/index.ts';
import { rowsOf } from '../../platform/db.ts';
import type { ContactDto } from '../../gateway/types.ts';
import { useTestServer, type Session } from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  buildSeatWithRole,
  buildSignedInUser,
  signInAs,
} from '../../../test/factories.ts';
import {
  apiAs,
  eventually,
  gatewayIdle,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { ossToken, pngOf, uploadAs } from '../files/files.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let sub: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let readOnly: Session;
let acc: ListedAccount;
let acc2: ListedAccount;
let friends: ContactDto[];
let friends2: ContactDto[];

const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);
const tagList = async (s: Session = demo) => {
  const r = await api(s).post<TagsListResult>('/main-api/tags/list');
  expect(r.status).toBe(200);
  return r.data.list;
};
const findTag = (list: TagGroupItem[], id: string) =>
  list.flatMap((g) => g.tags).find((t) => t.id === id);
const addGroup = async (name: string, s: Session = demo) => {
  const r = await api(s).post<{ id: string }>('/main-api/tags/group/add', { name });
  expect(r.status).toBe(200);
  return r.data.id;
};
const addTag = async (groupId: string, name: string, color?: string) => {
  const r = await api().post<{ id: string }>('/main-api/tags/add', { groupId, name, color });
  expect(r.status).toBe(200);
  return r.data.id;
};
const tagFriends = (s: Session, targets: object[], tagIds: string[], op = 'add') =>
  api(s).post<{ changed: number }>('/main-api/acc/add-friend-tag', { targets, tagIds, op });
const targetsOf = (a: ListedAccount, list: ContactDto[]) =>
  list.map((f) => ({ workWxid: a.wxid, friendWxid: f.wxid }));
const friendsList = (s: Session, body: object) =>
  api(s).post<FriendsListResult>('/main-api/acc/friends-list', { pageSize: 1000, ...body });

/** Runs a bulk tagging step by step as the SPA does; the steps' answers. */
async function bulkApply(body: Record<string, unknown>, step = 7) {
  const steps: BulkTagApplyResult[] = [];
  let after: string | undefined;
  for (;;) {
    const r = await api().post<BulkTagApplyResult>('/main-api/tags/bulk/apply', {
      ...body,
      step,
      after,
    });
    expect(r.status).toBe(200);
    steps.push(r.data);
    if (!r.data.next) return steps;
    after = r.data.next;
  }
}

beforeAll(async () => {
  ({ demo, seat1, seat2 } = await signInAs(ctx, 'demo', 'seat1', 'seat2'));
  sub = await buildSignedInUser(ctx, { tenantId: demo.tenantId, role: 'subAdmin' });
  other = await buildOtherTenant(ctx);
  readOnly = await buildSeatWithRole(ctx, demo, {
    roleName: '只看会话',
    permissions: ['conversation.read'],
  });
  acc = await buildAccount(ctx, demo, { nickname: '标签测试号', distributeTo: seat1 });
  acc2 = await buildAccount(ctx, demo, { nickname: '标签测试号二' });
  const gw = ctx.deps.runtime.gateway;
  friends = await gw.listContacts(acc.wxid);
  friends2 = await gw.listContacts(acc2.wxid);
  expect(friends.length).toBeGreaterThan(10);
  await eventually(async () => {
    const r = await friendsList(demo, {});
    return r.data.total >= friends.length + friends2.length;
  }, 15000);
});

describe('tag groups and tags', () => {
  it('adds groups and tags in order, with counts of zero', async () => {
    const g1 = await addGroup('客户等级');
    const g2 = await addGroup('来源渠道');
    const vip = await addTag(g1, 'VIP', '#f5222d');
    const normal = await addTag(g1, '普通');
    // The same name in another group is fine.
    await addTag(g2, 'VIP');
    const list = await tagList();
    const names = list.map((g) => g.name);
    expect(names.indexOf('客户等级')).toBeLessThan(names.indexOf('来源渠道'));
    const level = list.find((g) => g.id === g1)!;
    expect(level.tags).toEqual([
      { id: vip, name: 'VIP', color: '#f5222d', count: 0 },
      { id: normal, name: '普通', color: '', count: 0 },
    ]);
  });

  it('refuses a name taken in the group (409) and empty or bad input (400)', async () => {
    const g = await addGroup('唯一性');
    await addTag(g, '重复');
    const dup = await api().post('/main-api/tags/add', { groupId: g, name: ' 重复 ' });
    expect(dup.status).toBe(409);
    expect(dup.message).toBe('该标签组中已有同名标签');
    const dupEn = await api(demo, 'en').post('/main-api/tags/add', { groupId: g, name: '重复' });
    expect(dupEn.message).toBe('This group already has a tag with this name');
    const dupGroup = await api().post('/main-api/tags/group/add', { name: '唯一性' });
    expect(dupGroup.status).toBe(409);
    expect(dupGroup.message).toBe('已有同名标签组');
    const empty = await api().post('/main-api/tags/add', { groupId: g, name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('请输入标签名称');
    const long = await api().post('/main-api/tags/add', { groupId: g, name: 'x'.repeat(31) });
    expect(long.status).toBe(400);
    const color = await api().post('/main-api/tags/add', { groupId: g, name: 'c', color: 'red' });
    expect(color.status).toBe(400);
    expect(color.message).toBe('颜色格式不正确，应为 #RRGGBB');
    const badId = await api().post('/main-api/tags/add', { groupId: 'nope', name: 'a' });
    expect(badId.status).toBe(400);
  });

  it('puts a tag without a group into the default group', async () => {
    const r = await api().post<{ id: string }>('/main-api/tags/add', { name: '无分组' });
    expect(r.status).toBe(200);
    const list = await tagList();
    const group = list.find((g) => g.tags.some((t) => t.id === r.data.id))!;
    expect(group.name).toBe('默认分组');
    const again = await api().post<{ id: string }>('/main-api/tags/add', { name: '无分组二' });
    expect((await tagList()).find((g) => g.id === group.id)!.tags.map((t) => t.id)).toContain(
      again.data.id,
    );
  });

  it('renames, recolours and moves a tag; renames a group', async () => {
    const g1 = await addGroup('改名前');
    const g2 = await addGroup('移动目标');
    const t = await addTag(g1, '旧名');
    await addTag(g2, '占用');
    const e = await api().post('/main-api/tags/edit', { id: t, name: '新名', color: '#52c41a' });
    expect(e.status).toBe(200);
    expect(findTag(await tagList(), t)).toMatchObject({ name: '新名', color: '#52c41a' });
    const move = await api().post('/main-api/tags/edit', { id: t, groupId: g2 });
    expect(move.status).toBe(200);
    expect((await tagList()).find((g) => g.id === g2)!.tags.map((x) => x.id)).toContain(t);
    const clash = await api().post('/main-api/tags/edit', { id: t, name: '占用' });
    expect(clash.status).toBe(409);
    const rg = await api().post('/main-api/tags/group/edit', { id: g1, name: '改名后' });
    expect(rg.status).toBe(200);
    expect((await tagList()).find((g) => g.id === g1)!.name).toBe('改名后');
  });

  it('orders groups and the tags of a group; a list that is not exactly them is 409', async () => {
    const g = await addGroup('排序');
    const a = await addTag(g, 'A');
    const b = await addTag(g, 'B');
    const c = await addTag(g, 'C');
    const r = await api().post('/main-api/tags/order', { groupId: g, ids: [c, a, b] });
    expect(r.status).toBe(200);
    expect((await tagList()).find((x) => x.id === g)!.tags.map((t) => t.id)).toEqual([c, a, b]);
    const partial = await api().post('/main-api/tags/order', { groupId: g, ids: [c, a] });
    expect(partial.status).toBe(409);
    const groups = (await tagList()).map((x) => x.id);
    const reversed = [...groups].reverse();
    const rg = await api().post('/main-api/tags/order', { ids: reversed });
    expect(rg.status).toBe(200);
    expect((await tagList()).map((x) => x.id)).toEqual(reversed);
    const missing = await api().post('/main-api/tags/order', {
      groupId: '00000000-0000-4000-8000-000000000000',
      ids: [a],
    });
    expect(missing.status).toBe(404);
  });

  it('keeps tenants apart: another tenant neither sees nor changes the tags', async () => {
    const g = await addGroup('租户隔离');
    const t = await addTag(g, '隔离');
    expect(await tagList(other)).toEqual([]);
    const edit = await api(other).post('/main-api/tags/edit', { id: t, name: 'x' });
    expect(edit.status).toBe(404);
    expect(edit.message).toBe('标签不存在');
    expect((await api(other).post('/main-api/tags/del', { ids: [t] })).status).toBe(404);
    expect((await api(other).post('/main-api/tags/group/del', { id: g })).status).toBe(404);
    expect((await api(other).post('/main-api/tags/group/edit', { id: g, name: 'y' })).status).toBe(
      404,
    );
    const into = await api(other).post('/main-api/tags/add', { groupId: g, name: 'z' });
    expect(into.status).toBe(404);
    expect(into.message).toBe('标签组不存在');
    expect(findTag(await tagList(), t)?.name).toBe('隔离');
  });

  it('lets a manager, a sub-admin and a seat manage tags; a read-only role only lists', async () => {
    const g = await addGroup('权限', sub);
    expect((await api(seat1).post('/main-api/tags/add', { groupId: g, name: '坐席' })).status).toBe(
      200,
    );
    expect((await tagList(readOnly)).some((x) => x.id === g)).toBe(true);
    const refused = await api(readOnly).post('/main-api/tags/add', { groupId: g, name: 'r' });
    expect(refused.status).toBe(403);
    expect((await api(readOnly).post('/main-api/tags/group/add', { name: 'r' })).status).toBe(403);
    expect((await api(readOnly).post('/main-api/tags/bulk/count', { filter: {} })).status).toBe(
      403,
    );
  });
});

describe('tags on contacts', () => {
  let group: string;
  let gold: string;
  let silver: string;

  beforeAll(async () => {
    group = await addGroup('联系人标签');
    gold = await addTag(group, '金牌');
    silver = await addTag(group, '银牌');
  });

  it('adds tags to friends once, counts them and shows them on the friends table', async () => {
    const targets = targetsOf(acc, friends.slice(0, 3));
    const r = await tagFriends(demo, targets, [gold, silver]);
    expect(r.status).toBe(200);
    expect(r.data.changed).toBe(6);
    expect((await tagFriends(demo, targets, [gold])).data.changed).toBe(0);
    expect(findTag(await tagList(), gold)!.count).toBe(3);
    const page = await friendsList(demo, { workWxid: acc.wxid });
    const tagged = page.data.list.find((f) => f.friendWxid === friends[0]!.wxid)!;
    expect(tagged.tags.map((t) => t.name)).toEqual(['金牌', '银牌']);
    const filtered = await friendsList(demo, { tagIds: [gold] });
    expect(filtered.data.total).toBe(3);
    expect(filtered.data.list.map((f) => f.friendWxid).sort()).toEqual(
      friends
        .slice(0, 3)
        .map((f) => f.wxid)
        .sort(),
    );
    const card = await api().post<{ tags: { name: string }[] }>('/main-api/tags/contact', {
      workWxid: acc.wxid,
      friendWxid: friends[0]!.wxid,
    });
    expect(card.data.tags.map((t) => t.name)).toEqual(['金牌', '银牌']);
  });

  it('tells those who see the account: friendUpdate with the tags as they are now', async () => {
    const f = friends[7]!;
    expect((await tagFriends(seat1, targetsOf(acc, [f]), [gold])).data.changed).toBe(1);
    const pushes = await ctx.deps.db
      .select()
      .from(pushEvents)
      .where(eq(pushEvents.event, 'friendUpdate'));
    const mine = pushes
      .map((p) => p.data as FriendUpdatePush)
      .filter((d) => d.upserted.some((x) => x.friendWxid === f.wxid));
    expect(mine.at(-1)?.upserted.find((x) => x.friendWxid === f.wxid)?.tags).toEqual([
      { id: gold, name: '金牌', color: '' },
    ]);
    // Nothing changed: nothing pushed.
    const before = pushes.length;
    await tagFriends(seat1, targetsOf(acc, [f]), [gold]);
    const after = await ctx.deps.db
      .select()
      .from(pushEvents)
      .where(eq(pushEvents.event, 'friendUpdate'));
    expect(after.length).toBe(before);
    await tagFriends(seat1, targetsOf(acc, [f]), [gold], 'remove');
  });

  it('removes tags; the count follows', async () => {
    const r = await tagFriends(demo, targetsOf(acc, friends.slice(2, 3)), [silver], 'remove');
    expect(r.data.changed).toBe(1);
    expect(findTag(await tagList(), silver)!.count).toBe(2);
  });

  it('lets a seat tag only friends of accounts it sees', async () => {
    const own = await tagFriends(seat1, targetsOf(acc, friends.slice(5, 6)), [gold]);
    expect(own.status).toBe(200);
    expect(own.data.changed).toBe(1);
    const hidden = await tagFriends(seat1, targetsOf(acc2, friends2.slice(0, 1)), [gold]);
    expect(hidden.status).toBe(404);
    expect(hidden.message).toBe('联系人账号不存在');
    expect((await tagFriends(seat2, targetsOf(acc, friends.slice(5, 6)), [gold])).status).toBe(404);
    const cardHidden = await api(seat2).post('/main-api/tags/contact', {
      workWxid: acc.wxid,
      friendWxid: friends[0]!.wxid,
    });
    expect(cardHidden.status).toBe(404);
    const seen = await friendsList(seat1, { tagIds: [gold] });
    expect(seen.data.list.every((f) => f.workWxid === acc.wxid)).toBe(true);
  });

  it('refuses unknown tags, another tenant and bad input', async () => {
    const unknown = await tagFriends(demo, targetsOf(acc, friends.slice(0, 1)), [
      '00000000-0000-4000-8000-000000000000',
    ]);
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('标签不存在');
    expect((await tagFriends(other, targetsOf(acc, friends.slice(0, 1)), [gold])).status).toBe(404);
    const noTargets = await tagFriends(demo, [], [gold]);
    expect(noTargets.status).toBe(400);
    expect(noTargets.message).toBe('请选择联系人');
    const noTags = await tagFriends(demo, targetsOf(acc, friends.slice(0, 1)), []);
    expect(noTags.status).toBe(400);
    expect(noTags.message).toBe('请选择标签');
    const badOp = await api().post('/main-api/acc/add-friend-tag', {
      targets: targetsOf(acc, friends.slice(0, 1)),
      tagIds: [gold],
      op: 'toggle',
    });
    expect(badOp.status).toBe(400);
    const notFriend = await tagFriends(
      demo,
      [{ workWxid: acc.wxid, friendWxid: 'wxid_nobody' }],
      [gold],
    );
    expect(notFriend.status).toBe(404);
    const badFilter = await friendsList(demo, { tagIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(badFilter.status).toBe(404);
  });

  it('filters the conversation list by a tag of the contact', async () => {
    const [tagged, untagged] = [friends[0]!, friends[8]!];
    for (const f of [tagged, untagged]) {
      const r = await api().post('/sim-api/inbound', {
        workWxid: acc.wxid,
        fromWxid: f.wxid,
        talkType: 1,
        msgType: 1,
        content: `标签会话 ${f.wxid}`,
      });
      expect(r.status).toBe(200);
    }
    await gatewayIdle(ctx);
    const conv = (body: object) =>
      api().post<{ list: ConversationItem[]; total: number }>('/main-api/conv/list', {
        mode: 'aggregated',
        pageSize: 500,
        ...body,
      });
    await eventually(async () => (await conv({})).data.list.length >= 2);
    const r = await conv({ tagIds: [gold] });
    expect(r.status).toBe(200);
    const peers = r.data.list.map((c) => c.receiver_id);
    expect(peers).toContain(tagged.wxid);
    expect(peers).not.toContain(untagged.wxid);
    expect(r.data.total).toBe(r.data.list.length);
    const one = await conv({ mode: 'account', workWxid: acc.wxid, tagIds: [gold] });
    expect(one.data.list.map((c) => c.receiver_id)).toContain(tagged.wxid);
  });

  it('deletes a tag with its links: the count was shown, the friends lose it', async () => {
    const before = findTag(await tagList(), silver)!.count;
    expect(before).toBe(2);
    const r = await api().post<{ removed: number; untagged: number }>('/main-api/tags/del', {
      ids: [silver],
    });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ removed: 1, untagged: 2 });
    expect(findTag(await tagList(), silver)).toBeUndefined();
    const page = await friendsList(demo, { workWxid: acc.wxid });
    const f = page.data.list.find((x) => x.friendWxid === friends[0]!.wxid)!;
    expect(f.tags.map((t) => t.name)).toEqual(['金牌']);
    expect((await api().post('/main-api/tags/del', { ids: [silver] })).status).toBe(404);
  });
});

describe('bulk tagging', () => {
  let bulkTag: string;
  let marker: string;

  beforeAll(async () => {
    const g = await addGroup('批量');
    bulkTag = await addTag(g, '批量打标');
    marker = await addTag(g, '标记');
  });

  const count = (filter: object, s: Session = demo) =>
    api(s).post<{ matched: number }>('/main-api/tags/bulk/count', { filter });

  it('counts the friends of a filter and tags all of them step by step', async () => {
    const all = await count({});
    expect(all.status).toBe(200);
    const visible = (await friendsList(demo, {})).data.total;
    expect(all.data.matched).toBe(visible);
    const one = await count({ workWxids: [acc.wxid] });
    expect(one.data.matched).toBe(friends.length);
    const steps = await bulkApply({
      filter: { workWxids: [acc.wxid] },
      tagIds: [bulkTag],
      op: 'add',
    });
    expect(steps.reduce((n, s) => n + s.processed, 0)).toBe(friends.length);
    expect(steps.reduce((n, s) => n + s.changed, 0)).toBe(friends.length);
    expect(steps.length).toBe(Math.floor(friends.length / 7) + 1);
    expect(findTag(await tagList(), bulkTag)!.count).toBe(friends.length);
    // Again: nothing to change.
    const again = await bulkApply({
      filter: { workWxids: [acc.wxid] },
      tagIds: [bulkTag],
      op: 'add',
    });
    expect(again.reduce((n, s) => n + s.changed, 0)).toBe(0);
  });

  it('filters by has / lacks tags, keyword, source and time', async () => {
    const has = await count({ hasTagIds: [bulkTag] });
    expect(has.data.matched).toBe(friends.length);
    const lacks = await count({ lacksTagIds: [bulkTag] });
    expect(lacks.data.matched).toBe((await count({})).data.matched - friends.length);
    const f = friends[4]!;
    const kw = await count({ workWxids: [acc.wxid], keyword: f.wxid });
    expect(kw.data.matched).toBe(1);
    expect((await count({ workWxids: [acc.wxid], source: 'task' })).data.matched).toBe(0);
    expect((await count({ workWxids: [acc.wxid], addedFrom: 0, addedTo: 1 })).data.matched).toBe(0);
    const removed = await bulkApply({
      filter: { workWxids: [acc.wxid], keyword: f.wxid },
      tagIds: [bulkTag],
      op: 'remove',
    });
    expect(removed.reduce((n, s) => n + s.changed, 0)).toBe(1);
    expect(findTag(await tagList(), bulkTag)!.count).toBe(friends.length - 1);
  });

  it('filters by membership of a group chat: the friends of the account among its members', async () => {
    const groups = await api().get<{ list: { id: string }[] }>(
      `/api/v1/contacts/list?cvType=2&wxid=${acc.wxid}`,
    );
    expect(groups.data.list.length).toBeGreaterThan(0);
    const groupId = groups.data.list[0]!.id;
    const rows = rowsOf<{ n: number }>(
      await ctx.deps.db.execute(sql`
        select count(*)::int as n from contacts c
        join work_accounts a on a.id = c.work_account_id and a.wxid = ${acc.wxid}
        where c.wxid in (select m.wxid from chat_group_members m
          join chat_groups g on g.id = m.chat_group_id
          where g.group_id = ${groupId} and g.work_account_id = a.id)`),
    );
    const expected = Number(rows[0]!.n);
    expect(expected).toBeGreaterThan(0);
    const r = await count({ workWxids: [acc.wxid], groupIds: [groupId] });
    expect(r.data.matched).toBe(expected);
    const bad = await count({ groupIds: ['not-a-group'] });
    expect(bad.status).toBe(400);
  });

  it('tags the friends of an uploaded list (txt) and refuses a file that is not a list', async () => {
    const token = await ossToken(ctx, demo);
    const wanted = friends2.slice(0, 4).map((f) => f.wxid);
    const key = `${token.dir}lists/${Date.now()}.txt`;
    const up = await uploadAs(ctx, token, key, Buffer.from(`wxid\n${wanted.join('\r\n')}\n\n`));
    expect(up.statusCode).toBe(200);
    const listUrl = `/oss-api/${key}`;
    expect((await count({ listUrl })).data.matched).toBe(4);
    const steps = await bulkApply({ filter: { listUrl }, tagIds: [marker], op: 'add' }, 100);
    expect(steps).toEqual([{ processed: 4, changed: 4, next: null }]);
    const bad = await count({ listUrl: '/oss-api/t/x/none.txt' });
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('名单文件无法读取，请上传 txt、xls 或 xlsx 文件');
    const emptyKey = `${token.dir}lists/${Date.now()}-empty.txt`;
    await uploadAs(ctx, token, emptyKey, Buffer.from('\n \n'));
    const empty = await count({ listUrl: `/oss-api/${emptyKey}` });
    expect(empty.status).toBe(400);
    // Another tenant cannot read this tenant's list.
    expect((await count({ listUrl }, other)).status).toBe(400);
  });

  it('reads an xlsx or xls list: the first column of the first sheet, a header row matching nobody', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('名单');
    sheet.addRow(['微信号', '备注']);
    for (const f of friends2.slice(5, 8)) sheet.addRow([f.wxid, '客户']);
    sheet.addRow(['wxid_not_a_friend']);
    const token = await ossToken(ctx, demo);
    const key = `${token.dir}lists/${Date.now()}.xlsx`;
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    expect((await uploadAs(ctx, token, key, bytes)).statusCode).toBe(200);
    expect((await count({ listUrl: `/oss-api/${key}` })).data.matched).toBe(3);
    // The same list saved by Excel 97–2003 (.xls).
    const old = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      old,
      XLSX.utils.aoa_to_sheet([['微信号'], ...friends2.slice(5, 9).map((f) => [f.wxid])]),
      '名单',
    );
    const xlsKey = `${token.dir}lists/${Date.now()}.xls`;
    const xls = XLSX.write(old, { bookType: 'biff8', type: 'buffer' }) as Buffer;
    expect((await uploadAs(ctx, token, xlsKey, xls)).statusCode).toBe(200);
    expect((await count({ listUrl: `/oss-api/${xlsKey}` })).data.matched).toBe(4);
    // A picture is no list.
    const png = `${token.dir}lists/${Date.now()}.png`;
    expect((await uploadAs(ctx, token, png, await pngOf())).statusCode).toBe(200);
    const refused = await count({ listUrl: `/oss-api/${png}` });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('名单文件无法读取，请上传 txt、xls 或 xlsx 文件');
  });

  it('keeps a seat to its accounts and refuses hidden accounts and unknown tags', async () => {
    expect((await count({}, seat1)).data.matched).toBe(friends.length);
    expect((await count({}, seat2)).data.matched).toBe(0);
    expect((await count({ workWxids: [acc2.wxid] }, seat1)).status).toBe(404);
    expect((await count({ workWxids: [acc.wxid] }, other)).status).toBe(404);
    const unknown = await count({ hasTagIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.status).toBe(404);
    const noTags = await api().post('/main-api/tags/bulk/apply', {
      filter: {},
      tagIds: [],
      op: 'add',
    });
    expect(noTags.status).toBe(400);
    const badStep = await api().post('/main-api/tags/bulk/apply', {
      filter: {},
      tagIds: [marker],
      op: 'add',
      step: 0,
    });
    expect(badStep.status).toBe(400);
    const badRange = await count({ addedFrom: 10, addedTo: 5 });
    expect(badRange.status).toBe(400);
  });

  it('deleting a group deletes its tags and their links', async () => {
    const g = await addGroup('整组删除');
    const t = await addTag(g, '临时');
    await tagFriends(demo, targetsOf(acc, friends.slice(0, 2)), [t]);
    const r = await api().post<{ removed: number; untagged: number }>('/main-api/tags/group/del', {
      id: g,
    });
    expect(r.data).toEqual({ removed: 1, untagged: 2 });
    expect((await tagList()).some((x) => x.id === g)).toBe(false);
    expect((await api().post('/main-api/tags/group/del', { id: g })).status).toBe(404);
  });

  it("removes a deleted friend's links and counts it no more", async () => {
    const g = await addGroup('删除好友');
    const t = await addTag(g, '将删除');
    const gone = friends[10]!;
    expect((await tagFriends(demo, targetsOf(acc, [gone, friends[11]!]), [t])).data.changed).toBe(
      2,
    );
    const del = await api().post('/main-api/acc/delete-friend', {
      workWxid: acc.wxid,
      friendWxid: gone.wxid,
    });
    expect(del.status).toBe(200);
    expect(findTag(await tagList(), t)!.count).toBe(1);
    const left = await friendsList(demo, { tagIds: [t] });
    expect(left.data.list.map((f) => f.friendWxid)).toEqual([friends[11]!.wxid]);
  });
});
