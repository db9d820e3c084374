import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AddFriendsResult,
  ConversationItem,
  FansSearchResult,
  FriendRequestItem,
  SimContacts,
  SimReceivedItem,
} from '@cst/shared';
import { useStartedServer, type Session } from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  buildSeatWithRole,
  signInAs,
} from '../../../test/factories.ts';
import { openTestSocket, type TestSocket } from '../../realtime/test-socket.ts';
import {
  apiAs,
  eventually,
  waitStatus,
  type ListedAccount,
} from '../accounts/account.test-support.ts';

// Issue 13 §4: friend requests of the visible work accounts, answered on the platform, live.

let demo: Session;
let sup: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let readOnly: Session;
let acc: ListedAccount;
let seat1Socket: TestSocket;
let seat2Socket: TestSocket;

const api = (s: Session = demo, lang?: string) => apiAs(server, s, lang);
const ITEM_KEYS = [
  'avatar',
  'createdAt',
  'direction',
  'id',
  'nickname',
  'status',
  'verifyContent',
  'workWxid',
  'wxid',
];

async function list(s: Session, body: Record<string, unknown> = {}, lang?: string) {
  return api(s, lang).post<{ list: FriendRequestItem[]; total: number }>(
    '/main-api/acc/friend-request/list',
    { pageSize: 100, ...body },
  );
}

async function rowOf(s: Session, id: string) {
  return (await list(s)).data.list.find((r) => r.id === id);
}

/** A person asks the account through the simulator; resolves with the stored request. */
async function injected(verifyContent: string, fromWxid?: string) {
  const r = await api().post<{ requestId: string; fromWxid: string }>('/sim-api/friend-request', {
    workWxid: acc.wxid,
    fromWxid,
    verifyContent,
  });
  expect(r.status).toBe(200);
  return eventually(async () =>
    (await list(seat1, { direction: 'in' })).data.list.find((x) => x.wxid === r.data.fromWxid),
  );
}

async function received(body: Record<string, unknown>) {
  const r = await api().post<{ list: SimReceivedItem[] }>('/sim-api/received', body);
  expect(r.status).toBe(200);
  return r.data.list;
}

async function connect(s: Session) {
  const ws = await openTestSocket(server.url, { token: s.token });
  ws.send('ping');
  await ws.waitFor((f) => f.event === 'hello');
  return ws;
}

const server = useStartedServer({
  realtime: { liveGraceMs: 100 },
  accounts: { simulator: { loginDelayMs: 20, friendAcceptDelayMs: 300 } },
});

beforeAll(async () => {
  ({ demo, sup, seat1, seat2 } = await signInAs(server, 'demo', 'sup', 'seat1', 'seat2'));
  other = await buildOtherTenant(server);
  readOnly = await buildSeatWithRole(server, demo, {
    roleName: '只看会话',
    permissions: ['conversation.read'],
  });
  acc = await buildAccount(server, demo, { nickname: '申请测试号', distributeTo: seat1 });
  seat1Socket = await connect(seat1);
  seat2Socket = await connect(seat2);
});
afterAll(async () => {
  await seat1Socket?.close();
  await seat2Socket?.close();
});

