import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationItem, FriendsListResult, MessageItem, StatResult } from '@cst/shared';
import { login, useTestServer, type Session } from '../../../test/support.ts';
import { buildAccount, buildTenant, signInAs } from '../../../test/factories.ts';
import { conversations, pushEvents } from '../../db/schema/index.ts';
import { apiAs, eventually, type ListedAccount } from '../accounts/account.test-support.ts';
import { rowsOf } from '../../platform/db.ts';
import { backfillStatistics } from '../statistics/statistics.backfill.ts';
import { onPersonMerged } from './person-merge.service.ts';

// One person, one chat (issue 34 item 4) end to end with the simulator: the platform gives a
// person a new id (`/sim-api/merge-person`, as WhatsApp moves people to `@lid`) and the console
// keeps one chat — messages, tags, remark, assignment and unread carried — with the old id
// resolving to it; a replay changes nothing and other tenants are untouched.

const ctx = useTestServer();
let demo: Session;
let other: Session;
let acc: ListedAccount;
let otherAcc: ListedAccount;
let tagId: string;

const api = (s: Session = demo) => apiAs(ctx, s);
const idx = (peer: string, a = acc) => `1__${peer}__${a.wxid}`;

async function inbound(fromWxid: string, content: string, a = acc, s = demo) {
  const r = await api(s).post<{ msgId: string }>('/sim-api/inbound', {
    workWxid: a.wxid,
    fromWxid,
    talkType: 1,
    msgType: 1,
    content,
  });
  expect(r.status, r.message).toBe(200);
}

async function convs(s: Session = demo): Promise<ConversationItem[]> {
  const r = await api(s).post<{ list: ConversationItem[] }>('/main-api/conv/list', {
    mode: 'aggregated',
    pageSize: 100,
  });
  expect(r.status, r.message).toBe(200);
  return r.data.list;
}
const convOf = async (peer: string, a = acc, s = demo) =>
  (await convs(s)).find((c) => c.receiver_id === peer && c.workWxid === a.wxid);

async function texts(peer: string): Promise<string[]> {
  const r = await api().post<{ list: MessageItem[] }>('/main-api/conv/messages', {
    index_name: idx(peer),
    pageSize: 100,
  });
  expect(r.status, r.message).toBe(200);
  return r.data.list.map((m) => m.content).sort();
}

async function friend(wxid: string) {
  const r = await api().post<FriendsListResult>('/main-api/acc/friends-list', {
    workWxid: acc.wxid,
    pageSize: 1000,
  });
  expect(r.status, r.message).toBe(200);
  return r.data.list.filter((f) => f.friendWxid === wxid);
}

/** Writes twice as a new person, tags them, gives a remark and assigns the chat to demo. */
async function knownPerson(wxid: string, remark: string) {
  await inbound(wxid, `${wxid} 第一条`);
  await inbound(wxid, `${wxid} 第二条`);
  const conv = await eventually(async () => {
    const c = await convOf(wxid);
    return c?.unRead === 2 ? c : undefined;
  });
  const tagged = await api().post('/main-api/acc/add-friend-tag', {
    targets: [{ workWxid: acc.wxid, friendWxid: wxid }],
    tagIds: [tagId],
    op: 'add',
  });
  expect(tagged.status, tagged.message).toBe(200);
  const named = await api().post('/main-api/acc/friend-remark', {
    remark,
    friendWxid: wxid,
    uin: acc.wxid,
  });
  expect(named.status, named.message).toBe(200);
  const assigned = await api().post('/main-api/conv/assign', {
    index_name: conv.index_name,
    uid: demo.uid,
  });
  expect(assigned.status, assigned.message).toBe(200);
}

async function mergePerson(wxid: string, newWxid: string) {
  const r = await api().post<{ wxid: string }>('/sim-api/merge-person', {
    workWxid: acc.wxid,
    wxid,
    newWxid,
  });
  expect(r.status, r.message).toBe(200);
  expect(r.data.wxid).toBe(newWxid);
}

