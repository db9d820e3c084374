import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ConversationItem,
  MessageItem,
  ServiceLogItem,
  TransferItem,
  UnreadSummary,
} from '@cst/shared';
import { ports } from '../../db/schema/index.ts';
import { buildTenant, buildUser, useStartedServer, type Session } from '../../../test/support.ts';
import { openTestSocket, type TestSocket } from '../../realtime/test-socket.ts';
import {
  addAccount,
  apiAs,
  eventually,
  signIn,
  type ListedAccount,
} from '../accounts/account.test-support.ts';

// Issue 19 §2: seat transfers (pending → accepted | revoked), the service log, do not disturb.
// A tenant of its own so the demo seats' views stay as other tests expect them.

let manager: Session;
let sup: Session;
let seatA: Session;
let seatB: Session;
let other: Session;
let acc: ListedAccount;
let socketB: TestSocket;
let socketA: TestSocket;

const api = (s: Session, lang?: string) => apiAs(server, s, lang);
const FRIEND = 'wxid_service_friend_1';
const FRIEND2 = 'wxid_service_friend_2';
const idx = (peer = FRIEND) => `1__${peer}__${acc.wxid}`;

async function inbound(content: string, fromWxid = FRIEND) {
  const r = await api(manager).post('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid,
    talkType: 1,
    msgType: 1,
    content,
  });
  expect(r.status).toBe(200);
}

async function aggregated(s: Session) {
  const r = await api(s).post<{ list: ConversationItem[]; total: number }>('/main-api/conv/list', {
    mode: 'aggregated',
    pageSize: 100,
  });
  expect(r.status).toBe(200);
  return r.data.list;
}

async function transfers(s: Session, body: Record<string, unknown> = {}) {
  const r = await api(s).post<{ list: TransferItem[]; total: number }>(
    '/main-api/service/transfer/list',
    body,
  );
  expect(r.status).toBe(200);
  return r.data;
}

const create = (s: Session, body: Record<string, unknown>, lang?: string) =>
  api(s, lang).post<{ id: string }>('/main-api/service/transfer/create', body);
const accept = (s: Session, id: string, lang?: string) =>
  api(s, lang).post('/main-api/service/transfer/accept', { id });
const revoke = (s: Session, id: string, lang?: string) =>
  api(s, lang).post('/main-api/service/transfer/revoke', { id });

async function connect(s: Session): Promise<TestSocket> {
  const ws = await openTestSocket(server.url, { token: s.token });
  ws.send('ping');
  await ws.waitFor((f) => f.event === 'hello');
  return ws;
}

const server = useStartedServer({
  realtime: { liveGraceMs: 100 },
  accounts: { simulator: { loginDelayMs: 20 } },
});