describe('received requests', () => {
  it('arrive live for those who see the account, with the API.md shape', async () => {
    const from = seat1Socket.frames.length;
    const row = await injected('我是老客户，想咨询');
    expect(Object.keys(row).sort()).toEqual(ITEM_KEYS);
    expect(row).toMatchObject({
      workWxid: acc.wxid,
      direction: 'in',
      status: 1,
      verifyContent: '我是老客户，想咨询',
    });
    expect(row.nickname).not.toBe('');
    expect(row.avatar).not.toBe('');
    const push = await seat1Socket.waitFor(
      (f) => f.event === 'friendRequest' && (f.data as FriendRequestItem).id === row.id,
      5000,
      from,
    );
    expect(push.data).toEqual(row);
    for (const s of [demo, sup]) expect(await rowOf(s, row.id)).toEqual(row);
    // Not distributed to seat2, another tenant's: nothing to see or be told.
    expect((await list(seat2)).data).toEqual({ list: [], total: 0 });
    expect((await list(other)).data).toEqual({ list: [], total: 0 });
    expect(seat2Socket.pushes('friendRequest')).toEqual([]);
  });

  it('accept makes a friend: the chat appears in the inbox, a second accept is 409', async () => {
    const row = await injected('加个好友');
    const r = await api(seat1).post<FriendRequestItem>('/main-api/acc/accept-friend/accept', {
      id: row.id,
    });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ ...row, status: 3 });
    expect(await rowOf(demo, row.id)).toEqual({ ...row, status: 3 });
    const contacts = await api().get<SimContacts>(`/sim-api/contacts?workWxid=${acc.wxid}`);
    expect(contacts.data.contacts.map((c) => c.wxid)).toContain(row.wxid);
    const conv = await eventually(async () => {
      const c = await api(seat1).post<{ list: ConversationItem[] }>('/main-api/conv/list', {
        mode: 'aggregated',
        pageSize: 100,
      });
      return c.data.list.find((x) => x.receiver_id === row.wxid);
    });
    expect(conv.msg_text).toContain('现在可以开始聊天了');
    const again = await api(seat1, 'en').post('/main-api/acc/accept-friend/accept', { id: row.id });
    expect(again.status).toBe(409);
    expect(again.message).toBe('This friend request has already been handled');
  });

  it('decline gives status 2 with the reason in the reader’s language; then nothing more', async () => {
    const row = await injected('推广合作');
    const r = await api(sup).post<FriendRequestItem>('/api/v1/contacts/apply/decline', {
      id: row.id,
    });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ ...row, status: 2, reason: '已拒绝' });
    expect((await list(seat1, { status: 2 }, 'en')).data.list[0]).toMatchObject({
      id: row.id,
      reason: 'Declined',
    });
    for (const url of ['/api/v1/contacts/apply/decline', '/main-api/acc/accept-friend/accept']) {
      const again = await api(seat1).post(url, { id: row.id });
      expect(again.status).toBe(409);
      expect(again.message).toBe('该好友申请已处理');
    }
  });

  it('a request the console missed is pulled when the account is back online', async () => {
    const row = await injected('掉线时发来的申请');
    // The event never reached the console (e.g. its instance was down): no row of it.
    await server.deps.db.execute(sql`delete from friend_requests where id = ${row.id}`);
    expect(
      (await list(seat1, { direction: 'in' })).data.list.some((r) => r.wxid === row.wxid),
    ).toBe(false);
    const drop = await api().post('/sim-api/fault', { workWxid: acc.wxid, kind: 'drop' });
    expect(drop.status).toBe(200);
    const back = await eventually(async () =>
      (await list(seat1, { direction: 'in' })).data.list.find((r) => r.wxid === row.wxid),
    );
    expect(back).toMatchObject({ status: 1, verifyContent: '掉线时发来的申请' });
    await waitStatus(server, demo, acc.wxid, 'online');
  });

  it('hides requests of accounts the caller does not see (404) and needs contact.manage (403)', async () => {
    const row = await injected('你好');
    for (const s of [seat2, other]) {
      for (const url of ['/main-api/acc/accept-friend/accept', '/api/v1/contacts/apply/decline']) {
        const r = await api(s).post(url, { id: row.id });
        expect(r.status).toBe(404);
        expect(r.message).toBe('好友申请不存在');
      }
    }
    const unknown = await api(seat1).post('/main-api/acc/accept-friend/accept', {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect((await list(readOnly)).status).toBe(403);
    expect(
      (await api(readOnly).post('/main-api/acc/accept-friend/accept', { id: row.id })).status,
    ).toBe(403);
    expect((await rowOf(seat1, row.id))?.status).toBe(1);
  });

  it('refuses bad input with 400', async () => {
    for (const body of [{ pageSize: 0 }, { direction: 'sideways' }, { status: 5 }, { page: 'x' }]) {
      expect((await list(seat1, body)).status).toBe(400);
    }
    for (const body of [{}, { id: 'not-a-uuid' }, { id: 12 }, { id: 'a'.repeat(5000) }]) {
      expect((await api(seat1).post('/main-api/acc/accept-friend/accept', body)).status).toBe(400);
      expect((await api(seat1).post('/api/v1/contacts/apply/decline', body)).status).toBe(400);
    }
    expect((await list(seat1, { workWxid: 'wxid_not_ours' })).status).toBe(404);
  });

  it('filters by account, direction and status, and pages newest first', async () => {
    const all = (await list(demo, { direction: 'in' })).data;
    expect(all.total).toBeGreaterThanOrEqual(4);
    const times = all.list.map((r) => r.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const page2 = (await list(demo, { direction: 'in', page: 2, pageSize: 1 })).data;
    expect(page2).toEqual({ list: [all.list[1]], total: all.total });
    const pending = (await list(demo, { workWxid: acc.wxid, status: 1 })).data.list;
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((r) => r.status === 1 && r.workWxid === acc.wxid)).toBe(true);
    expect((await list(demo, { direction: 'out' })).data.list.every((r) => r.direction === 'out'));
  });
});

