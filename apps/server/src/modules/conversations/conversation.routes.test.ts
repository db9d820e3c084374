import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationItem, MessageItem } from '@cst/shared';
import { login, useTestServer, type Session } from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  quickSimulator,
  signInAs,
} from '../../../test/factories.ts';
import { chatGroups, conversations, workAccounts } from '../../db/schema/index.ts';
import { apiAs, eventually, type ListedAccount } from '../accounts/account.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let acc: ListedAccount;

const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);
const FRIEND = 'wxid_conv_friend_1';

async function inbound(content: string, fromWxid = FRIEND, msgType = 1) {
  const r = await api().post<{ msgId: string }>('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid,
    talkType: 1,
    msgType,
    content,
  });
  expect(r.status).toBe(200);
  return r.data.msgId;
}

async function list(s: Session, body: Record<string, unknown>) {
  const r = await api(s).post<{ list: ConversationItem[]; total: number }>(
    '/main-api/conv/list',
    body,
  );
  return r;
}

async function convOf(s: Session, peer: string) {
  const r = await list(s, { mode: 'aggregated', pageSize: 100 });
  return r.data.list.find((c) => c.receiver_id === peer);
}

const idx = (peer = FRIEND) => `1__${peer}__${acc.wxid}`;

async function messagesOf(s: Session, peer = FRIEND, extra: Record<string, unknown> = {}) {
  return api(s).post<{ list: MessageItem[]; hasMore: boolean }>('/main-api/conv/messages', {
    index_name: idx(peer),
    ...extra,
  });
}

beforeAll(async () => {
  ({ demo, seat1, seat2 } = await signInAs(ctx, 'demo', 'seat1', 'seat2'));
  other = await buildOtherTenant(ctx);
  acc = await buildAccount(ctx, demo, { nickname: '收件箱测试号', distributeTo: seat1 });
  await quickSimulator(ctx, demo);
});

describe('inbound messages', () => {
  it('creates the conversation with unread, preview and the index_name of API.md', async () => {
    await inbound('你好，在吗？');
    const conv = await eventually(() => convOf(seat1, FRIEND));
    expect(conv).toMatchObject({
      index_name: idx(),
      talkType: 1,
      receiver_id: FRIEND,
      workWxid: acc.wxid,
      unRead: 1,
      msg_text: '你好，在吗？',
    });
    expect(conv.latestMsgTime).toBeGreaterThan(Date.now() - 60_000);
    const msgs = await messagesOf(seat1);
    expect(msgs.data.list.at(-1)).toMatchObject({
      content: '你好，在吗？',
      sendSide: 2,
      msgType: 1,
    });
  });

  it('counts unread per conversation, per account and in total; read clears it', async () => {
    await inbound('第二条');
    await inbound('第三条');
    const conv = await eventually(async () => {
      const c = await convOf(seat1, FRIEND);
      return c && c.unRead === 3 ? c : undefined;
    });
    expect(conv.msg_text).toBe('第三条');
    const summary = await api(seat1).post<{
      total: number;
      accounts: { wxid: string; unRead: number }[];
    }>('/main-api/conv/unread');
    expect(summary.data.total).toBe(3);
    expect(summary.data.accounts).toEqual([{ wxid: acc.wxid, unRead: 3 }]);
    const read = await api(seat1).post<{ cleared: number }>('/main-api/conv/read', {
      index_name: idx(),
    });
    expect(read.data.cleared).toBe(1);
    expect((await convOf(seat1, FRIEND))?.unRead).toBe(0);
    const again = await api(seat1).post<{ cleared: number }>('/main-api/conv/read', {
      index_name: idx(),
    });
    expect(again.data.cleared).toBe(0);
    expect((await api(seat1).post<{ total: number }>('/main-api/conv/unread')).data.total).toBe(0);
  });

  it('never counts below 0 with reads racing arrivals', async () => {
    const peer = 'wxid_conv_race';
    await inbound('first', peer);
    await eventually(() => convOf(seat1, peer));
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => inbound(`race ${i}`, peer)),
      ...Array.from({ length: 10 }, () =>
        api(seat1).post('/main-api/conv/read', { index_name: idx(peer) }),
      ),
    ]);
    await (
      ctx.app as unknown as { messageIngest: { drained(): Promise<void> } }
    ).messageIngest.drained();
    const conv = await convOf(seat1, peer);
    expect(conv!.unRead).toBeGreaterThanOrEqual(0);
    expect(conv!.unRead).toBeLessThanOrEqual(11);
    const msgs = await messagesOf(seat1, peer, { limit: 100 });
    expect(msgs.data.list).toHaveLength(11);
  });

  it('clears one account (mode 1) or everything (mode 2)', async () => {
    await inbound('a', 'wxid_conv_m1');
    await inbound('b', 'wxid_conv_m2');
    await eventually(async () => {
      const [m1, m2] = await Promise.all([
        convOf(seat1, 'wxid_conv_m1'),
        convOf(seat1, 'wxid_conv_m2'),
      ]);
      return m1?.unRead === 1 && m2?.unRead === 1;
    });
    const m1 = await api(seat1).post<{ cleared: number }>('/main-api/conv/read', {
      mode: 1,
      workWxid: acc.wxid,
    });
    expect(m1.data.cleared).toBeGreaterThanOrEqual(2);
    expect((await api(seat1).post<{ total: number }>('/main-api/conv/unread')).data.total).toBe(0);
    await inbound('c', 'wxid_conv_m1');
    await eventually(async () => (await convOf(seat1, 'wxid_conv_m1'))?.unRead === 1);
    await api(seat1).post('/main-api/conv/read', { mode: 2 });
    expect((await api(seat1).post<{ total: number }>('/main-api/conv/unread')).data.total).toBe(0);
  });
});

