import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ConversationItem, MessageItem, ServerFrame } from '@cst/shared';
import type { InboundMessageEvent } from '../../gateway/index.ts';
import { useStartedServer, type Session } from '../../../test/support.ts';
import { openTestSocket, type TestSocket } from '../../realtime/test-socket.ts';
import { addAccount, apiAs, signIn, type ListedAccount } from '../accounts/account.test-support.ts';
import { rowsOf } from '../../platform/db.ts';
import { MessageIngest } from './message-ingest.service.ts';

// Messages of several accounts that reach the store together go in as one batch: one array per
// column in each statement. Each message must keep its own text (whatever a contact writes),
// conversation, unread count and push; one passed on twice in the batch is stored once.

let demo: Session;
let a: ListedAccount;
let b: ListedAccount;
let ws: TestSocket;

const server = useStartedServer({
  accounts: { simulator: { loginDelayMs: 20 } },
});

beforeAll(async () => {
  demo = await signIn(server, 'demo');
  a = await addAccount(server, demo, { nickname: '批量甲' });
  b = await addAccount(server, demo, { nickname: '批量乙' });
  const config = await apiAs(server, demo).post('/sim-api/config', { trafficPerMinute: 0 });
  expect(config.status, config.message).toBe(200);
  ws = await openTestSocket(server.url, { token: demo.token });
  ws.send('ping');
  await ws.waitFor((f) => f.event === 'hello');
});
afterAll(async () => {
  await ws?.close();
});

const textOf = (f: ServerFrame) =>
  f.event === 'text' ? (f.data as MessageItem).content : undefined;

let n = 0;
function message(
  acc: ListedAccount,
  peerId: string,
  content: string,
  more: Partial<InboundMessageEvent> = {},
): InboundMessageEvent {
  n += 1;
  return {
    workWxid: acc.wxid,
    msgId: `batch-${Date.now()}-${n}`,
    talkType: 1,
    peerId,
    fromSelf: false,
    msgType: 1,
    content,
    memberWxid: null,
    memberName: null,
    memberAvatar: null,
    file: null,
    refMsgId: null,
    refContent: null,
    displayName: null,
    msgTime: Date.now(),
    ...more,
  };
}

/** Queues the events in one turn (stored together, as a burst is) and waits until stored. */
async function storeTogether(events: InboundMessageEvent[]) {
  const ingest = new MessageIngest(server.deps);
  const accounts = new Map<string, Awaited<ReturnType<typeof server.accounts.accountOf>>>();
  for (const ev of events) {
    if (!accounts.has(ev.workWxid)) {
      accounts.set(ev.workWxid, await server.accounts.accountOf(ev.workWxid));
    }
  }
  const taken = await Promise.all(
    events.map((ev) => ingest.add({ kind: 'message', ev, account: accounts.get(ev.workWxid)! })),
  );
  await Promise.all(taken.map((t) => t.kept));
  await ingest.drained();
}

async function messagesOf(acc: ListedAccount, peerId: string): Promise<MessageItem[]> {
  const r = await apiAs(server, demo).post<{ list: MessageItem[] }>('/main-api/conv/messages', {
    index_name: `1__${peerId}__${acc.wxid}`,
    limit: 100,
  });
  expect(r.status, r.message).toBe(200);
  return r.data.list;
}

async function conversationOf(acc: ListedAccount, peerId: string): Promise<ConversationItem> {
  const r = await apiAs(server, demo).post<{ list: ConversationItem[] }>('/main-api/conv/list', {
    mode: 'account',
    workWxid: acc.wxid,
    pageSize: 100,
  });
  expect(r.status, r.message).toBe(200);
  const conv = r.data.list.find((c) => c.receiver_id === peerId);
  expect(conv, `conversation with ${peerId}`).toBeDefined();
  return conv!;
}