describe('adding friends', () => {
  it('searches by phone; an unknown keyword is "contact number does not exist"', async () => {
    const r = await api(seat1).post<FansSearchResult>('/task-api/fans/search', {
      workerWxid: acc.wxid,
      keyword: '13955556666',
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ alias: '13955556666', isFriend: false });
    expect(r.data.ticket).not.toBe('');
    const none = await api(seat1, 'en').post('/task-api/fans/search', {
      workerWxid: acc.wxid,
      keyword: 'nobody-at-all',
    });
    expect(none.status).toBe(404);
    expect(none.message).toBe('Contact number does not exist');
    const empty = await api(seat1).post('/task-api/fans/search', {
      workerWxid: acc.wxid,
      keyword: '  ',
    });
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('请输入手机号或账号');
    expect(
      (await api(seat2).post('/task-api/fans/search', { workerWxid: acc.wxid, keyword: '1' }))
        .status,
    ).toBe(404);
  });

  it('sends a request to a searched person; it is recorded and accepted later (status 3)', async () => {
    expect((await api().post('/sim-api/config', { friendAcceptRate: 1 })).status).toBe(200);
    const found = await api(seat1).post<FansSearchResult>('/task-api/fans/search', {
      workerWxid: acc.wxid,
      keyword: '13955556666',
    });
    const r = await api(seat1).post<AddFriendsResult>('/task-api/fans/add', {
      workerWxid: acc.wxid,
      verifyContent: '你好，我是客服小王',
      addFriends: [{ wxid: found.data.wxid, ticket: found.data.ticket }],
    });
    expect(r.status).toBe(200);
    expect(r.data.list).toEqual([
      { wxid: found.data.wxid, status: 1, message: '申请已发送，请等待对方通过' },
    ]);
    const sent = (await list(seat1, { direction: 'out' })).data.list.find(
      (x) => x.wxid === found.data.wxid,
    )!;
    expect(sent).toMatchObject({
      direction: 'out',
      status: 1,
      verifyContent: '你好，我是客服小王',
      nickname: found.data.nickname,
    });
    const done = await eventually(async () => {
      const x = await rowOf(seat1, sent.id);
      return x?.status === 3 ? x : undefined;
    });
    expect(done).toEqual({ ...sent, status: 3 });
    await seat1Socket.waitFor(
      (f) =>
        f.event === 'friendRequest' &&
        (f.data as FriendRequestItem).id === sent.id &&
        (f.data as FriendRequestItem).status === 3,
    );
    // The person received the request with the greeting.
    const got = await received({ workWxid: acc.wxid, peerWxid: found.data.wxid });
    expect(got).toEqual([
      {
        kind: 'friendRequest',
        msgId: null,
        workWxid: acc.wxid,
        peerWxid: found.data.wxid,
        content: '你好，我是客服小王',
        requestId: expect.stringMatching(/^fr_/) as unknown as string,
        at: expect.any(Number) as unknown as number,
      },
    ]);
    expect(Math.abs(got[0]!.at - sent.createdAt)).toBeLessThan(1000);
  });

  it('a refusal gives status 2 with the person’s reason', async () => {
    await api().post('/sim-api/config', { friendAcceptRate: 0 });
    try {
      const found = await api(seat1).post<FansSearchResult>('/task-api/fans/search', {
        workerWxid: acc.wxid,
        keyword: '13977778888',
      });
      const r = await api(seat1).post<AddFriendsResult>('/task-api/fans/add', {
        workerWxid: acc.wxid,
        verifyContent: '打扰了',
        addFriends: [{ wxid: found.data.wxid, ticket: found.data.ticket }],
      });
      expect(r.data.list[0]!.status).toBe(1);
      const refused = await eventually(async () => {
        const x = (await list(seat1, { direction: 'out', status: 2 })).data.list;
        return x.find((y) => y.wxid === found.data.wxid);
      });
      expect(refused.reason).toMatch(/拒绝|不允许/);
    } finally {
      await api().post('/sim-api/config', { friendAcceptRate: 1 });
    }
  });

  it('a friend is "Already a contact, cannot add", recorded as status 4', async () => {
    const contacts = await api().get<SimContacts>(`/sim-api/contacts?workWxid=${acc.wxid}`);
    const friend = contacts.data.contacts[0]!;
    const r = await api(seat1, 'en').post('/task-api/fans/add', {
      workerWxid: acc.wxid,
      verifyContent: 'Hi',
      addFriends: [{ wxid: friend.wxid }],
    });
    expect(r.status).toBe(409);
    expect(r.message).toBe('Already a contact, cannot add');
    const row = (await list(seat1, { direction: 'out', status: 4 })).data.list;
    expect(row.map((x) => x.wxid)).toContain(friend.wxid);
  });

  it('adds members of a group of the account; refuses outsiders and unknown groups', async () => {
    // Nobody accepts meanwhile, so the members who are not friends stay the same.
    await api().post('/sim-api/config', { friendAcceptRate: 0 });
    const contacts = await api().get<SimContacts>(`/sim-api/contacts?workWxid=${acc.wxid}`);
    const friendIds = new Set(contacts.data.contacts.map((c) => c.wxid));
    const group = contacts.data.groups.find((g) =>
      g.members.some((m) => m.wxid !== acc.wxid && !friendIds.has(m.wxid)),
    )!;
    const stranger = group.members.find((m) => m.wxid !== acc.wxid && !friendIds.has(m.wxid))!;
    const body = { workerWxid: acc.wxid, chatRoom: group.groupId, verifyContent: '群里看到你' };
    const empty = await api(seat1).post('/task-api/fans/add-group', { ...body, verifyContent: '' });
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('请填写申请备注');
    const outsider = await api(seat1).post('/task-api/fans/add-group', {
      ...body,
      wxids: ['wxid_not_in_group'],
    });
    expect(outsider.status).toBe(400);
    const noGroup = await api(seat1).post('/task-api/fans/add-group', {
      ...body,
      chatRoom: '999@chatroom',
    });
    expect(noGroup.status).toBe(404);
    expect((await api(seat2).post('/task-api/fans/add-group', body)).status).toBe(404);
    const one = await api(seat1).post<AddFriendsResult>('/task-api/fans/add-group', {
      ...body,
      wxids: [stranger.wxid],
    });
    expect(one.status).toBe(200);
    expect(one.data.list).toEqual([
      { wxid: stranger.wxid, status: 1, message: '申请已发送，请等待对方通过' },
    ]);
    const sent = (await list(seat1, { direction: 'out' })).data.list.find(
      (x) => x.wxid === stranger.wxid,
    );
    expect(sent).toMatchObject({ status: 1, verifyContent: '群里看到你' });
    // Without wxids: every member who is not a friend yet.
    const all = await api(seat1).post<AddFriendsResult>('/task-api/fans/add-group', body);
    expect(all.status).toBe(200);
    const expected = group.members
      .map((m) => m.wxid)
      .filter((w) => w !== acc.wxid && !friendIds.has(w));
    expect(all.data.list.map((x) => x.wxid).sort()).toEqual(expected.sort());
    expect(all.data.list.every((x) => x.status === 1)).toBe(true);
    await api().post('/sim-api/config', { friendAcceptRate: 1 });
  });
});