describe('sending', () => {
  it('stores at once, then goes sent → delivered → read', async () => {
    const r = await api(seat1).post<{ messageId: string; requestId: string }>(
      '/main-api/conv/send-text',
      {
        workWxid: acc.wxid,
        receiver_id: FRIEND,
        talkType: 1,
        content: '  您好，有什么可以帮您？  ',
        sendingUUid: 'uuid-1',
      },
    );
    expect(r.status).toBe(200);
    expect(r.data.messageId).toMatch(/^\d+$/);
    const mine = async () =>
      (await messagesOf(seat1)).data.list.find((m) => m.messageId === r.data.messageId);
    const first = await mine();
    expect(first).toMatchObject({
      sendSide: 1,
      content: '您好，有什么可以帮您？',
      sendingUUid: 'uuid-1',
    });
    const done = await eventually(async () => {
      const m = await mine();
      return m?.readOK ? m : undefined;
    });
    expect(done).toMatchObject({ sendOk: true, deliveryOK: true, readOK: true, failed: false });
    expect(done.msgId).toBeTruthy();
    const conv = await convOf(seat1, FRIEND);
    expect(conv!.msg_text).toBe('您好，有什么可以帮您？');
    expect(conv!.unRead).toBe(0);
  });

  it('quotes a received message', async () => {
    const msgId = await inbound('请问价格？');
    await eventually(async () =>
      (await messagesOf(seat1)).data.list.find((m) => m.msgId === msgId),
    );
    const r = await api(seat1).post<{ messageId: string }>('/main-api/conv/send-refer-message', {
      workWxid: acc.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      content: '99 元',
      sendingUUid: 'uuid-q',
      refMsgId: msgId,
    });
    expect(r.status).toBe(200);
    const m = (await messagesOf(seat1)).data.list.find((x) => x.messageId === r.data.messageId);
    expect(m).toMatchObject({ msgType: 19, refMsgId: msgId, refContent: '请问价格？' });
  });

  it('revokes its own message and refuses others', async () => {
    const r = await api(seat1).post<{ messageId: string }>('/main-api/conv/send-text', {
      workWxid: acc.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      content: '发错了',
      sendingUUid: 'uuid-r',
    });
    await eventually(async () =>
      (await messagesOf(seat1)).data.list.find((m) => m.messageId === r.data.messageId && m.sendOk),
    );
    const rv = await api(seat1).post('/main-api/conv/revoke/message', {
      messageId: r.data.messageId,
    });
    expect(rv.status).toBe(200);
    const m = await eventually(async () =>
      (await messagesOf(seat1)).data.list.find(
        (x) => x.messageId === r.data.messageId && x.revoked,
      ),
    );
    expect(m.msgType).toBe(99);
    const received = (await messagesOf(seat1)).data.list.find((x) => x.sendSide === 2)!;
    const refused = await api(seat1).post('/main-api/conv/revoke/message', {
      messageId: received.messageId,
    });
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('只能撤回自己发送的消息');
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const empty = await api(seat1).post('/main-api/conv/send-text', {
      workWxid: acc.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      content: '   ',
      sendingUUid: 'u',
    });
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('消息内容不能为空');
    const long = await api(seat1, 'en').post('/main-api/conv/send-text', {
      workWxid: acc.wxid,
      receiver_id: FRIEND,
      talkType: 3,
      content: 'x',
      sendingUUid: 'u',
    });
    expect(long.status).toBe(400);
    const bad = await api(seat1).post('/main-api/conv/messages', { index_name: 'nonsense' });
    expect(bad.status).toBe(400);
    const nul = await api(seat1).post('/main-api/conv/send-text', {
      workWxid: acc.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      content: 'a\u0000b',
      sendingUUid: 'u',
    });
    expect(nul.status).toBe(400);
    expect(nul.message).toBe('content 含有不允许的空字符');
  });
});

