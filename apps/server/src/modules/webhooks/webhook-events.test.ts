import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FriendItem, GroupDetail, GroupItem } from '@cst/shared';
import { rowsOf } from '../../platform/db.ts';
import { buildTenant, login, useStartedServer, type Session } from '../../../test/support.ts';
import {
  addAccount,
  apiAs,
  eventually,
  signIn,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { FAST_BULK_SETTINGS, createBulk, waitBulk } from '../bulk-send/bulk-send.test-support.ts';
import { createPost, waitPost } from '../moments/moment.test-support.ts';
import { startReceiver, type Received } from './webhook-receiver.test-support.ts';

// The events other modules record in their changes' transactions, delivered to a real receiver:
// account.qr and account.status (a QR login, a ban), friend.request and friend.added, contact
// changes, group.updated (a rename, a notice, a member removed), conversation.assigned / conversation.status, moment.interaction, task.progress and
// task.completed (a mass-send task). Another tenant's
// endpoint subscribed to the same events gets no delivery of them.

const server = useStartedServer({ scheduler: { pollMs: 100 } }, { allowPrivateNetwork: true });

const EVENTS = [
  'account.status',
  'account.qr',
  'friend.request',
  'friend.added',
  'contact.updated',
  'group.updated',
  'conversation.assigned',
  'conversation.status',
  'moment.interaction',
  'task.progress',
  'task.completed',
];

let demo: Session;
let other: Session;
let acc: ListedAccount;
let friend: string;
let otherHook: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let tenantId: string;

const api = () => apiAs(server, demo);

async function hook(s: Session, url: string) {
  const r = await apiAs(server, s).post<{ id: string }>('/main-api/open/webhooks/create', {
    url,
    events: EVENTS,
  });
  expect(r.status, r.message).toBe(200);
  return r.data.id;
}

const of =
  (event: string, match: (data: Record<string, unknown>) => boolean = () => true) =>
  (got: Received[]) =>
    got.filter((g) => g.json.event === event && match(g.json.data as Record<string, unknown>));

beforeAll(async () => {
  receiver = await startReceiver();
  demo = await signIn(server, 'demo');
  const t = await buildTenant(server);
  other = await login(server, t.manager.username);
  otherHook = await hook(other, receiver.url.replace('/hook', '/other'));
  await hook(demo, receiver.url);
  acc = await addAccount(server, demo, { nickname: '事件号' });
  await api().post('/sim-api/config', { trafficPerMinute: 0 });
  const friends = await api().post<{ list: FriendItem[] }>('/main-api/acc/friends-list', {
    workWxid: acc.wxid,
    pageSize: 10,
  });
  friend = friends.data.list[0]!.friendWxid;
  [{ tenant_id: tenantId }] = rowsOf<{ tenant_id: string }>(
    await server.deps.db.execute(sql`select tenant_id from work_accounts where wxid = ${acc.wxid}`),
  ) as [{ tenant_id: string }];
});
afterAll(async () => {
  await receiver?.close();
});

describe('events of other modules, delivered', () => {
  it('account.qr and account.status of a QR login', async () => {
    await receiver.until((g) => of('account.qr')(g).length > 0);
    await receiver.until(
      (g) =>
        of('account.status', (d) => d.wxid === acc.wxid && d.status === 'online')(g).length > 0,
    );
    const qr = of('account.qr')(receiver.got)[0]!;
    expect(qr.json.tenantId).toBe(tenantId);
    expect(qr.json.data).toMatchObject({
      loginId: expect.any(String),
      qrImage: expect.any(String),
    });
  });

  it('friend.request, then friend.added when it is accepted', async () => {
    const fr = await api().post<{ requestId: string; fromWxid: string }>(
      '/sim-api/friend-request',
      { workWxid: acc.wxid, verifyContent: '你好，我是买家' },
    );
    expect(fr.status, fr.message).toBe(200);
    await receiver.until(
      (g) => of('friend.request', (d) => d.verifyContent === '你好，我是买家')(g).length > 0,
    );
    const req = of('friend.request', (d) => d.verifyContent === '你好，我是买家')(receiver.got);
    expect(req).toHaveLength(1);
    const id = (req[0]!.json.data as { id: string }).id;
    const ok = await api().post('/main-api/acc/accept-friend/accept', { id });
    expect(ok.status, ok.message).toBe(200);
    await receiver.until(
      (g) =>
        of('friend.added', (d) => JSON.stringify(d.upserted).includes(fr.data.fromWxid))(g).length >
        0,
    );
  });

  it('conversation.assigned and conversation.status', async () => {
    const r = await api().post('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: friend,
      talkType: 1,
      msgType: 1,
      content: 'flow',
    });
    expect(r.status, r.message).toBe(200);
    // The message is stored by the inbound pipeline: wait for its chat.
    const conv = await eventually(async () => {
      const list = await api().post<{ list: { index_name: string }[] }>('/main-api/conv/list', {
        workWxid: acc.wxid,
        mode: 'account',
        page: 1,
        pageSize: 50,
      });
      return list.data.list.find((c) => c.index_name.includes(friend));
    });
    const a = await api().post('/main-api/conv/assign', {
      index_name: conv.index_name,
      uid: demo.uid,
    });
    expect(a.status, a.message).toBe(200);
    const s = await api().post('/main-api/conv/status', {
      index_name: conv.index_name,
      status: 'resolved',
    });
    expect(s.status, s.message).toBe(200);
    await receiver.until(
      (g) =>
        of('conversation.assigned', (d) => d.index_name === conv.index_name)(g).length > 0 &&
        of('conversation.status', (d) => d.index_name === conv.index_name)(g).length > 0,
    );
  });

  it('group.updated when a group is renamed, gets a notice or loses a member', async () => {
    const groups = await api().get<{ list: GroupItem[] }>(
      `/api/v1/group/list?pageSize=100&workWxid=${acc.wxid}`,
    );
    const owned = groups.data.list.find((g) => g.myRole === 'owner')!;
    expect(owned).toBeTruthy();
    const recorded = async () => {
      const [row] = rowsOf<{ n: number }>(
        await server.deps.db.execute(
          sql`select count(*)::int as n from open_events
              where event = 'group.updated' and data->>'groupId' = ${owned.groupId}`,
        ),
      );
      return Number(row!.n);
    };
    // Each change is recorded in the transaction that stores it, before the command answers.
    const step = async (path: string, body: Record<string, unknown>) => {
      const before = await recorded();
      const r = await api().post(path, { workWxid: acc.wxid, groupId: owned.groupId, ...body });
      expect(r.status, r.message).toBe(200);
      expect(await recorded()).toBeGreaterThan(before);
    };
    await step('/api/v1/group/edit', { name: '事件测试群' });
    await step('/api/v1/group/edit-notice', { notice: '本群公告' });
    const detail = await api().post<GroupDetail>('/chatroom/getChatRoom', {
      workWxid: acc.wxid,
      groupId: owned.groupId,
    });
    const member = detail.data.members.find((m) => m.wxid !== acc.wxid && m.role === 'member')!;
    await step('/api/v1/group/remove-members', { wxids: [member.wxid] });
    const total = await recorded();
    const ofGroup = of('group.updated', (d) => d.groupId === owned.groupId);
    await receiver.until((g) => new Set(ofGroup(g).map((x) => x.json.id)).size >= total);
    const got = ofGroup(receiver.got);
    // data: the console's `group` push; each event has its own id, signed like every other.
    expect(got[0]!.json.data).toEqual({
      workWxid: acc.wxid,
      groupId: owned.groupId,
      change: 'updated',
    });
    expect(got[0]!.json.tenantId).toBe(tenantId);
    expect(got[0]!.headers['x-cst-event']).toBe('group.updated');
  });

  it('moment.interaction of a like on the account’s post', async () => {
    const post = await createPost(server, demo, { workWxids: [acc.wxid], text: '新品上架' });
    expect(post.status, post.message).toBe(200);
    const p = await waitPost(server, demo, post.data.postId, (x) => x.counts.posted === 1);
    const like = await api().post<{ momentId: string }>('/sim-api/moment/act', {
      workWxid: acc.wxid,
      kind: 'like',
      momentId: p.jobs[0]!.momentId!,
      fromWxid: friend,
    });
    expect(like.status, like.message).toBe(200);
    await receiver.until(
      (g) =>
        of('moment.interaction', (d) => d.momentId === like.data.momentId && d.kind === 'like')(g)
          .length > 0,
    );
  });

  it('task.progress and task.completed of a mass-send task', async () => {
    const saved = await api().post('/task-api/bulk-send-task/settings/save', FAST_BULK_SETTINGS);
    expect(saved.status, saved.message).toBe(200);
    const r = await createBulk(server, demo, {
      taskName: '事件群发',
      workWxids: [acc.wxid],
      targets: { mode: 'list', wxids: [friend] },
      messages: [{ kind: 'text', content: '活动通知' }],
    });
    expect(r.status, r.message).toBe(200);
    const taskId = r.data.taskId;
    await waitBulk(server, demo, taskId, (t) => t.status === 'completed');
    await receiver.until((g) => of('task.completed', (d) => d.taskId === taskId)(g).length > 0);
    const completed = of('task.completed', (d) => d.taskId === taskId)(receiver.got);
    expect(completed).toHaveLength(1);
    // data: the bulkSendTask push of the task as it closed.
    expect(completed[0]!.json.data).toMatchObject({
      taskId,
      status: 'completed',
      total: 1,
      sent: 1,
      pending: 0,
    });
    await receiver.until((g) => of('task.progress', (d) => d.taskId === taskId)(g).length > 0);
  });

  it('account.status when the account is banned', async () => {
    const from = receiver.got.length;
    const r = await api().post('/sim-api/fault', { workWxid: acc.wxid, kind: 'ban' });
    expect(r.status, r.message).toBe(200);
    await receiver.until(
      (g) =>
        of('account.status', (d) => d.wxid === acc.wxid && d.status !== 'online')(g.slice(from))
          .length > 0,
    );
  });

  it('gives another tenant’s endpoint none of them', async () => {
    const [row] = rowsOf<{ n: number }>(
      await server.deps.db.execute(
        sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${otherHook}`,
      ),
    );
    expect(Number(row!.n)).toBe(0);
    expect(receiver.got.every((g) => g.json.tenantId === tenantId)).toBe(true);
    expect(receiver.got.some((g) => g.headers['x-cst-event'] === 'account.status')).toBe(true);
  });
});