describe('inbound messages stored together', () => {
  it('keep each account its own conversation, text, count and push', async () => {
    // Texts a contact may send, which the array encoding must carry as they are.
    const hostile = ['他说 "你好" \\ 再见', '{1,2,3}', 'NULL', '', '逗号, 单引号\' 和 "双引号"}{'];
    const peerA = `wxid_batch_a_${Date.now()}`;
    const peerB = `wxid_batch_b_${Date.now()}`;
    const twice = message(a, peerA, '传两次的消息');
    const events = [
      ...hostile.map((t) => message(a, peerA, t)),
      message(b, peerB, '乙号的第一条'),
      twice,
      message(b, peerB, '乙号在手机上发的', { fromSelf: true }),
      message(b, peerB, '乙号的第二条'),
      { ...twice },
      message(a, peerA, '甲号的最后一条'),
    ];
    const from = ws.frames.length;
    await storeTogether(events);
    // Pushes reach the socket in seq order: once the last message's has, all have.
    await ws.waitFor((f) => textOf(f) === '甲号的最后一条', undefined, from);

    const inA = await messagesOf(a, peerA);
    const inB = await messagesOf(b, peerB);
    expect(inA.map((m) => m.content).sort()).toEqual(
      [...hostile, '传两次的消息', '甲号的最后一条'].sort(),
    );
    expect(inB.map((m) => [m.content, m.sendSide]).sort()).toEqual(
      [
        ['乙号的第一条', 2],
        ['乙号在手机上发的', 1],
        ['乙号的第二条', 2],
      ].sort(),
    );
    // Messages come in arrival order: ids follow the order the platform passed them on.
    const ids = (list: MessageItem[]) => list.map((m) => Number(m.messageId));
    const byId = (list: MessageItem[]) =>
      [...list].sort((x, y) => Number(x.messageId) - Number(y.messageId)).map((m) => m.content);
    expect(byId(inA)).toEqual([...hostile, '传两次的消息', '甲号的最后一条']);
    expect(byId(inB)).toEqual(['乙号的第一条', '乙号在手机上发的', '乙号的第二条']);
    expect(new Set([...ids(inA), ...ids(inB)]).size).toBe(inA.length + inB.length);

    // Unread: the received messages of each chat, the phone's own not counted, the repeat once.
    const convA = await conversationOf(a, peerA);
    const convB = await conversationOf(b, peerB);
    expect(convA.unRead).toBe(hostile.length + 2);
    expect(convB.unRead).toBe(2);
    expect(convA.msg_text).toBe('甲号的最后一条');
    expect(convB.msg_text).toBe('乙号的第二条');

    // One push per stored message, each on its own chat, in the order stored.
    const pushed = ws.frames
      .slice(from)
      .filter((f) => f.event === 'text')
      .map((f) => f.data as MessageItem & { conv: ConversationItem });
    expect(pushed).toHaveLength(inA.length + inB.length);
    expect(pushed.map((p) => Number(p.messageId))).toEqual(
      [...ids(inA), ...ids(inB)].sort((x, y) => x - y),
    );
    for (const p of pushed) {
      const mine = inA.some((m) => m.messageId === p.messageId) ? peerA : peerB;
      expect(p.conv.receiver_id).toBe(mine);
    }
    // The last push of each chat carries the chat as the batch left it.
    const lastOf = (peer: string) => pushed.filter((p) => p.conv.receiver_id === peer).at(-1)!;
    expect(lastOf(peerA).conv.unRead).toBe(convA.unRead);
    expect(lastOf(peerB).conv.unRead).toBe(convB.unRead);
  });

  it('store a message passed on again in a later batch once, pushing nothing', async () => {
    const peer = `wxid_batch_again_${Date.now()}`;
    const first = message(a, peer, '第一次');
    await storeTogether([first, message(b, peer, '另一个号的')]);
    await ws.waitFor((f) => textOf(f) === '另一个号的');
    const from = ws.frames.length;
    await storeTogether([{ ...first }, message(a, peer, '新的一条')]);
    await ws.waitFor((f) => textOf(f) === '新的一条', undefined, from);
    expect((await messagesOf(a, peer)).map((m) => m.content).sort()).toEqual(
      ['新的一条', '第一次'].sort(),
    );
    expect((await conversationOf(a, peer)).unRead).toBe(2);
    const pushed = ws.frames.slice(from).filter((f) => f.event === 'text');
    expect(pushed.map(textOf)).toEqual(['新的一条']);
  });

  it('keep a batch whose pushes cannot be stored as not kept, its messages with it', async () => {
    // The pushes are stored in the batch's transaction: when they cannot be, the messages are not
    // stored either and the platform is told, so it passes them on again (nothing half kept: a
    // stored message nobody was told of, or a push of a message that is not there).
    const peer = `wxid_batch_push_${Date.now()}`;
    const db = server.deps.db;
    await db.execute(
      sql.raw(`
      create function test_refuse_push() returns trigger language plpgsql as $$
      begin
        if new.data::text like '%推送存不下%' then raise exception 'push refused'; end if;
        return new;
      end $$`),
    );
    await db.execute(
      sql.raw(`create trigger test_refuse_push before insert on push_events
        for each row execute function test_refuse_push()`),
    );
    const refused = message(a, peer, '推送存不下');
    try {
      const ingest = new MessageIngest(server.deps);
      const account = (await server.accounts.accountOf(a.wxid))!;
      const taken = await ingest.add({ kind: 'message', ev: refused, account });
      await expect(taken.kept).rejects.toThrow();
      await ingest.drained();
      const stored = await db.execute(
        sql`select count(*)::int as n from messages where content = '推送存不下'`,
      );
      expect(rowsOf<{ n: number }>(stored)[0]!.n).toBe(0);
    } finally {
      await db.execute(sql.raw('drop trigger test_refuse_push on push_events'));
      await db.execute(sql.raw('drop function test_refuse_push()'));
    }
    // Passed on again, it is stored once and pushed.
    const from = ws.frames.length;
    await storeTogether([{ ...refused }]);
    await ws.waitFor((f) => textOf(f) === '推送存不下', undefined, from);
    expect((await messagesOf(a, peer)).map((m) => m.content)).toEqual(['推送存不下']);
    expect((await conversationOf(a, peer)).unRead).toBe(1);
  });
});