describe('simulator API', () => {
  it('received: messages the account sent and requests, oldest first; tenant-bound', async () => {
    const contacts = await api().get<SimContacts>(`/sim-api/contacts?workWxid=${acc.wxid}`);
    const friend = contacts.data.contacts[1]!;
    const since = Date.now() - 1;
    const send = await api(seat1).post<{ messageId: string; requestId: string }>(
      '/main-api/conv/send-text',
      {
        workWxid: acc.wxid,
        receiver_id: friend.wxid,
        talkType: 1,
        content: '您好，有什么可以帮您？',
        sendingUUid: 'uuid-received-1',
      },
    );
    expect(send.status).toBe(200);
    const got = await eventually(async () => {
      const l = await received({ workWxid: acc.wxid, peerWxid: friend.wxid, sinceMs: since });
      return l.length === 1 ? l : undefined;
    });
    expect(got[0]).toMatchObject({
      kind: 'message',
      workWxid: acc.wxid,
      peerWxid: friend.wxid,
      msgType: 1,
      content: '您好，有什么可以帮您？',
      requestId: send.data.requestId,
    });
    expect(got[0]!.msgId).toMatch(/^\d+$/);
    const everything = await received({});
    const ats = everything.map((x) => x.at);
    expect([...ats].sort((a, b) => a - b)).toEqual(ats);
    expect(everything.some((x) => x.kind === 'friendRequest')).toBe(true);
    // Another tenant sees nothing of this account; seats without account.manage cannot ask.
    expect((await api(other).post('/sim-api/received', { workWxid: acc.wxid })).status).toBe(404);
    expect((await api(other).post<{ list: unknown[] }>('/sim-api/received', {})).data.list).toEqual(
      [],
    );
    expect((await api(seat1).post('/sim-api/received', {})).status).toBe(403);
    expect((await api().post('/sim-api/received', { sinceMs: -1 })).status).toBe(400);
  });

  it('friend-request: tenant-bound, validated, a friend cannot ask', async () => {
    const body = { workWxid: acc.wxid, verifyContent: 'hi' };
    expect((await api(other).post('/sim-api/friend-request', body)).status).toBe(404);
    expect((await api(seat1).post('/sim-api/friend-request', body)).status).toBe(403);
    expect((await api().post('/sim-api/friend-request', { workWxid: acc.wxid })).status).toBe(400);
    const contacts = await api().get<SimContacts>(`/sim-api/contacts?workWxid=${acc.wxid}`);
    const friend = contacts.data.contacts[0]!;
    expect(
      (await api().post('/sim-api/friend-request', { ...body, fromWxid: friend.wxid })).status,
    ).toBe(409);
    const named = await api().post<{ requestId: string; fromWxid: string }>(
      '/sim-api/friend-request',
      { ...body, fromWxid: 'wxid_named_asker' },
    );
    expect(named.data.fromWxid).toBe('wxid_named_asker');
  });
});
