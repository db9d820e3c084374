import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssigneeItem, ConversationItem, MessageItem } from '@cst/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { conversations, ports, workAccounts } from '../../db/schema/index.ts';
import { buildTenant, buildUser, useStartedServer, type Session } from '../../../test/support.ts';
import { openTestSocket, type TestSocket } from '../../realtime/test-socket.ts';
import {
  addAccount,
  apiAs,
  eventually,
  signIn,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { enqueueMany } from '../conversations/conversation.outbox.ts';
import { createRule } from '../robots/robots.test-support.ts';
import { onFlowEvent, type FlowEvent } from './flow-events.ts';

// Issue 31 §1–3: the sender of every outgoing message, assignment (manual and automatic) and
// conversation status. A tenant of its own: manager M → sub-admin S → seat A → seat B; the work
// account is distributed to B, so B, A, S and M see it. Only A and B have a console open.

const clock = { offset: 0 };
const server = useStartedServer({
  realtime: { liveGraceMs: 100 },
  accounts: { simulator: { loginDelayMs: 20 } },
  scheduler: { pollMs: 100 },
  now: () => Date.now() + clock.offset,
});

let manager: Session;
let sub: Session;
let seatA: Session;
let seatB: Session;
let stranger: Session;
let other: Session;
let acc: ListedAccount & { id: string; tenantId: string };
const names = new Map<string, string>();
let socketA: TestSocket;
let socketB: TestSocket | null;
const events: { name: string; ev: FlowEvent }[] = [];

const api = (s: Session, lang?: string) => apiAs(server, s, lang);
const idx = (peer: string) => `1__${peer}__${acc.wxid}`;
let n = 0;
const friend = () => `wxid_flow_${++n}_${Date.now().toString(36)}`;

async function inbound(fromWxid: string, content = '你好', fromSelf = false) {
  const r = await api(manager).post('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid,
    talkType: 1,
    msgType: 1,
    content,
    ...(fromSelf ? { fromSelf } : {}),
  });
  expect(r.status, r.message).toBe(200);
}

async function convOf(s: Session, peer: string): Promise<ConversationItem> {
  return eventually(async () => {
    const r = await api(s).post<{ list: ConversationItem[] }>('/main-api/conv/list', {
      mode: 'account',
      workWxid: acc.wxid,
      keyword: peer,
    });
    return r.data.list.find((c) => c.receiver_id === peer);
  });
}

/** A new chat: the contact writes, and the chat is stored (and assigned by the rule). */
async function newChat(content = '你好'): Promise<ConversationItem> {
  const peer = friend();
  await inbound(peer, content);
  return convOf(manager, peer);
}

async function messagesOf(s: Session, peer: string) {
  const r = await api(s).post<{ list: MessageItem[] }>('/main-api/conv/messages', {
    index_name: idx(peer),
  });
  expect(r.status, r.message).toBe(200);
  return r.data.list;
}

async function list(s: Session, body: Record<string, unknown>) {
  const r = await api(s).post<{ list: ConversationItem[]; total: number }>('/main-api/conv/list', {
    mode: 'aggregated',
    pageSize: 500,
    ...body,
  });
  expect(r.status, r.message).toBe(200);
  return r.data;
}

const assign = (s: Session, index_name: string, uid: string | null, lang?: string) =>
  api(s, lang).post<{ conv: ConversationItem }>('/main-api/conv/assign', { index_name, uid });
const status = (s: Session, body: Record<string, unknown>, lang?: string) =>
  api(s, lang).post<{ conv: ConversationItem }>('/main-api/conv/status', body);
const rule = (body: Record<string, unknown>) =>
  api(manager).post('/main-api/service/assignment/save', {
    scope: 'account',
    scopeId: acc.id,
    ...body,
  });

async function connect(s: Session): Promise<TestSocket> {
  const ws = await openTestSocket(server.url, { token: s.token });
  ws.send('ping');
  await ws.waitFor((f) => f.event === 'hello');
  return ws;
}

async function online(s: Session, want: boolean) {
  await eventually(async () => {
    const r = await api(manager).post<{ list: AssigneeItem[] }>('/main-api/conv/assignees', {
      index_name: idx(firstPeer),
    });
    return r.data.list.find((x) => x.uid === s.uid)?.online === want || undefined;
  });
}