describe('visibility', () => {
  it('a seat without the account, and another tenant, see nothing', async () => {
    expect((await list(seat2, { mode: 'aggregated' })).data.total).toBe(0);
    // Naming the account does not help: 404, as for an account that does not exist.
    for (const [who, wxid] of [
      [seat2, acc.wxid],
      [other, acc.wxid],
      [demo, 'wxid_no_such_account'],
    ] as const) {
      const r = await list(who, { mode: 'account', workWxid: wxid });
      expect(r.status).toBe(404);
      expect(r.data).toBeFalsy();
    }
    expect((await messagesOf(seat2)).status).toBe(404);
    expect((await messagesOf(other)).status).toBe(404);
    const send = await api(other).post('/main-api/conv/send-text', {
      workWxid: acc.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      content: 'hi',
      sendingUUid: 'x',
    });
    expect(send.status).toBe(404);
    const read = await api(seat2).post('/main-api/conv/read', { mode: 1, workWxid: acc.wxid });
    expect(read.status).toBe(404);
    expect((await list(other, { mode: 'aggregated' })).data.total).toBe(0);
    expect((await api(other).post<{ total: number }>('/main-api/conv/unread')).data.total).toBe(0);
  });

  it('the manager sees the tenant, the superior of the seat sees its seat', async () => {
    const sup = await login(ctx, 'demo-sup');
    expect((await convOf(demo, FRIEND))?.index_name).toBe(idx());
    expect((await convOf(sup, FRIEND))?.index_name).toBe(idx());
  });
});