beforeAll(async () => {
  const t = await buildTenant(server);
  manager = await signIn(server, t.manager.username);
  const supUser = await buildUser(server, {
    tenantId: t.tenant.id,
    role: 'subAdmin',
    superiorId: t.manager.id,
  });
  const a = await buildUser(server, {
    tenantId: t.tenant.id,
    role: 'office',
    superiorId: supUser.id,
  });
  const b = await buildUser(server, {
    tenantId: t.tenant.id,
    role: 'office',
    superiorId: t.manager.id,
  });
  sup = await signIn(server, supUser.username);
  seatA = await signIn(server, a.username);
  seatB = await signIn(server, b.username);
  other = await signIn(server, (await buildTenant(server)).manager.username);
  // A fresh tenant has no ports; give it one so it can add a work account.
  await server.deps.db.insert(ports).values({
    tenantId: t.tenant.id,
    code: `P-svc-${t.tenant.id.slice(0, 8)}`,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  acc = await addAccount(server, manager, { nickname: '转接测试号' });
  const d = await api(manager).post('/main-api/acc/distribute', {
    wxids: [acc.wxid],
    uid: seatA.uid,
  });
  expect(d.status).toBe(200);
  await api(manager).post('/sim-api/config', { deliveryDelayMs: 20, readDelayMs: 20, failRate: 0 });
  await inbound('我想转人工');
  await inbound('另一位客户', FRIEND2);
  await eventually(async () => (await aggregated(seatA)).length === 2 || undefined);
  socketA = await connect(seatA);
  socketB = await connect(seatB);
}, 60_000);
afterAll(async () => {
  await socketA?.close();
  await socketB?.close();
});

describe('handing a conversation to another seat', () => {
  let id = '';

  it('refuses bad input (400) in the caller’s language', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { toUserId: seatB.uid },
        '请选择要转接的会话或工作号',
        'Choose a conversation or a work account to transfer',
      ],
      [
        { toUserId: seatB.uid, index_name: idx(), workWxid: acc.wxid },
        '请选择要转接的会话或工作号',
        'Choose a conversation or a work account to transfer',
      ],
      [
        { toUserId: seatA.uid, index_name: idx() },
        '不能转接给自己',
        'You cannot transfer to yourself',
      ],
    ];
    for (const [body, zh, en] of cases) {
      const r = await create(seatA, body);
      expect([r.status, r.message]).toEqual([400, zh]);
      expect((await create(seatA, body, 'en')).message).toBe(en);
    }
    const badId = await create(seatA, { toUserId: 'not-a-uuid', index_name: idx() });
    expect(badId.status).toBe(400);
    const longNote = await create(seatA, {
      toUserId: seatB.uid,
      index_name: idx(),
      note: 'x'.repeat(501),
    });
    expect(longNote.status).toBe(400);
    expect((await transfers(manager)).total).toBe(0);
  });

  it('answers 404 for a seat or a conversation the caller cannot reach', async () => {
    const foreignSeat = await create(seatA, { toUserId: other.uid, index_name: idx() });
    expect([foreignSeat.status, foreignSeat.message]).toEqual([404, '接收坐席不存在']);
    // seatB does not see the account: it cannot hand its chats on.
    const hidden = await create(seatB, { toUserId: seatA.uid, index_name: idx() });
    expect(hidden.status).toBe(404);
    const foreign = await create(other, { toUserId: other.uid, index_name: idx() });
    expect(foreign.status).toBe(400);
  });

  it('stores a pending transfer and notifies the receiving seat live', async () => {
    const before = socketB.frames.length;
    const r = await create(seatA, {
      toUserId: seatB.uid,
      index_name: idx(),
      note: '  客户要退款  ',
    });
    expect(r.status).toBe(200);
    id = r.data.id;
    const frame = await socketB.waitFor((f) => f.event === 'serviceTransfer', 5000, before);
    expect(frame.data).toMatchObject({
      id,
      state: 'pending',
      scope: 'conversation',
      index_name: idx(),
      note: '客户要退款',
      from: { uid: seatA.uid },
      to: { uid: seatB.uid },
    });
    // Pending: the receiver does not see the chat yet.
    expect((await aggregated(seatB)).length).toBe(0);
    const msgs = await api(seatB).post('/main-api/conv/messages', { index_name: idx() });
    expect(msgs.status).toBe(404);
  });

  it('lists it for the sender, the receiver and the manager only', async () => {
    expect((await transfers(seatB, { direction: 'in' })).list.map((t) => t.id)).toEqual([id]);
    expect((await transfers(seatB, { direction: 'out' })).total).toBe(0);
    expect((await transfers(seatA, { direction: 'out', state: 'pending' })).list[0]).toMatchObject({
      id,
      conversationName: expect.stringMatching(/\S/),
      workWxid: acc.wxid,
    });
    expect((await transfers(manager)).total).toBe(1);
    expect((await transfers(sup)).total).toBe(0);
    expect((await transfers(other)).total).toBe(0);
    const bad = await api(seatA).post('/main-api/service/transfer/list', { state: 'lost' });
    expect(bad.status).toBe(400);
  });

  it('refuses a second pending transfer of the same chat (409)', async () => {
    const r = await create(manager, { toUserId: sup.uid, index_name: idx() });
    expect([r.status, r.message]).toEqual([409, '已有待接收的转接，请等待对方接收或先撤回']);
  });

  it('lets only the receiver accept (403 for the sender, 404 for others)', async () => {
    const bySender = await accept(seatA, id);
    expect([bySender.status, bySender.message]).toEqual([403, '只有接收坐席可以接收转接']);
    expect((await accept(sup, id)).status).toBe(404);
    expect((await accept(other, id)).status).toBe(404);
    expect((await accept(seatB, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await accept(seatB, 'nope')).status).toBe(400);
  });

  it('on accept, the chat follows the transfer: the receiver reads, sends and gets its pushes', async () => {
    const before = socketB.frames.length;
    const r = await accept(seatB, id);
    expect(r.status).toBe(200);
    const pushed = await socketB.waitFor(
      (f) => f.event === 'serviceTransfer' && (f.data as TransferItem).state === 'accepted',
      5000,
      before,
    );
    expect((pushed.data as TransferItem).decidedAt).toBeGreaterThan(0);
    const list = await aggregated(seatB);
    expect(list.map((c) => c.index_name)).toEqual([idx()]);
    expect(list[0]!.servedBy).toBe(seatB.uid);
    // The account is not in seat B's list, so the chat names it.
    expect(list[0]!.workAccount).toMatchObject({ nickname: '转接测试号' });
    expect((await aggregated(seatA))[0]!.workAccount).toBeUndefined();
    // The customer's card and tags follow the chat; another customer of the account does not.
    const card = await api(seatB).post('/main-api/acc/friend-info', {
      wxid: acc.wxid,
      friendWxid: FRIEND,
    });
    expect(card.status).toBe(200);
    const tagsOf = (friendWxid: string) =>
      api(seatB).post('/main-api/tags/contact', { workWxid: acc.wxid, friendWxid });
    expect((await tagsOf(FRIEND)).status).toBe(200);
    expect((await tagsOf(FRIEND2)).status).toBe(404);
    expect(
      (await api(seatB).post('/main-api/acc/friend-info', { wxid: acc.wxid, friendWxid: FRIEND2 }))
        .status,
    ).toBe(404);
    const msgs = await api(seatB).post<{ list: MessageItem[] }>('/main-api/conv/messages', {
      index_name: idx(),
    });
    expect(msgs.data.list.map((m) => m.content)).toContain('我想转人工');
    // Only that chat: the account's other conversation stays hidden.
    expect(
      (await api(seatB).post('/main-api/conv/messages', { index_name: idx(FRIEND2) })).status,
    ).toBe(404);
    const sent = await api(seatB).post('/main-api/conv/send-text', {
      workWxid: acc.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      content: '您好，我来接待您',
      sendingUUid: 'svc-1',
    });
    expect(sent.status).toBe(200);
    const elsewhere = await api(seatB).post('/main-api/conv/send-text', {
      workWxid: acc.wxid,
      receiver_id: FRIEND2,
      talkType: 1,
      content: '不该能发',
      sendingUUid: 'svc-2',
    });
    expect(elsewhere.status).toBe(404);

    const mark = socketB.frames.length;
    await inbound('谢谢', FRIEND);
    await inbound('别人的消息', FRIEND2);
    await socketB.waitFor(
      (f) => f.event === 'text' && (f.data as MessageItem).content === '谢谢',
      5000,
      mark,
    );
    await socketA.waitFor(
      (f) => f.event === 'text' && (f.data as MessageItem).content === '别人的消息',
    );
    expect(
      socketB.frames
        .slice(mark)
        .some((f) => f.event === 'text' && (f.data as MessageItem).content === '别人的消息'),
    ).toBe(false);
  });

  it('refuses deciding it again (409)', async () => {
    const again = await accept(seatB, id);
    expect([again.status, again.message]).toEqual([409, '转接已被接收或撤回']);
    expect((await revoke(seatA, id)).status).toBe(409);
    const same = await create(seatA, { toUserId: seatB.uid, index_name: idx() });
    expect([same.status, same.message]).toEqual([409, '该坐席已在服务此会话']);
  });

  it('logs who served the chat, from and to', async () => {
    const r = await api(seatB).post<{ list: ServiceLogItem[] }>('/main-api/service/log', {
      index_name: idx(),
    });
    expect(r.status).toBe(200);
    expect(r.data.list.map((l) => [l.seat.uid, l.to === null])).toEqual([
      [seatA.uid, false],
      [seatB.uid, true],
    ]);
    expect(r.data.list[1]!.from).toBe(r.data.list[0]!.to);
    expect(r.data.list[1]!.transferId).toBe(id);
    expect((await api(other).post('/main-api/service/log', { index_name: idx() })).status).toBe(
      404,
    );
    expect((await api(seatB).post('/main-api/service/log', { index_name: 'x' })).status).toBe(400);
  });
});