let firstPeer = '';

beforeAll(async () => {
  const t = await buildTenant(server);
  manager = await signIn(server, t.manager.username);
  const s = await buildUser(server, {
    tenantId: t.tenant.id,
    role: 'subAdmin',
    superiorId: t.manager.id,
  });
  const a = await buildUser(server, { tenantId: t.tenant.id, role: 'office', superiorId: s.id });
  const b = await buildUser(server, { tenantId: t.tenant.id, role: 'office', superiorId: a.id });
  const c = await buildUser(server, { tenantId: t.tenant.id, role: 'office', superiorId: s.id });
  sub = await signIn(server, s.username);
  seatA = await signIn(server, a.username);
  seatB = await signIn(server, b.username);
  stranger = await signIn(server, c.username);
  other = await signIn(server, (await buildTenant(server)).manager.username);
  await server.deps.db.insert(ports).values({
    tenantId: t.tenant.id,
    code: `P-flow-${t.tenant.id.slice(0, 8)}`,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  const listed = await addAccount(server, manager, { nickname: '分配测试号' });
  const [row] = await server.deps.db
    .select({ id: workAccounts.id, tenantId: workAccounts.tenantId })
    .from(workAccounts)
    .where(eq(workAccounts.wxid, listed.wxid));
  acc = { ...listed, ...row! };
  for (const u of [a, b]) names.set(u.id, u.username);
  const d = await api(manager).post('/main-api/acc/distribute', {
    wxids: [acc.wxid],
    uid: seatB.uid,
  });
  expect(d.status, d.message).toBe(200);
  await api(manager).post('/sim-api/config', {
    trafficPerMinute: 0,
    deliveryDelayMs: 20,
    readDelayMs: 20,
    failRate: 0,
  });
  firstPeer = (await newChat()).receiver_id;
  socketA = await connect(seatA);
  socketB = await connect(seatB);
  onFlowEvent(server.deps, 'conversation.assigned', (ev) => {
    events.push({ name: 'conversation.assigned', ev });
  });
  onFlowEvent(server.deps, 'conversation.status', (ev) => {
    events.push({ name: 'conversation.status', ev });
  });
  await online(seatA, true);
  await online(seatB, true);
}, 60_000);
afterAll(async () => {
  await socketA?.close();
  await socketB?.close();
});

describe('the sender of every outgoing message', () => {
  it('names the seat on a console send, in conv/messages and the send pushes', async () => {
    const r = await api(seatA).post<{ messageId: string }>('/main-api/conv/send-text', {
      workWxid: acc.wxid,
      receiver_id: firstPeer,
      talkType: 1,
      content: '我是坐席 A',
      sendingUUid: `u-${Date.now()}`,
    });
    expect(r.status, r.message).toBe(200);
    const pushed = await socketB!.waitFor(
      (f) => f.event === 'send' && (f.data as { messageId: string }).messageId === r.data.messageId,
    );
    expect((pushed.data as { sender: unknown }).sender).toEqual({
      kind: 'seat',
      uid: seatA.uid,
      name: names.get(seatA.uid),
    });
    const sent = (await messagesOf(seatB, firstPeer)).find((m) => m.messageId === r.data.messageId);
    expect(sent?.sender).toEqual({ kind: 'seat', uid: seatA.uid, name: names.get(seatA.uid) });
    // Received messages name no sender.
    expect((await messagesOf(seatB, firstPeer)).find((m) => m.sendSide === 2)?.sender).toBe(
      undefined,
    );
  });

  it('marks what the account sent from the phone itself', async () => {
    await inbound(firstPeer, '手机上发的', true);
    const m = await eventually(async () =>
      (await messagesOf(seatB, firstPeer)).find((x) => x.content === '手机上发的'),
    );
    expect(m.sendSide).toBe(1);
    expect(m.sender).toEqual({ kind: 'phone', name: '手机' });
  });

  it('names a keyword robot', async () => {
    await createRule(server, manager, {
      keywords: ['营业时间'],
      replies: [{ kind: 'text', content: '每天九点到六点' }],
    });
    await inbound(firstPeer, '请问营业时间');
    const m = await eventually(async () =>
      (await messagesOf(seatB, firstPeer)).find((x) => x.content === '每天九点到六点'),
    );
    expect(m.sender).toEqual({ kind: 'robot', name: '关键词自动回复' });
  });

  it('names a mass-send task', async () => {
    await api(manager).post('/task-api/bulk-send-task/settings/save', {
      channel: 1,
      dailyCapPerAccount: 10_000,
      messageIntervalSec: 0,
      fanIntervalSec: 0,
      perRoundCount: 10,
      groupIntervalSec: 0,
      groupDailyCap: 1000,
      jitterSec: 0,
    });
    const t = await api(manager).post('/task-api/bulk-send-task/create', {
      taskName: '双十一通知',
      taskType: 'friends',
      workWxids: [acc.wxid],
      targets: { mode: 'list', wxids: [firstPeer] },
      messages: [{ kind: 'text', content: '双十一五折' }],
    });
    expect(t.status, t.message).toBe(200);
    const m = await eventually(async () => {
      await server.scheduler.drain();
      return (await messagesOf(seatB, firstPeer)).find((x) => x.content === '双十一五折');
    }, 20_000);
    expect(m.sender).toEqual({ kind: 'task', name: '双十一通知' });
  });

  it('names an API key (through the one outbox)', async () => {
    const stored = await server.deps.db.transaction((tx) =>
      enqueueMany(
        tx,
        { kind: 'api', id: 'key-1', name: '订单系统' },
        [
          {
            account: { id: acc.id, tenantId: acc.tenantId, wxid: acc.wxid },
            to: { talkType: 1, peerId: firstPeer },
            draft: { msgType: 1, content: '您的订单已发货', sendingUuid: null },
            requestId: `api-${Date.now()}`,
          },
        ],
        server.deps.now(),
      ),
    );
    expect(stored.sent).toHaveLength(1);
    const m = (await messagesOf(seatB, firstPeer)).find((x) => x.content === '您的订单已发货');
    expect(m?.sender).toEqual({ kind: 'api', name: '订单系统' });
  });
});

describe('assigning by hand', () => {
  it('lets a seat claim a free chat and give it back, but not assign others', async () => {
    const conv = await newChat();
    expect(conv).toMatchObject({ assigneeUid: null, assigneeName: null, status: 'open' });
    const claimed = await assign(seatB, conv.index_name, seatB.uid);
    expect(claimed.status, claimed.message).toBe(200);
    expect(claimed.data.conv).toMatchObject({
      assigneeUid: seatB.uid,
      assigneeName: names.get(seatB.uid),
    });
    const push = await socketA.waitFor(
      (f) =>
        f.event === 'convUpdate' &&
        (f.data as ConversationItem).index_name === conv.index_name &&
        (f.data as ConversationItem).assigneeUid === seatB.uid,
    );
    expect(push).toBeTruthy();
    const taken = await assign(seatA, conv.index_name, seatA.uid, 'en');
    expect(taken.status).toBe(403);
    expect(taken.message).toContain('Assign conversations');
    const back = await assign(seatB, conv.index_name, null);
    expect(back.status, back.message).toBe(200);
    expect(back.data.conv.assigneeUid).toBe(null);
    expect(events.some((e) => e.name === 'conversation.assigned' && e.ev.by === seatB.uid)).toBe(
      true,
    );
  });

  it('lets a supervisor assign to a seat who sees the account, and only to one', async () => {
    const conv = await newChat();
    const ok = await assign(sub, conv.index_name, seatA.uid);
    expect(ok.status, ok.message).toBe(200);
    expect(ok.data.conv.assigneeUid).toBe(seatA.uid);
    const blind = await assign(sub, conv.index_name, stranger.uid);
    expect(blind.status).toBe(400);
    expect(blind.message).toBe('该坐席看不到此会话的工作号，不能分配给他');
  });

  it('hides the chat from another tenant and from a seat who does not see it (404)', async () => {
    const conv = await newChat();
    expect((await assign(other, conv.index_name, null)).status).toBe(404);
    expect((await status(other, { index_name: conv.index_name, status: 'resolved' })).status).toBe(
      404,
    );
    expect((await assign(stranger, conv.index_name, stranger.uid)).status).toBe(404);
  });

  it('lists the inbox views: mine, unassigned, all; resolved chats leave mine', async () => {
    const mine = await newChat();
    const free = await newChat();
    await assign(seatA, mine.index_name, seatA.uid);
    const ids = (l: { list: ConversationItem[] }) => l.list.map((c) => c.index_name);
    expect(ids(await list(seatA, { assignee: 'me' }))).toContain(mine.index_name);
    expect(ids(await list(seatA, { assignee: 'me' }))).not.toContain(free.index_name);
    expect(ids(await list(seatA, { assignee: 'unassigned' }))).toContain(free.index_name);
    expect(ids(await list(seatA, { assignee: 'unassigned' }))).not.toContain(mine.index_name);
    expect(ids(await list(manager, { assignee: seatA.uid }))).toContain(mine.index_name);
    const r = await status(seatA, { index_name: mine.index_name, status: 'resolved' });
    expect(r.status, r.message).toBe(200);
    expect(ids(await list(seatA, { assignee: 'me' }))).not.toContain(mine.index_name);
    const resolved = await list(seatA, { assignee: 'me', status: 'resolved' });
    expect(ids(resolved)).toContain(mine.index_name);
    expect(resolved.total).toBe(resolved.list.length);
  });

  it('keeps 全部 for those who may assign: a seat lists its own and unassigned chats only', async () => {
    const theirs = await newChat();
    const free = await newChat();
    const own = await newChat();
    expect((await assign(manager, theirs.index_name, seatA.uid)).status).toBe(200);
    expect((await assign(manager, own.index_name, seatB.uid)).status).toBe(200);
    const ids = (l: { list: ConversationItem[] }) => l.list.map((c) => c.index_name);
    // Seat B (an office seat, without conversation.assign) sees the account's chats…
    for (const body of [{}, { mode: 'account', workWxid: acc.wxid }, { assignee: seatA.uid }]) {
      const got = ids(await list(seatB, body));
      expect(got).not.toContain(theirs.index_name);
      if (!('assignee' in body))
        expect(got).toEqual(expect.arrayContaining([free.index_name, own.index_name]));
    }
    // …while its superiors, who may assign, see every chat of it, others' included.
    for (const s of [manager, sub]) {
      expect(ids(await list(s, {}))).toEqual(
        expect.arrayContaining([theirs.index_name, free.index_name, own.index_name]),
      );
      expect(ids(await list(s, { assignee: seatA.uid }))).toContain(theirs.index_name);
    }
  });

  it('moves the assignment with an accepted seat transfer', async () => {
    const conv = await newChat();
    await assign(seatB, conv.index_name, seatB.uid);
    const t = await api(seatB).post<{ id: string }>('/main-api/service/transfer/create', {
      index_name: conv.index_name,
      toUserId: seatA.uid,
    });
    expect(t.status, t.message).toBe(200);
    const ok = await api(seatA).post('/main-api/service/transfer/accept', { id: t.data.id });
    expect(ok.status, ok.message).toBe(200);
    expect((await convOf(manager, conv.receiver_id)).assigneeUid).toBe(seatA.uid);
  });
});

describe('status', () => {
  it('reopens a resolved chat when the contact writes, keeping its assignee', async () => {
    const conv = await newChat();
    await assign(seatA, conv.index_name, seatA.uid);
    await status(seatA, { index_name: conv.index_name, status: 'resolved' });
    expect((await convOf(manager, conv.receiver_id)).status).toBe('resolved');
    await inbound(conv.receiver_id, '还有一个问题');
    const again = await eventually(async () => {
      const c = await convOf(manager, conv.receiver_id);
      return c.status === 'open' ? c : undefined;
    });
    expect(again.assigneeUid).toBe(seatA.uid);
    await eventually(async () =>
      events.some(
        (e) =>
          e.name === 'conversation.status' &&
          e.ev.conv.index_name === conv.index_name &&
          e.ev.conv.status === 'open' &&
          e.ev.by === null,
      ),
    );
  });

  it('resolves in bulk', async () => {
    const a = await newChat();
    const b = await newChat();
    const r = await api(seatA).post<{ updated: number }>('/main-api/conv/bulk-status', {
      index_names: [a.index_name, b.index_name],
      status: 'resolved',
    });
    expect(r.status, r.message).toBe(200);
    expect(r.data.updated).toBe(2);
    expect((await convOf(manager, b.receiver_id)).status).toBe('resolved');
  });
});

describe('the inbox views and status filters', () => {
  // Each view lists exactly the chats of the whole list it keeps, in the list's order, and its
  // total is their number (the totals come from counts kept apart from the rows).
  async function expectViews() {
    const all = (await list(manager, {})).list;
    const ids = (l: ConversationItem[]) => l.map((c) => c.index_name);
    const mineOrFree = (uid: string) => (c: ConversationItem) =>
      c.assigneeUid === null || c.assigneeUid === uid;
    const views: [Session, Record<string, unknown>, (c: ConversationItem) => boolean][] = [
      [seatA, {}, mineOrFree(seatA.uid)],
      [seatA, { assignee: 'me' }, (c) => c.assigneeUid === seatA.uid && c.status !== 'resolved'],
      [seatA, { assignee: 'unassigned' }, (c) => c.assigneeUid === null && c.status !== 'resolved'],
      [seatA, { status: 'resolved' }, (c) => mineOrFree(seatA.uid)(c) && c.status === 'resolved'],
      [
        seatA,
        { assignee: 'me', status: 'resolved' },
        (c) => c.assigneeUid === seatA.uid && c.status === 'resolved',
      ],
      [
        manager,
        { assignee: seatB.uid },
        (c) => c.assigneeUid === seatB.uid && c.status !== 'resolved',
      ],
      [manager, { status: 'open' }, (c) => c.status === 'open'],
      [manager, { status: 'resolved' }, (c) => c.status === 'resolved'],
      [
        manager,
        { assignee: 'unassigned', status: 'resolved' },
        (c) => c.assigneeUid === null && c.status === 'resolved',
      ],
      [
        manager,
        { mode: 'account', workWxid: acc.wxid, assignee: 'unassigned', talkType: 1 },
        (c) => c.assigneeUid === null && c.status !== 'resolved',
      ],
    ];
    for (const [who, body, keeps] of views) {
      const got = await list(who, body);
      const want = all.filter(keeps);
      expect(ids(got.list), JSON.stringify(body)).toEqual(ids(want));
      expect(got.total, JSON.stringify(body)).toBe(want.length);
    }
    return all;
  }

  it('keeps every view and its total exact through assigning, resolving, reopening and removal', async () => {
    const [c1, c2, c3, c4] = [await newChat(), await newChat(), await newChat(), await newChat()];
    await expectViews();
    expect((await assign(seatA, c1.index_name, seatA.uid)).status).toBe(200);
    expect((await assign(manager, c2.index_name, seatB.uid)).status).toBe(200);
    expect((await assign(manager, c3.index_name, seatA.uid)).status).toBe(200);
    expect((await assign(seatA, c3.index_name, null)).status).toBe(200);
    await expectViews();
    const bulk = await api(seatA).post('/main-api/conv/bulk-status', {
      index_names: [c1.index_name, c4.index_name],
      status: 'resolved',
    });
    expect(bulk.status, bulk.message).toBe(200);
    expect((await assign(manager, c2.index_name, seatA.uid)).status).toBe(200);
    const views = await expectViews();
    expect(views.find((c) => c.index_name === c1.index_name)?.status).toBe('resolved');
    // The contact writes again: the chat opens again, back in the unassigned view.
    await inbound(c4.receiver_id, '又来了');
    await eventually(
      async () => (await convOf(manager, c4.receiver_id)).status === 'open' || undefined,
    );
    await expectViews();
    await server.deps.db.delete(conversations).where(eq(conversations.peerId, c3.receiver_id));
    const left = await expectViews();
    expect(left.map((c) => c.index_name)).not.toContain(c3.index_name);
  });

  it('keeps the totals when one statement moves some chats and leaves the rest as they were', async () => {
    // Migration 0050: the counts' trigger adds -1 for every old row and +1 for every new one, so
    // the chats a statement leaves in their view (a batch's bump touches many) cancel out.
    const [c1, c2, c3] = [await newChat(), await newChat(), await newChat()];
    expect((await assign(manager, c2.index_name, seatA.uid)).status).toBe(200);
    await expectViews();
    const moved = [c1.receiver_id, c2.receiver_id];
    await server.deps.db
      .update(conversations)
      .set({
        unread: sql`${conversations.unread} + 1`,
        status: sql`case when ${inArray(conversations.peerId, moved)} then 'resolved' else ${conversations.status} end`,
      })
      .where(eq(conversations.workAccountId, acc.id));
    const views = await expectViews();
    const statusOf = (c: ConversationItem) =>
      views.find((v) => v.index_name === c.index_name)?.status;
    expect([statusOf(c1), statusOf(c2), statusOf(c3)]).toEqual(['resolved', 'resolved', 'open']);
  });
});

describe('automatic assignment', () => {
  it('takes turns among online seats not in do not disturb (round robin)', async () => {
    expect((await rule({ mode: 'roundRobin', cap: null })).status).toBe(200);
    const got: (string | null)[] = [];
    for (let i = 0; i < 3; i++) got.push((await newChat()).assigneeUid);
    // Seats in order of creation: M, S (offline), A, B (online).
    expect(got).toEqual([seatA.uid, seatB.uid, seatA.uid]);
    expect((await api(seatB).post('/main-api/service/presence/save', { dnd: true })).status).toBe(
      200,
    );
    expect([(await newChat()).assigneeUid, (await newChat()).assigneeUid]).toEqual([
      seatA.uid,
      seatA.uid,
    ]);
    await api(seatB).post('/main-api/service/presence/save', { dnd: false });
  });

  it('gives the seat with the fewest open chats, under the cap', async () => {
    const open = async (s: Session) =>
      (await list(manager, { assignee: s.uid, status: 'open' })).total;
    // Bring both seats to the same count, then cap at one more.
    const a = await open(seatA);
    const b = await open(seatB);
    for (let i = a; i < b; i++) await assign(sub, (await newChat()).index_name, seatA.uid);
    for (let i = b; i < a; i++) await assign(sub, (await newChat()).index_name, seatB.uid);
    const level = Math.max(a, b);
    await rule({ mode: 'fewest', cap: level + 1 });
    await rule({ mode: 'off', cap: null });
    const off = await newChat();
    expect(off.assigneeUid).toBe(null);
    await rule({ mode: 'fewest', cap: level + 1 });
    const one = await newChat();
    const two = await newChat();
    expect(new Set([one.assigneeUid, two.assigneeUid])).toEqual(new Set([seatA.uid, seatB.uid]));
    // Both are at the cap: the next chat waits unassigned.
    expect((await newChat()).assigneeUid).toBe(null);
  });

  it('skips a seat whose console closed', async () => {
    await rule({ mode: 'roundRobin', cap: null });
    await socketB!.close();
    socketB = null;
    await online(seatB, false);
    const got = [(await newChat()).assigneeUid, (await newChat()).assigneeUid];
    expect(got).toEqual([seatA.uid, seatA.uid]);
  });

  it('refuses a rule for an account of another tenant (404)', async () => {
    const r = await api(other).post('/main-api/service/assignment/save', {
      scope: 'account',
      scopeId: acc.id,
      mode: 'roundRobin',
      cap: null,
    });
    expect(r.status).toBe(404);
  });
});

// Last: it moves the clock an hour on, past the seats' presence.
describe('snoozing', () => {
  it('refuses a snooze without a later time, and wakes a snoozed chat on the scheduler', async () => {
    const conv = await newChat();
    const bad = await status(seatA, { index_name: conv.index_name, status: 'snoozed' }, 'en');
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('Choose when the snoozed chat opens again (later than now)');
    const until = server.deps.now() + 3_600_000;
    const r = await status(seatA, {
      index_name: conv.index_name,
      status: 'snoozed',
      snoozeUntil: until,
    });
    expect(r.status, r.message).toBe(200);
    expect(r.data.conv).toMatchObject({ status: 'snoozed', snoozeUntil: until });
    await server.scheduler.drain();
    expect((await convOf(manager, conv.receiver_id)).status).toBe('snoozed');
    clock.offset += 3_600_000 + 60_000;
    await server.scheduler.drain();
    const woke = await convOf(manager, conv.receiver_id);
    expect(woke.status).toBe('open');
    expect(woke.snoozeUntil).toBe(undefined);
  });
});
