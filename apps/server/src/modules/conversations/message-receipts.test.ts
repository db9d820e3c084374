import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationItem, FriendItem, MessageItem, SendPush } from '@cst/shared';
import type { SendReceiptEvent } from '../../gateway/index.ts';
import { useStartedServer, type Session } from '../../../test/support.ts';
import { openTestSocket, type TestSocket } from '../../realtime/test-socket.ts';
import {
  addAccount,
  apiAs,
  eventually,
  signIn,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { MessageIngest } from './message-ingest.service.ts';

// Receipts that reach the store together are folded per send and written in one statement: the
// row must end as if they had been applied one by one, and the console hears where it ended.

let demo: Session;
let acc: ListedAccount;
let friend: string;
let ws: TestSocket;

const server = useStartedServer({
  accounts: { simulator: { loginDelayMs: 20 } },
});

beforeAll(async () => {
  demo = await signIn(server, 'demo');
  acc = await addAccount(server, demo, { nickname: '回执号' });
  // The platform's own delivered/read receipts stay away: the test sends them.
  const config = await apiAs(server, demo).post('/sim-api/config', {
    trafficPerMinute: 0,
    // The longest the contract takes (10 minutes): far beyond the test.
    deliveryDelayMs: 600_000,
    failRate: 0,
  });
  expect(config.status, config.message).toBe(200);
  const friends = await apiAs(server, demo).post<{ list: FriendItem[] }>(
    '/main-api/acc/friends-list',
    { workWxid: acc.wxid, pageSize: 10 },
  );
  friend = friends.data.list[0]!.friendWxid;
  ws = await openTestSocket(server.url, { token: demo.token });
  ws.send('ping');
  await ws.waitFor((f) => f.event === 'hello');
});
afterAll(async () => {
  await ws?.close();
});

async function messageOf(messageId: string): Promise<MessageItem | undefined> {
  const r = await apiAs(server, demo).post<{ list: MessageItem[] }>('/main-api/conv/messages', {
    index_name: `1__${friend}__${acc.wxid}`,
    limit: 100,
  });
  return r.data.list.find((m) => m.messageId === messageId);
}

/** A console send, once the platform took it ("sent"). */
async function sent(content: string) {
  const r = await apiAs(server, demo).post<{ messageId: string; requestId: string }>(
    '/main-api/conv/send-text',
    { workWxid: acc.wxid, receiver_id: friend, talkType: 1, content, sendingUUid: content },
  );
  expect(r.status).toBe(200);
  const m = await eventually(async () => {
    const x = await messageOf(r.data.messageId);
    return x?.sendOk ? x : undefined;
  });
  // Its two pushes so far: handed over, and the platform's "sent".
  await eventually(async () => pushesOf(r.data).length === 2 || undefined);
  return { ...r.data, msgId: m.msgId! };
}

const pushesOf = (s: { requestId: string }) =>
  ws.frames.filter((f) => f.event === 'send' && (f.data as SendPush).requestId === s.requestId);

type Step = Pick<SendReceiptEvent, 'status' | 'error'>;

const receipt = (s: { requestId: string; msgId: string }, step: Step): SendReceiptEvent => ({
  workWxid: acc.wxid,
  requestId: s.requestId,
  msgId: s.msgId,
  at: Date.now(),
  ...step,
});

async function store(events: SendReceiptEvent[]) {
  const ingest = new MessageIngest(server.deps);
  const account = (await server.accounts.accountOf(acc.wxid))!;
  // Queued in one turn: stored together, as a burst of receipts is.
  await Promise.all(events.map((ev) => ingest.add({ kind: 'receipt', ev, account })));
  await ingest.drained();
}

const state = (m: MessageItem | undefined) => ({
  sendOk: m?.sendOk,
  deliveryOK: m?.deliveryOK,
  readOK: m?.readOK,
  failed: m?.failed,
  errMessage: m?.errMessage,
});

describe('receipts stored together', () => {
  it.each<[string, Step[]]>([
    [
      'delivered then read',
      [
        { status: 'delivered', error: null },
        { status: 'read', error: null },
      ],
    ],
    [
      'failed after acceptance, then sent again',
      [
        { status: 'failed', error: '对方网络异常' },
        { status: 'sent', error: null },
        { status: 'delivered', error: null },
      ],
    ],
    [
      'delivered, then failed',
      [
        { status: 'delivered', error: null },
        { status: 'failed', error: '消息已过期' },
      ],
    ],
  ])('end as applied one by one: %s', async (name, steps) => {
    const together = await sent(`一起-${name}`);
    const oneByOne = await sent(`逐条-${name}`);
    ws.frames.length = 0;
    await store(steps.map((s) => receipt(together, s)));
    for (const s of steps) await store([receipt(oneByOne, s)]);
    const a = state(await messageOf(together.messageId));
    expect(a).toEqual(state(await messageOf(oneByOne.messageId)));
    expect(a.sendOk).toBe(true);
    // One push for the receipts stored together, with where the send ended; one per receipt else.
    const pushes = pushesOf;
    await eventually(async () => pushes(oneByOne).length === steps.length || undefined);
    expect(pushes(together)).toHaveLength(1);
    const last = pushes(together)[0]!.data as SendPush;
    expect({ deliveryOK: last.deliveryOK, readOK: last.readOK }).toEqual({
      deliveryOK: a.deliveryOK,
      readOK: a.readOK,
    });
    expect(last.status >= 2).toBe(a.failed);
  });

  it('a receipt passed on again, or a lower one after a higher, changes nothing and is not pushed', async () => {
    const s = await sent('重复回执');
    ws.frames.length = 0;
    await store([receipt(s, { status: 'read', error: null })]);
    await eventually(async () => pushesOf(s).length === 1 || undefined);
    const read = state(await messageOf(s.messageId));
    expect(read).toMatchObject({ sendOk: true, deliveryOK: true, readOK: true, failed: false });
    // The same receipt again (a replay after a reconnect), then an earlier one arriving late.
    await store([receipt(s, { status: 'read', error: null })]);
    await store([receipt(s, { status: 'delivered', error: null })]);
    await store([receipt(s, { status: 'sent', error: null })]);
    expect(state(await messageOf(s.messageId))).toEqual(read);
    // A later, real change is still pushed: the receipts above were stored before it.
    await store([receipt(s, { status: 'failed', error: '消息已过期' })]);
    await eventually(async () => pushesOf(s).length === 2 || undefined);
    expect(pushesOf(s)).toHaveLength(2);
  });
});

describe('reads on the phone', () => {
  const peer = 'wxid_read_on_phone';
  const index = () => `1__${peer}__${acc.wxid}`;
  const unread = async () => {
    const r = await apiAs(server, demo).post<{ list: ConversationItem[] }>('/main-api/conv/list', {
      workWxid: acc.wxid,
      pageSize: 100,
    });
    return r.data.list.find((c) => c.index_name === index())?.unRead;
  };
  const writes = async (content: string) => {
    const r = await apiAs(server, demo).post('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: peer,
      talkType: 1,
      msgType: 1,
      content,
    });
    expect(r.status, r.message).toBe(200);
  };
  async function readAt(at: number) {
    const ingest = new MessageIngest(server.deps);
    const account = (await server.accounts.accountOf(acc.wxid))!;
    await ingest.add({
      kind: 'readSync',
      ev: { workWxid: acc.wxid, talkType: 1, peerId: peer, at },
      account,
    });
    await ingest.drained();
  }

  it('clear what was there when it read, never what came after (a read told late or again)', async () => {
    await writes('第一条');
    await writes('第二条');
    await eventually(async () => (await unread()) === 2 || undefined);
    const readAtTime = Date.now();
    // The next message is stored in a later millisecond than the read.
    while (Date.now() <= readAtTime) await new Promise((resolve) => setImmediate(resolve));
    await writes('读完之后又来一条');
    await eventually(async () => (await unread()) === 3 || undefined);
    ws.frames.length = 0;
    // The phone's read, told only now (or passed on again after a reconnect).
    await readAt(readAtTime);
    expect(await unread()).toBe(1);
    // The browser hears the chat with its count, not "all read".
    const pushed = await ws.waitFor(
      (f) => f.event === 'convUpdate' && (f.data as ConversationItem).index_name === index(),
    );
    expect((pushed.data as ConversationItem).unRead).toBe(1);
    expect(ws.frames.some((f) => f.event === 'syncRead')).toBe(false);
    // The same read again changes nothing; a read after the last message clears the chat.
    await readAt(readAtTime);
    expect(await unread()).toBe(1);
    await readAt(Date.now());
    expect(await unread()).toBe(0);
    await ws.waitFor((f) => f.event === 'syncRead');
  });
});

describe('a send the platform refuses', () => {
  it('is told failed last, whichever of its answer and its receipt is stored first', async () => {
    const config = (failRate: number) => apiAs(server, demo).post('/sim-api/config', { failRate });
    expect((await config(1)).status).toBe(200);
    try {
      ws.frames.length = 0;
      const sends = [];
      for (let i = 0; i < 6; i++) {
        const r = await apiAs(server, demo).post<{ messageId: string; requestId: string }>(
          '/main-api/conv/send-text',
          {
            workWxid: acc.wxid,
            receiver_id: friend,
            talkType: 1,
            content: `被拒-${i}`,
            sendingUUid: `被拒-${i}`,
          },
        );
        expect(r.status).toBe(200);
        sends.push(r.data);
      }
      for (const s of sends) {
        // Two pushes each: the platform's answer and its failed receipt, in either order.
        await eventually(async () => pushesOf(s).length >= 2 || undefined);
        expect((await messageOf(s.messageId))?.failed).toBe(true);
        const last = pushesOf(s).at(-1)!.data as SendPush;
        expect({ messageId: last.messageId, failed: last.status >= 2 }).toEqual({
          messageId: s.messageId,
          failed: true,
        });
      }
    } finally {
      await config(0);
    }
  });
});