describe('list modes and paging', () => {
  it('pins first, then newest; unread and pinned modes filter', async () => {
    await inbound('older', 'wxid_conv_p1');
    await eventually(() => convOf(seat1, 'wxid_conv_p1'));
    await inbound('newer', 'wxid_conv_p2');
    await eventually(() => convOf(seat1, 'wxid_conv_p2'));
    const pin = await api(seat1).post('/main-api/conv/pin', {
      index_name: idx('wxid_conv_p1'),
      isPin: true,
    });
    expect(pin.status).toBe(200);
    const all = (await list(seat1, { mode: 'account', workWxid: acc.wxid, pageSize: 50 })).data
      .list;
    expect(all[0]!.receiver_id).toBe('wxid_conv_p1');
    expect(all[0]!.isPin).toBe(true);
    const rest = all.slice(1).map((c) => c.latestMsgTime);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    const pinned = (await list(seat1, { mode: 'pinned' })).data;
    expect(pinned.list.map((c) => c.receiver_id)).toEqual(['wxid_conv_p1']);
    const unread = (await list(seat1, { mode: 'unread' })).data.list;
    expect(unread.every((c) => c.unRead > 0)).toBe(true);
    const needsAccount = await list(seat1, { mode: 'account' });
    expect(needsAccount.status).toBe(400);
  });

  it('filters single or group chats', async () => {
    const singles = (await list(seat1, { mode: 'aggregated', talkType: 1, pageSize: 100 })).data;
    expect(singles.total).toBeGreaterThan(0);
    expect(singles.list.every((c) => c.talkType === 1)).toBe(true);
    const groups = (await list(seat1, { mode: 'aggregated', talkType: 2 })).data;
    expect(groups.list.every((c) => c.talkType === 2)).toBe(true);
    expect((await list(seat1, { mode: 'aggregated', talkType: 3 })).status).toBe(400);
  });

  it('gives the count of conversations of each mode and filter, and keeps it as chats start', async () => {
    const count = async (body: Record<string, unknown>) => {
      const all: ConversationItem[] = [];
      let total = -1;
      for (let page = 1; ; page++) {
        const r = (await list(seat1, { ...body, page, pageSize: 100 })).data;
        total = r.total;
        all.push(...r.list);
        if (r.list.length < 100) break;
      }
      return { total, rows: all.length };
    };
    const modes = [
      { mode: 'account', workWxid: acc.wxid },
      { mode: 'aggregated' },
      { mode: 'aggregated', talkType: 1 },
      { mode: 'aggregated', talkType: 2 },
      { mode: 'unread' },
    ];
    const before = await Promise.all(modes.map(count));
    for (const c of before) expect(c.total).toBe(c.rows);
    await inbound('a new chat', 'wxid_conv_count_new');
    await eventually(() => convOf(seat1, 'wxid_conv_count_new'));
    const after = await Promise.all(modes.map(count));
    for (const c of after) expect(c.total).toBe(c.rows);
    expect(after[0]!.total).toBe(before[0]!.total + 1);
    expect(after[1]!.total).toBe(before[1]!.total + 1);
    expect(after[2]!.total).toBe(before[2]!.total + 1);
    expect(after[3]!.total).toBe(before[3]!.total);
    // A seat without the account counts nothing of it.
    expect((await list(seat2, { mode: 'aggregated' })).data.total).toBe(0);
    // Removed conversations leave the count too.
    await ctx.deps.db.delete(conversations).where(eq(conversations.peerId, 'wxid_conv_count_new'));
    const removed = await count(modes[0]!);
    expect(removed).toEqual({ total: before[0]!.total, rows: before[0]!.total });
  });

  it('gives the times of a chat to the millisecond, and a chat without messages its last change', async () => {
    const peer = 'wxid_conv_times';
    await inbound('时间', peer);
    await eventually(() => convOf(demo, peer));
    // Microseconds are cut, not rounded, as a Date of the row does; latest 0 is the "1970" chat.
    await ctx.deps.db
      .update(conversations)
      .set({
        createdAt: sql`'2026-03-01 10:00:00.123789+00'::timestamptz`,
        updatedAt: sql`'2026-03-02 11:30:00.456999+00'::timestamptz`,
        latestMsgTime: 0,
      })
      .where(eq(conversations.peerId, peer));
    const r = await list(demo, { mode: 'aggregated', keyword: peer });
    expect(r.data.list).toHaveLength(1);
    expect(r.data.list[0]).toMatchObject({
      createdAt: Date.parse('2026-03-01T10:00:00.123Z'),
      createSort: Date.parse('2026-03-01T10:00:00.123Z'),
      latestMsgTime: Date.parse('2026-03-02T11:30:00.456Z'),
    });
  });

  it('searches by name and remark', async () => {
    const found = (await list(seat1, { mode: 'aggregated', keyword: 'wxid_conv_p2' })).data;
    expect(found.list.map((c) => c.receiver_id)).toEqual(['wxid_conv_p2']);
    expect((await list(seat1, { mode: 'aggregated', keyword: '不存在的名字' })).data.total).toBe(0);
  });

  it('finds a keyword in the name, remark or id in any case, literally, never across two, with exact totals', async () => {
    const chats: [string, string, string][] = [
      ['wxid_kwq_1', 'Alice 王', ''],
      ['wxid_kwq_2', '张三', 'VIP alice'],
      ['wxid_kwq_alice_3', 'x', ''],
      ['wxid_kwq_4', 'ab', 'cd'],
      ['wxid_kwq_5', 'line\nbreak', ''],
      ['wxid_kwq_6', '100%_off', ''],
    ];
    for (const [peer, nickname, remark] of chats) {
      await inbound('找我', peer);
      await eventually(() => convOf(demo, peer));
      await ctx.deps.db
        .update(conversations)
        .set({ nickname, remark })
        .where(eq(conversations.peerId, peer));
    }
    const search = async (keyword: string, page = 1, pageSize = 50) => {
      const r = await list(demo, { mode: 'aggregated', keyword, page, pageSize });
      expect(r.status, r.message).toBe(200);
      return { peers: r.data.list.map((c) => c.receiver_id).sort(), total: r.data.total };
    };
    const alice = ['wxid_kwq_1', 'wxid_kwq_2', 'wxid_kwq_alice_3'];
    expect(await search('ALICE')).toEqual({ peers: alice, total: 3 });
    expect(await search('王')).toEqual({ peers: ['wxid_kwq_1'], total: 1 });
    // Every page of a search that fills its first page carries the whole total.
    const pages = [await search('aLiCe', 1, 2), await search('aLiCe', 2, 2)];
    expect(pages.map((p) => p.total)).toEqual([3, 3]);
    expect(pages.flatMap((p) => p.peers).sort()).toEqual(alice);
    expect(await search('alice', 3, 2)).toEqual({ peers: [], total: 3 });
    // Wildcards are literal; a line break matches within one field, not between two.
    expect(await search('0%_o')).toEqual({ peers: ['wxid_kwq_6'], total: 1 });
    expect(await search('%')).toEqual({ peers: ['wxid_kwq_6'], total: 1 });
    expect(await search('b\nc')).toEqual({ peers: [], total: 0 });
    expect(await search('E\nB')).toEqual({ peers: ['wxid_kwq_5'], total: 1 });
  });

  it('pages messages from the newest back, oldest first in each page', async () => {
    const peer = 'wxid_conv_paging';
    for (let i = 0; i < 45; i++) await inbound(`m${i}`, peer);
    await eventually(
      async () => (await messagesOf(seat1, peer, { limit: 100 })).data.list.length === 45,
    );
    const p1 = await messagesOf(seat1, peer, { limit: 20 });
    expect(p1.data.hasMore).toBe(true);
    expect(p1.data.list.map((m) => m.content)).toEqual(
      Array.from({ length: 20 }, (_, i) => `m${25 + i}`),
    );
    const p2 = await messagesOf(seat1, peer, {
      limit: 20,
      beforeMessageId: p1.data.list[0]!.messageId,
    });
    expect(p2.data.list[0]!.content).toBe('m5');
    const p3 = await messagesOf(seat1, peer, {
      limit: 20,
      beforeMessageId: p2.data.list[0]!.messageId,
    });
    expect(p3.data.list.map((m) => m.content)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(p3.data.hasMore).toBe(false);
  });

  it('keeps custom session groups per user', async () => {
    const g = await api(seat1).post<{ id: string }>('/main-api/conv/group/save', { name: 'VIP' });
    expect(g.status).toBe(200);
    const dup = await api(seat1).post('/main-api/conv/group/save', { name: 'VIP' });
    expect(dup.status).toBe(409);
    const set = await api(seat1).post('/main-api/conv/set-group', {
      index_name: idx('wxid_conv_p2'),
      groupIds: [g.data.id],
    });
    expect(set.status).toBe(200);
    const custom = (await list(seat1, { mode: 'custom', sessionGroupId: g.data.id })).data;
    expect(custom.list.map((c) => c.receiver_id)).toEqual(['wxid_conv_p2']);
    const foreign = await list(demo, { mode: 'custom', sessionGroupId: g.data.id });
    expect(foreign.status).toBe(404);
    const groups = await api(seat1).post<{ id: string; count: number }[]>(
      '/main-api/conv/group/list',
    );
    expect(groups.data).toEqual([expect.objectContaining({ id: g.data.id, count: 1 })]);
    expect((await api(seat1).post('/main-api/conv/group/del', { id: g.data.id })).status).toBe(200);
  });
});

describe('previews', () => {
  it('stores a readable preview of a structured message, never its JSON', async () => {
    const peer = 'wxid_conv_preview_1';
    await inbound(JSON.stringify({ result: 'ended', durationSec: 83 }), peer, 7);
    const call = await eventually(() => convOf(seat1, peer));
    expect(call).toMatchObject({ lastMsgType: 7, msg_text: 'ended 1:23' });
    const msgs = await messagesOf(seat1, peer);
    expect(msgs.data.list.at(-1)?.msg_text).toBe('ended 1:23');
    const transfer = { money: '88.00', paySubType: 1, memo: '货款', transferId: 't1' };
    await inbound(JSON.stringify(transfer), peer, 17);
    const after = await eventually(async () => {
      const c = await convOf(seat1, peer);
      return c?.lastMsgType === 17 ? c : undefined;
    });
    expect(after.msg_text).toBe('¥88.00 货款');
  });

  /** A member of the account's first simulated group writes in it; the group as the platform has it. */
  async function firstGroupSays(content: string) {
    const world = await api().get<{
      groups: { groupId: string; members: { wxid: string }[] }[];
    }>(`/sim-api/contacts?workWxid=${acc.wxid}`);
    const group = world.data.groups[0]!;
    const r = await api().post('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: group.groupId,
      talkType: 2,
      msgType: 1,
      content,
      memberWxid: group.members.find((m) => m.wxid !== acc.wxid)!.wxid,
    });
    expect(r.status).toBe(200);
    return group;
  }

  it('lists a group chat with its member count, so groups of one name can be told apart', async () => {
    const group = await firstGroupSays('群里有人吗');
    const conv = await eventually(() => convOf(seat1, group.groupId));
    expect(conv.memberCount).toBe(group.members.length);
    const single = await convOf(seat1, FRIEND);
    expect(single?.memberCount).toBeNull();
  });

  it('counts a group on each account apart when two accounts of a tenant are in it', async () => {
    const group = await firstGroupSays('两个号都在群里');
    await eventually(() => convOf(seat1, group.groupId));
    // A second account of the tenant knows the same group with another count.
    const second = await buildAccount(ctx, demo, { nickname: '同群的第二个号' });
    const [secondRow] = await ctx.deps.db
      .select()
      .from(workAccounts)
      .where(eq(workAccounts.wxid, second.wxid));
    await ctx.deps.db
      .insert(chatGroups)
      .values({
        tenantId: secondRow!.tenantId,
        workAccountId: secondRow!.id,
        groupId: group.groupId,
        memberCount: group.members.length + 7,
      })
      .onConflictDoUpdate({
        target: [chatGroups.workAccountId, chatGroups.groupId],
        set: { memberCount: group.members.length + 7 },
      });
    const all = await list(demo, { mode: 'aggregated', pageSize: 100 });
    expect(all.status).toBe(200);
    const conv = all.data.list.find((c) => c.receiver_id === group.groupId);
    expect(conv?.memberCount).toBe(group.members.length);
  });
});