describe('revoking while pending', () => {
  it('lets only the sender revoke; a revoked transfer cannot be accepted', async () => {
    const r = await create(seatB, { toUserId: sup.uid, index_name: idx(), note: '交给主管' });
    expect(r.status).toBe(200);
    const byReceiver = await revoke(sup, r.data.id);
    expect([byReceiver.status, byReceiver.message]).toEqual([403, '只有发起坐席可以撤回转接']);
    expect((await revoke(seatA, r.data.id)).status).toBe(404);
    expect((await revoke(seatB, r.data.id)).status).toBe(200);
    const late = await accept(sup, r.data.id);
    expect([late.status, late.message]).toEqual([409, '转接已被接收或撤回']);
    expect((await transfers(seatB, { state: 'revoked' })).list[0]!.id).toBe(r.data.id);
    // Nothing moved: seatB still serves the chat.
    expect((await aggregated(seatB)).map((c) => c.index_name)).toEqual([idx()]);
  });
});

describe('handing a whole work account', () => {
  it('moves the account to the receiver on accept', async () => {
    const toManager = await create(seatA, { toUserId: manager.uid, workWxid: acc.wxid });
    expect(toManager.status).toBe(400);
    const r = await create(seatA, { toUserId: seatB.uid, workWxid: acc.wxid, note: '休假交接' });
    expect(r.status).toBe(200);
    expect((await transfers(seatB, { direction: 'in', state: 'pending' })).list[0]).toMatchObject({
      scope: 'account',
      index_name: null,
    });
    expect((await accept(seatB, r.data.id)).status).toBe(200);
    const all = await api(manager).post<{ list: { wxid: string; distributedTo: string }[] }>(
      '/main-api/acc/all',
      { pageSize: 50 },
    );
    expect(all.data.list.find((a) => a.wxid === acc.wxid)?.distributedTo).toBe(seatB.uid);
    const byAccount = (s: Session) =>
      api(s).post('/main-api/conv/list', { mode: 'account', workWxid: acc.wxid });
    expect((await byAccount(seatA)).status).toBe(404);
    expect((await byAccount(seatB)).status).toBe(200);
    expect((await aggregated(seatB)).length).toBe(2);
    const log = await api(seatB).post<{ list: ServiceLogItem[] }>('/main-api/service/log', {
      index_name: idx(FRIEND2),
    });
    expect(log.data.list.map((l) => [l.seat.uid, l.to === null])).toEqual([
      [seatA.uid, false],
      [seatB.uid, true],
    ]);
  });
});

