import { beforeAll, describe, expect, it } from 'vitest';
import type { MessageItem, MessageWithConversation } from '@cst/shared';
import { useTestServer, type Session } from '../../../test/support.ts';
import { buildAccount, buildOtherTenant, signInAs } from '../../../test/factories.ts';
import { apiAs, eventually, type ListedAccount } from '../accounts/account.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let acc: ListedAccount;
let acc2: ListedAccount;
const A = 'wxid_his_friend_a';
const B = 'wxid_his_friend_b';
const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);

async function inbound(account: ListedAccount, fromWxid: string, content: string) {
  const r = await api().post<{ msgId: string }>('/sim-api/inbound', {
    workWxid: account.wxid,
    fromWxid,
    talkType: 1,
    msgType: 1,
    content,
  });
  expect(r.status, r.message).toBe(200);
  return eventually(async () => {
    const list = await api().post<{ list: MessageItem[] }>('/main-api/conv/messages', {
      index_name: `1__${fromWxid}__${account.wxid}`,
      limit: 100,
    });
    return list.status === 200 ? list.data.list.find((m) => m.msgId === r.data.msgId) : undefined;
  });
}

async function search(s: Session, body: Record<string, unknown>) {
  return api(s).post<{ list: MessageWithConversation[]; total: number }>(
    '/main-api/conv/poly-message-his',
    { page: 1, pageSize: 50, ...body },
  );
}

const seq: MessageItem[] = [];

beforeAll(async () => {
  ({ demo, seat1, seat2 } = await signInAs(ctx, 'demo', 'seat1', 'seat2'));
  other = await buildOtherTenant(ctx);
  acc = await buildAccount(ctx, demo, { nickname: '历史测试号', distributeTo: seat1 });
  acc2 = await buildAccount(ctx, demo, { nickname: '历史测试号二' });
  for (let i = 1; i <= 6; i++) seq.push(await inbound(acc, A, `订单 ${i} 已发货`));
  await inbound(acc, B, '请问订单什么时候到？');
  await inbound(acc2, A, '另一个号上的订单');
  await inbound(acc, B, '100% 满意');
});

describe('history search (poly-message-his)', () => {
  it('finds messages by keyword across the accounts the caller sees, newest first', async () => {
    const all = await search(demo, { keyword: '订单' });
    expect(all.status).toBe(200);
    expect(all.data.total).toBe(8);
    const times = all.data.list.map((m) => m.msgTime);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(all.data.list[0]).toMatchObject({
      workWxid: acc2.wxid,
      conversationName: expect.any(String),
    });
    const mine = await search(seat1, { keyword: '订单' });
    expect(mine.data.total).toBe(7);
    expect(mine.data.list.every((m) => m.workWxid === acc.wxid)).toBe(true);
    expect((await search(seat2, { keyword: '订单' })).data.total).toBe(0);
    expect((await search(other, { keyword: '订单' })).data.total).toBe(0);
  });

  it('filters by account, contact and time, and treats % and _ literally', async () => {
    expect((await search(demo, { keyword: '订单', workWxid: acc2.wxid })).data.total).toBe(1);
    expect((await search(demo, { receiver_id: B })).data.total).toBe(2);
    expect(
      (await search(demo, { keyword: '订单', receiver_id: A, workWxid: acc.wxid })).data.total,
    ).toBe(6);
    const third = seq[2]!.msgTime;
    const range = await search(demo, {
      receiver_id: A,
      workWxid: acc.wxid,
      startTime: third,
      endTime: seq[4]!.msgTime,
    });
    expect(range.data.list.map((m) => m.content).sort()).toEqual([
      '订单 3 已发货',
      '订单 4 已发货',
      '订单 5 已发货',
    ]);
    expect((await search(demo, { keyword: '%' })).data.list.map((m) => m.content)).toEqual([
      '100% 满意',
    ]);
    expect((await search(demo, { keyword: '_' })).data.total).toBe(0);
    expect((await search(seat1, { workWxid: acc2.wxid })).status).toBe(404);
    const page2 = await search(demo, { keyword: '订单', page: 2, pageSize: 5 });
    expect(page2.data.list).toHaveLength(3);
    expect((await search(demo, { page: 0 })).status).toBe(400);
    expect((await search(demo, { startTime: 'yesterday' })).status).toBe(400);
  });

  it('leaves out deleted messages', async () => {
    const gone = await inbound(acc, B, '将被删除的订单消息');
    expect((await search(demo, { keyword: '将被删除' })).data.total).toBe(1);
    await api(demo).post('/api/v1/talk/delete', { messageIds: [gone.messageId] });
    expect((await search(demo, { keyword: '将被删除' })).data.total).toBe(0);
  });
});

describe('opening a conversation at a message (cst/message-list)', () => {
  it('gives the message with those around it, oldest first', async () => {
    const target = seq[2]!;
    const r = await api(seat1).post<{
      list: MessageItem[];
      messageId: string;
      hasBefore: boolean;
      hasAfter: boolean;
      conv: { index_name: string };
    }>('/main-api/conv/cst/message-list', { messageId: target.messageId, before: 1, after: 2 });
    expect(r.status, r.message).toBe(200);
    expect(r.data.list.map((m) => m.content)).toEqual([
      '订单 2 已发货',
      '订单 3 已发货',
      '订单 4 已发货',
      '订单 5 已发货',
    ]);
    expect(r.data).toMatchObject({
      messageId: target.messageId,
      hasBefore: true,
      hasAfter: true,
      conv: { index_name: `1__${A}__${acc.wxid}` },
    });
    const edge = await api(seat1).post<{ hasBefore: boolean; list: MessageItem[] }>(
      '/main-api/conv/cst/message-list',
      {
        messageId: seq[0]!.messageId,
      },
    );
    expect(edge.data.hasBefore).toBe(false);
    expect(edge.data.list[0]!.messageId).toBe(seq[0]!.messageId);
    expect(
      (await api(seat2).post('/main-api/conv/cst/message-list', { messageId: target.messageId }))
        .status,
    ).toBe(404);
    expect(
      (await api(other).post('/main-api/conv/cst/message-list', { messageId: target.messageId }))
        .status,
    ).toBe(404);
    expect(
      (await api(seat1).post('/main-api/conv/cst/message-list', { messageId: 'x' })).status,
    ).toBe(400);
  });

  it('keeps messages past the chat’s one-month window (SPEC §9) within reach', async () => {
    // Forty days on: the chat shows the last month only; history still finds the old ones.
    ctx.clock.offset += 40 * 86_400_000;
    try {
      const chat = await api().post<{ list: MessageItem[] }>('/main-api/conv/messages', {
        index_name: `1__${A}__${acc.wxid}`,
        limit: 100,
      });
      expect(chat.status).toBe(200);
      expect(chat.data.list).toEqual([]);
      const found = await search(demo, { keyword: '已发货' });
      expect(found.data.list.map((m) => m.messageId).sort()).toEqual(
        seq.map((m) => m.messageId).sort(),
      );
      const around = await api(seat1).post<{ list: MessageItem[] }>(
        '/main-api/conv/cst/message-list',
        { messageId: seq[0]!.messageId },
      );
      expect(around.data.list[0]!.messageId).toBe(seq[0]!.messageId);
    } finally {
      ctx.clock.offset -= 40 * 86_400_000;
    }
  });
});