beforeAll(async () => {
  ({ demo } = await signInAs(ctx, 'demo'));
  const t = await buildTenant(ctx);
  other = await login(ctx, t.manager.username);
  const { admin } = await signInAs(ctx, 'admin');
  const ports = await apiAs(ctx, admin).post('/system-api/system/user/port/add', {
    tenantId: t.tenant.id,
    count: 1,
    days: 30,
  });
  expect(ports.status, ports.message).toBe(200);
  acc = await buildAccount(ctx, demo, { nickname: '合并测试号' });
  otherAcc = await buildAccount(ctx, other, { nickname: '别家号' });
  const tag = await api().post<{ id: string }>('/main-api/tags/add', { name: '合并标签' });
  expect(tag.status, tag.message).toBe(200);
  tagId = tag.data.id;
});

describe('one person, one chat', () => {
  it('a new id: the chat and the friend move to it, everything carried, the old chat gone', async () => {
    const otherBefore = async () =>
      (await convs(other)).map((c) => [c.index_name, c.unRead]).sort();
    await inbound('wxid_merge_a', '别家的消息', otherAcc, other);
    await eventually(() => convOf('wxid_merge_a', otherAcc, other));
    const untouched = await otherBefore();
    await knownPerson('wxid_merge_a', '老客户甲');

    await mergePerson('wxid_merge_a', '1001@lid');
    const conv = await eventually(() => convOf('1001@lid'));
    expect(await convOf('wxid_merge_a')).toBeUndefined();
    expect(conv).toMatchObject({ unRead: 2, assigneeUid: demo.uid, remark: '老客户甲' });
    expect(await texts('1001@lid')).toEqual(['wxid_merge_a 第一条', 'wxid_merge_a 第二条']);
    const [f] = await eventually(async () => {
      const list = await friend('1001@lid');
      return list.length === 1 ? list : undefined;
    });
    expect(f).toMatchObject({ remark: '老客户甲', tags: [expect.objectContaining({ id: tagId })] });
    expect(await friend('wxid_merge_a')).toEqual([]);

    // Browsers hear that the old chat is gone and which chat took its place.
    const pushes = await ctx.deps.db
      .select()
      .from(pushEvents)
      .where(eq(pushEvents.event, 'convMerged'));
    expect(pushes.map((p) => p.data)).toContainEqual(
      expect.objectContaining({
        index_name: idx('wxid_merge_a'),
        workWxid: acc.wxid,
        conv: expect.objectContaining({ index_name: idx('1001@lid') }),
      }),
    );

    // The old id still writes: it is the person's alias, so the same chat takes it.
    await inbound('wxid_merge_a', '旧号又来了');
    await eventually(async () => (await convOf('1001@lid'))?.unRead === 3 || undefined);
    expect(await convOf('wxid_merge_a')).toBeUndefined();
    expect(await texts('1001@lid')).toContain('旧号又来了');

    // The other tenant's chat with a person of the same id is as it was.
    expect(await otherBefore()).toEqual(untouched);
  });

  it('two chats of one person become one: messages, unread, tags, remark and assignment joined', async () => {
    await knownPerson('wxid_merge_b', '老客户乙');
    // The person's new id already wrote on its own: a second chat and friend.
    await inbound('1002@lid', '新号的消息');
    await eventually(() => convOf('1002@lid'));

    await mergePerson('wxid_merge_b', '1002@lid');
    await eventually(async () => ((await convOf('wxid_merge_b')) ? undefined : true));
    const conv = (await convOf('1002@lid'))!;
    expect(conv).toMatchObject({ unRead: 3, assigneeUid: demo.uid, remark: '老客户乙' });
    expect(await texts('1002@lid')).toEqual([
      'wxid_merge_b 第一条',
      'wxid_merge_b 第二条',
      '新号的消息',
    ]);
    const list = await friend('1002@lid');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      remark: '老客户乙',
      tags: [expect.objectContaining({ id: tagId })],
    });
    const rows = await ctx.deps.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.workWxid, acc.wxid), eq(conversations.talkType, 1)));
    expect(rows.filter((r) => r.peerId === 'wxid_merge_b' || r.peerId === '1002@lid')).toHaveLength(
      1,
    );
  });

  it('statistics count the merged person once: nothing lost, messages and service as they were', async () => {
    await knownPerson('wxid_merge_s', '老客户丙');
    const answer = await api().post('/main-api/conv/send-text', {
      workWxid: acc.wxid,
      receiver_id: 'wxid_merge_s',
      talkType: 1,
      content: '您好，请讲',
      sendingUUid: 'merge-stat-answer',
    });
    expect(answer.status, answer.message).toBe(200);
    // The person's new id wrote on its own and was tagged too: counted as a second friend.
    await inbound('1003@lid', '新号来了');
    await eventually(async () => ((await friend('1003@lid')).length === 1 ? true : undefined));
    // Its message stored too (the friend may come first): the reports below count it.
    await eventually(() => convOf('1003@lid'));
    const tagged = await api().post('/main-api/acc/add-friend-tag', {
      targets: [{ workWxid: acc.wxid, friendWxid: '1003@lid' }],
      tagIds: [tagId],
      op: 'add',
    });
    expect(tagged.status, tagged.message).toBe(200);

    const names = ['message', 'service', 'wxfriend', 'deletefriend', 'label'] as const;
    const reports = async () => {
      const out: Record<string, StatResult> = {};
      for (const n of names) {
        const r = await api().post<StatResult>(`/main-api/statistics/${n}`, {
          workWxids: [acc.wxid],
        });
        expect(r.status, r.message).toBe(200);
        out[n] = r.data;
      }
      return out;
    };
    const before = await reports();
    await mergePerson('wxid_merge_s', '1003@lid');
    await eventually(async () => ((await convOf('wxid_merge_s')) ? undefined : true));
    const after = await reports();

    // The chat's figures moved with its messages: the same totals.
    expect(after.message!.summary).toEqual(before.message!.summary);
    const service = (r: StatResult) => {
      const { served, sent, received, unanswered } = r.summary;
      return { served, sent, received, unanswered };
    };
    expect(service(after.service!)).toEqual(service(before.service!));
    // Nobody was lost: the second friend was the same person, counted once from now on.
    expect(after.deletefriend!.summary).toEqual(before.deletefriend!.summary);
    const f = before.wxfriend!.summary;
    expect(after.wxfriend!.summary).toEqual({
      ...f,
      friends: f.friends! - 1,
      added: f.added! - 1,
      net: f.net! - 1,
    });
    const tag = (r: StatResult) => r.rows!.find((x) => x.id === tagId)!.values;
    expect(tag(after.label!)).toEqual({
      ...tag(before.label!),
      contacts: tag(before.label!).contacts! - 1,
      added: tag(before.label!).added! - 1,
      net: tag(before.label!).net! - 1,
    });
    // No rolled-up row is left under the chat that went.
    const account = (await ctx.deps.runtime.accountOf(acc.wxid))!;
    const orphans = await ctx.deps.db.execute(sql`
      select count(*)::int as n from (
        select conversation_id from stat_service_turns where work_account_id = ${account.id}
        union all
        select conversation_id from stat_service_flow where work_account_id = ${account.id}
      ) x where not exists (select 1 from conversations c where c.id = x.conversation_id)`);
    expect(rowsOf<{ n: number }>(orphans)[0]!.n).toBe(0);
    // And as a rebuild of the rollups from the rows finds them.
    await backfillStatistics(ctx.deps.db, account.tenantId);
    expect(await reports()).toEqual(after);
  });

  it('a replay of a merge changes nothing', async () => {
    const account = (await ctx.deps.runtime.accountOf(acc.wxid))!;
    const before = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.workWxid, acc.wxid));
    expect(before.length).toBeGreaterThan(1);
    const friendsBefore = await friend('1002@lid');
    expect(friendsBefore).toHaveLength(1);
    await onPersonMerged(ctx.deps, account, {
      workWxid: acc.wxid,
      wxid: '1002@lid',
      aliasWxid: 'wxid_merge_b',
      contact: null,
      at: Date.now(),
    });
    const after = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.workWxid, acc.wxid));
    expect(after).toEqual(before);
    expect(await friend('1002@lid')).toEqual(friendsBefore);
  });

  it('refuses a person the account does not know and bad input', async () => {
    const unknown = await api().post('/sim-api/merge-person', {
      workWxid: acc.wxid,
      wxid: 'wxid_nobody_here',
      newWxid: '1003@lid',
    });
    expect(unknown.status).toBe(404);
    const bad = await api().post('/sim-api/merge-person', { workWxid: acc.wxid, wxid: '' });
    expect(bad.status).toBe(400);
    const foreign = await api(other).post('/sim-api/merge-person', {
      workWxid: acc.wxid,
      wxid: '1002@lid',
      newWxid: '1004@lid',
    });
    expect(foreign.status).not.toBe(200);
    expect(await convOf('1002@lid')).toBeDefined();
  });
});