describe('do not disturb', () => {
  it('keeps the chat’s count but leaves it out of the totals, and shows the flag', async () => {
    await inbound('打扰一下', FRIEND2);
    const total = async () =>
      (await api(seatB).post<UnreadSummary>('/main-api/conv/unread')).data.total;
    // Counted once this message is the chat's last: the first unread seen may be an earlier one.
    const chat = await eventually(async () => {
      const c = (await aggregated(seatB)).find((x) => x.receiver_id === FRIEND2);
      return c?.msg_text === '打扰一下' ? c : undefined;
    });
    const before = await total();
    const r = await api(seatB).post('/api/v1/talk/disturb', {
      index_name: idx(FRIEND2),
      disturb: true,
    });
    expect(r.status).toBe(200);
    expect(await total()).toBe(before - chat.unRead);
    const after = (await aggregated(seatB)).find((c) => c.receiver_id === FRIEND2)!;
    expect([after.disturb, after.unRead]).toEqual([true, chat.unRead]);
    await api(seatB).post('/api/v1/talk/disturb', { index_name: idx(FRIEND2), disturb: false });
    expect(await total()).toBe(before);
  });

  it('answers 404 outside the caller’s view and 400 for bad input', async () => {
    expect(
      (await api(other).post('/api/v1/talk/disturb', { index_name: idx(), disturb: true })).status,
    ).toBe(404);
    expect(
      (await api(seatA).post('/api/v1/talk/disturb', { index_name: idx(), disturb: true })).status,
    ).toBe(404);
    const bad = await api(seatB).post('/api/v1/talk/disturb', { index_name: idx(), disturb: 'y' });
    expect(bad.status).toBe(400);
  });
});
