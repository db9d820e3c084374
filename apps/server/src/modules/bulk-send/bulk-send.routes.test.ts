import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkTaskPush, FriendItem } from '@cst/shared';
import { typingMsOf } from '../../gateway/index.ts';
import { rowsOf } from '../../platform/db.ts';
import { useStartedServer, type Session } from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  buildSeatWithRole,
  quickSimulator,
  signInAs,
} from '../../../test/factories.ts';
import { openTestSocket, type TestSocket } from '../../realtime/test-socket.ts';
import {
  addAccount,
  apiAs,
  eventually,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import {
  FAST_BULK_SETTINGS,
  bulkTaskOf,
  createBulk,
  detailsOf,
  friendsOf,
  receivedMessages,
  scheduledTask,
  waitBulk,
} from './bulk-send.test-support.ts';
import { accountByWxid } from '../conversations/conversation.repository.ts';

// Issue 16 §2: mass-send tasks over the routes, run by the scheduler and the outbox end to end.

let demo: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let readOnly: Session;
let acc1: ListedAccount;
let acc2: ListedAccount;
let friends1: FriendItem[];
let friends2: FriendItem[];
let socket: TestSocket;

const api = (s: Session = demo, lang?: string) => apiAs(server, s, lang);

const server = useStartedServer({
  realtime: { liveGraceMs: 100 },
  accounts: { simulator: { loginDelayMs: 20 } },
  scheduler: { pollMs: 200 },
});

beforeAll(async () => {
  ({ demo, seat1, seat2 } = await signInAs(server, 'demo', 'seat1', 'seat2'));
  other = await buildOtherTenant(server);
  readOnly = await buildSeatWithRole(server, demo, {
    roleName: '只看会话',
    permissions: ['conversation.read'],
  });
  acc1 = await buildAccount(server, demo, { nickname: '群发一号', distributeTo: seat1 });
  acc2 = await buildAccount(server, demo, { nickname: '群发二号' });
  await quickSimulator(server, demo, { deliveryDelayMs: 50, readDelayMs: 50 });
  expect(
    (await api().post('/task-api/bulk-send-task/settings/save', FAST_BULK_SETTINGS)).status,
  ).toBe(200);
  friends1 = await friendsOf(server, demo, acc1.wxid);
  friends2 = await friendsOf(server, demo, acc2.wxid);
  socket = await openTestSocket(server.url, { token: demo.token });
  socket.send('ping');
  await socket.waitFor((f) => f.event === 'hello');
});
afterAll(async () => {
  await socket?.close();
});

describe('create: validation (400) with the spec’s texts', () => {
  const base = () => ({ workWxids: [acc1.wxid], targets: { mode: 'all' } });
  it.each([
    ['task name', { taskName: '' }, '任务名称不能为空', 'Task name cannot be empty'],
    ['work accounts', { workWxids: [] }, '请选择工作号', 'Please choose a work account'],
    ['message', { messages: [] }, '文字和图片不能同时为空', 'Text and image cannot both be empty'],
    [
      'message text',
      { messages: [{ kind: 'text', content: '  ' }] },
      '文字和图片不能同时为空',
      'Text and image cannot both be empty',
    ],
    ['send time', { sendType: 'scheduled' }, '请选择发送时间', 'Please choose a send time'],
    ['tags', { targets: { mode: 'tags' } }, '请选择标签', 'Please choose tags'],
  ])('refuses a missing %s', async (_n, patch, zh, en) => {
    const body = { ...base(), ...patch };
    const r = await createBulk(server, demo, body);
    expect([r.status, r.message]).toEqual([400, zh]);
    expect((await createBulk(server, demo, body, 'en')).message).toBe(en);
  });

  it('refuses bad values, six messages, malformed ids and files not of the tenant', async () => {
    const text = { kind: 'text', content: 'hi' };
    for (const patch of [
      { messages: Array.from({ length: 6 }, () => text) },
      { taskType: 'moments' },
      { targets: { mode: 'tags', tagIds: ['nope'] } },
      { targets: { mode: 'list', wxids: [''] } },
      { messages: [{ kind: 'image', fileUrl: 'https://example.com/x.png' }] },
      { messages: [{ kind: 'link', title: 't', url: 'javascript:alert(1)' }] },
      { sendType: 'scheduled', sendAt: -5 },
    ]) {
      const r = await createBulk(server, demo, { ...base(), ...patch });
      expect([JSON.stringify(patch), r.status]).toEqual([JSON.stringify(patch), 400]);
    }
    for (const url of ['sub-task/details', 'pause', 'restart', 'delete', 'failed-reissue']) {
      const r = await api().post(`/task-api/bulk-send-task/${url}`, { taskId: 'abc' });
      expect(r.status).toBe(400);
    }
  });

  it('refuses a list no chosen account has (400) and an account not visible (404)', async () => {
    const none = await createBulk(server, demo, {
      ...base(),
      targets: { mode: 'list', wxids: ['wxid_nobody_here'] },
    });
    expect([none.status, none.message]).toEqual([400, '没有可发送的对象']);
    const hidden = await createBulk(server, seat1, { ...base(), workWxids: [acc2.wxid] });
    expect(hidden.status).toBe(404);
    const foreign = await createBulk(server, other, base());
    expect(foreign.status).toBe(404);
    expect((await createBulk(server, readOnly, base())).status).toBe(403);
  });
});

describe('a task to chosen friends runs to the end', () => {
  it('sends each message to each target once, through the outbox, with receipts', async () => {
    const targets = [...friends1.slice(0, 3), ...friends2.slice(0, 2)].map((f) => f.friendWxid);
    const messages = [
      { kind: 'text', content: '第一条：活动通知' },
      { kind: 'link', title: '活动页', url: 'https://example.com/sale', description: '五折' },
    ];
    const r = await createBulk(server, demo, {
      taskName: '双账号群发',
      workWxids: [acc1.wxid, acc2.wxid],
      targets: { mode: 'list', wxids: [...targets, 'wxid_not_a_friend'] },
      messages,
    });
    expect(r.status).toBe(200);
    const pushed = socket.waitFor(
      (f) => f.event === 'bulkSendTask' && (f.data as BulkTaskPush).taskId === r.data.taskId,
    );
    const done = await waitBulk(server, demo, r.data.taskId, (t) => t.status === 'completed');
    expect(done).toMatchObject({
      taskName: '双账号群发',
      taskType: 'friends',
      sendType: 'now',
      total: 12,
      failed: 2,
      pending: 0,
      sent: 10,
      targets: 6,
      messageCount: 2,
    });
    expect(done.startAt).not.toBeNull();
    expect(done.endAt).not.toBeNull();
    expect(await pushed).toBeTruthy();
    // Each person got the two messages once, from the account that has them as a friend.
    for (const t of targets) {
      const got = (await receivedMessages(server, demo)).filter((m) => m.peerWxid === t);
      expect(got.map((m) => m.msgType)).toEqual([1, 10]);
      expect(got[0]!.content).toBe('第一条：活动通知');
      // The person saw the account typing first, the longer the text the longer.
      expect(got[0]!.typingMs).toBe(typingMsOf({ kind: 'text', content: '第一条：活动通知' }));
      expect(got[0]!.workWxid).toBe(
        friends1.some((f) => f.friendWxid === t) ? acc1.wxid : acc2.wxid,
      );
    }
    // Receipts move the sends to read; the stranger's sends failed at planning with the reason.
    const rows = await eventually(async () => {
      const all = await detailsOf(server, demo, r.data.taskId);
      return all.filter((x) => x.state === 'read').length === 10 ? all : undefined;
    });
    const failed = rows.filter((x) => x.state === 'failed');
    expect(failed.map((x) => [x.targetWxid, x.messageIndex, x.error])).toEqual([
      ['wxid_not_a_friend', 1, '不是所选工作号的好友'],
      ['wxid_not_a_friend', 2, '不是所选工作号的好友'],
    ]);
    expect(rows.filter((x) => x.state === 'read').every((x) => x.sentAt! > 0)).toBe(true);
    expect((await detailsOf(server, demo, r.data.taskId, 'failed')).length).toBe(2);
    // The details as xlsx (the token in the query, as a browser download).
    const xlsx = await server.app.inject({
      method: 'GET',
      url: `/task-api/bulk-send-task/sub-task/export?taskId=${r.data.taskId}`,
      headers: demo.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(13);
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual([
      '工作号',
      '发送对象',
      '昵称',
      '第几条',
    ]);
    const states = sheet.getColumn(5).values.slice(2);
    expect(states.filter((v) => v === '发送失败')).toHaveLength(2);
    const other = await server.app.inject({
      method: 'GET',
      url: `/task-api/bulk-send-task/sub-task/export?taskId=${r.data.taskId}`,
      headers: seat2.headers,
    });
    expect(other.statusCode).toBe(404);
    // The sends are ordinary console messages of their conversations.
    const conv = await api().post<{ list: { msgType: number; sendSide: number }[] }>(
      '/main-api/conv/messages',
      { index_name: `1__${targets[0]}__${acc1.wxid}` },
    );
    expect(conv.status).toBe(200);
    expect(conv.data.list.filter((m) => m.sendSide === 1).length).toBeGreaterThanOrEqual(2);
  });

  it('sends to the friends of a tag (the tags module)', async () => {
    const tag = await api().post<{ id: string }>('/main-api/tags/add', { name: '双十一客户' });
    expect(tag.status).toBe(200);
    const tagged = friends2.slice(5, 8);
    const link = await api().post('/main-api/acc/add-friend-tag', {
      targets: tagged.map((f) => ({ workWxid: acc2.wxid, friendWxid: f.friendWxid })),
      tagIds: [tag.data.id],
      op: 'add',
    });
    expect(link.status).toBe(200);
    const r = await createBulk(server, demo, {
      workWxids: [acc1.wxid, acc2.wxid],
      targets: { mode: 'tags', tagIds: [tag.data.id] },
    });
    expect(r.status).toBe(200);
    await waitBulk(server, demo, r.data.taskId, (t) => t.status === 'completed');
    const rows = await detailsOf(server, demo, r.data.taskId);
    expect(rows.map((x) => x.targetWxid).sort()).toEqual(tagged.map((f) => f.friendWxid).sort());
  });
});

describe('visibility by role and tenant', () => {
  it('shows a task to those who see all its accounts; others get 404 or 403', async () => {
    const r = await createBulk(server, seat1, {
      workWxids: [acc1.wxid],
      targets: { mode: 'list', wxids: [friends1[10]!.friendWxid] },
      sendType: 'scheduled',
      sendAt: Date.now() + 3_600_000,
    });
    expect(r.status).toBe(200);
    const id = r.data.taskId;
    expect((await bulkTaskOf(server, seat1, id))?.status).toBe('pending');
    expect((await bulkTaskOf(server, demo, id))?.sendAt).toBeGreaterThan(Date.now());
    expect(await bulkTaskOf(server, seat2, id)).toBeUndefined();
    expect(await bulkTaskOf(server, other, id)).toBeUndefined();
    for (const s of [seat2, other]) {
      for (const url of ['sub-task/details', 'pause', 'restart', 'delete', 'failed-reissue']) {
        const x = await api(s, 'en').post(`/task-api/bulk-send-task/${url}`, { taskId: id });
        expect([url, x.status, x.message]).toEqual([url, 404, 'No such task']);
      }
    }
    const ro = await api(readOnly).post('/task-api/bulk-send-task/fetch', {});
    expect(ro.status).toBe(403);
    expect((await api().post('/task-api/bulk-send-task/delete', { taskId: id })).status).toBe(200);
    expect(await bulkTaskOf(server, demo, id)).toBeUndefined();
  });
});

describe('rows without foreign keys', () => {
  const stored = async (column: 'task_id' | 'work_account_id', id: string) =>
    Number(
      rowsOf<{ n: number }>(
        await server.deps.db.execute(
          sql`select count(*)::int as n from bulk_send_rows where ${sql.identifier(column)} = ${id}`,
        ),
      )[0]!.n,
    );

  it('deletes a task’s rows with the task, and an account’s rows with the account', async () => {
    const later = { sendType: 'scheduled', sendAt: Date.now() + 3_600_000 } as const;
    const gone = await addAccount(server, demo, { nickname: '将删除的群发号' });
    const a = await createBulk(server, demo, {
      workWxids: [acc2.wxid],
      targets: { mode: 'list', wxids: friends2.slice(20, 23).map((f) => f.friendWxid) },
      ...later,
    });
    // Ids no chosen account has become failed rows of the first account: the one to delete.
    const b = await createBulk(server, demo, {
      workWxids: [gone.wxid, acc2.wxid],
      targets: {
        mode: 'list',
        wxids: [
          ...friends2.slice(23, 25).map((f) => f.friendWxid),
          'wxid_nobody_1',
          'wxid_nobody_2',
        ],
      },
      ...later,
    });
    expect(await stored('task_id', a.data.taskId)).toBe(3);
    expect(await stored('task_id', b.data.taskId)).toBe(4);
    const del = await api().post('/task-api/bulk-send-task/delete', { taskId: a.data.taskId });
    expect(del.status).toBe(200);
    expect(await stored('task_id', a.data.taskId)).toBe(0);
    const goneId = (await accountByWxid(server.deps.db, demo.tenantId!, gone.wxid))!.id;
    expect(await stored('work_account_id', goneId)).toBe(2);
    const drop = await api().post('/main-api/acc/delete', { wxids: [gone.wxid], confirm: 'del' });
    expect(drop.status).toBe(200);
    expect(await stored('work_account_id', goneId)).toBe(0);
    // The other account's rows stay.
    expect(await stored('task_id', b.data.taskId)).toBe(2);
  });
});

describe('pause, restart, delete and failed reissue', () => {
  it('pauses a running task mid-run, refuses to delete it while it runs, and resumes it', async () => {
    // One target every 2 s: the task is in progress long enough to be paused.
    await api().post('/task-api/bulk-send-task/settings/save', {
      ...FAST_BULK_SETTINGS,
      workWxid: acc2.wxid,
      fanIntervalSec: 2,
    });
    const targets = friends2.slice(10, 16).map((f) => f.friendWxid);
    const r = await createBulk(server, demo, {
      workWxids: [acc2.wxid],
      targets: { mode: 'list', wxids: targets },
    });
    const id = r.data.taskId;
    await waitBulk(server, demo, id, (t) => t.sent >= 1);
    const del = await api().post('/task-api/bulk-send-task/delete', { taskId: id });
    expect([del.status, del.message]).toEqual([409, '进行中的任务不能删除']);
    expect((await api().post('/task-api/bulk-send-task/pause', { taskId: id })).status).toBe(200);
    const paused = await waitBulk(server, demo, id, (t) => t.status === 'paused');
    await new Promise((res) => setTimeout(res, 2500));
    const still = (await bulkTaskOf(server, demo, id))!;
    expect(still.status).toBe('paused');
    // Nothing more goes out while paused (a send already due may finish).
    expect(still.sent).toBeLessThanOrEqual(paused.sent + 1);
    expect(still.sent).toBeLessThan(6);
    const again = await api(demo, 'en').post('/task-api/bulk-send-task/pause', { taskId: id });
    expect([again.status, again.message]).toEqual([409, 'No task to pause']);
    expect((await api().post('/task-api/bulk-send-task/restart', { taskId: id })).status).toBe(200);
    await waitBulk(server, demo, id, (t) => t.status === 'completed', 30_000);
    const got = (await receivedMessages(server, demo, acc2.wxid)).filter((m) =>
      targets.includes(m.peerWxid),
    );
    expect(got.map((m) => m.peerWxid).sort()).toEqual([...targets].sort());
    const restart = await api().post('/task-api/bulk-send-task/restart', { taskId: id });
    expect(restart.status).toBe(409);
    expect((await api().post('/task-api/bulk-send-task/delete', { taskId: id })).status).toBe(200);
    await api().post('/task-api/bulk-send-task/settings/save', {
      workWxid: acc2.wxid,
      ...FAST_BULK_SETTINGS,
      inherit: true,
    });
  }, 60_000);

  it('takes back sends a dead instance left claimed, once each, and in order', async () => {
    // A task due in an hour: planned, nothing claimed yet.
    const targets = friends1.slice(30, 33).map((f) => f.friendWxid);
    const id = await scheduledTask(server, demo, acc1.wxid, targets, ['接管第一条', '接管第二条']);
    // As a killed instance leaves them: the first target's sends claimed with a lease that ran
    // out, the second target's first send claimed by an instance still alive for 2 s.
    const db = server.deps.db;
    const now = Date.now();
    await db.execute(sql`
      update bulk_send_rows set state = 'claimed', lease_owner = 'dead', lease_until = ${now - 1},
        attempts = 1, claimed_at = ${now - 5000}
      where task_id = ${id} and target = ${targets[0]!}`);
    await db.execute(sql`
      update bulk_send_rows set state = 'claimed', lease_owner = 'alive',
        lease_until = ${now + 2000}, attempts = 1, claimed_at = ${now}
      where task_id = ${id} and target = ${targets[1]!} and msg_index = 0`);
    await db.execute(sql`update bulk_send_tasks set send_at = ${now} where id = ${id}`);
    await waitBulk(server, demo, id, (t) => t.status === 'completed', 30_000);
    const got = (await receivedMessages(server, demo, acc1.wxid)).filter((m) =>
      targets.includes(m.peerWxid),
    );
    for (const t of targets) {
      expect(got.filter((m) => m.peerWxid === t).map((m) => m.content)).toEqual([
        '接管第一条',
        '接管第二条',
      ]);
    }
    const attempts = rowsOf<{ target: string; msg_index: number; attempts: number }>(
      await db.execute(sql`
        select target, msg_index, attempts from bulk_send_rows where task_id = ${id}
        order by seq`),
    );
    // The taken-back rows were claimed a second time; the others once.
    expect(attempts.filter((a) => a.attempts === 2).map((a) => [a.target, a.msg_index])).toEqual([
      [targets[0], 0],
      [targets[0], 1],
      [targets[1], 0],
    ]);
    expect(attempts.filter((a) => a.attempts === 1)).toHaveLength(3);
  }, 40_000);

  it('reissues only the failed sends, in a new round', async () => {
    await api().post('/sim-api/config', { failRate: 1 });
    const targets = friends1.slice(20, 23).map((f) => f.friendWxid);
    const r = await createBulk(server, demo, {
      workWxids: [acc1.wxid],
      targets: { mode: 'list', wxids: targets },
    });
    const id = r.data.taskId;
    await waitBulk(server, demo, id, (t) => t.failed === 3 && t.status === 'completed');
    const rows = await detailsOf(server, demo, id);
    expect(rows.every((x) => x.state === 'undelivered' && x.error)).toBe(true);
    // The row counts them as failed; so does the details' "all failed" filter.
    const allFailed = await detailsOf(server, demo, id, 'allFailed');
    expect(allFailed.map((x) => x.targetWxid).sort()).toEqual([...targets].sort());
    expect(await detailsOf(server, demo, id, 'sent')).toEqual([]);
    expect(
      (await receivedMessages(server, demo, acc1.wxid)).filter((m) => targets.includes(m.peerWxid)),
    ).toHaveLength(0);
    await api().post('/sim-api/config', { failRate: 0 });
    const re = await api().post<{ reissued: number }>('/task-api/bulk-send-task/failed-reissue', {
      taskId: id,
    });
    expect([re.status, re.data.reissued]).toEqual([200, 3]);
    await waitBulk(server, demo, id, (t) => t.status === 'completed' && t.sent === 3);
    const got = (await receivedMessages(server, demo, acc1.wxid)).filter((m) =>
      targets.includes(m.peerWxid),
    );
    expect(got.map((m) => m.peerWxid).sort()).toEqual([...targets].sort());
    // The first round's failed bubble is not sent a third time from the chat.
    const chat = await api().post<{
      list: { messageId: string; requestId: string | null; failed: boolean }[];
    }>('/main-api/conv/messages', { index_name: `1__${targets[0]}__${acc1.wxid}` });
    const first = chat.data.list.find((m) => m.requestId?.endsWith(':1') && m.failed);
    expect(chat.data.list.some((m) => m.requestId?.endsWith(':2') && !m.failed)).toBe(true);
    const again = await api().post('/main-api/conv/resend', { messageId: first!.messageId });
    expect([again.status, again.message]).toEqual([409, '群发任务已重新发送这条消息']);
    const none = await api(demo, 'en').post('/task-api/bulk-send-task/failed-reissue', {
      taskId: id,
    });
    expect([none.status, none.message]).toEqual([409, 'No failed sends to reissue']);
  });

  it('fails the sends of a banned account with the reason and closes the task abnormally', async () => {
    const acc3 = await addAccount(server, demo, { nickname: '群发三号' });
    const targets = (await friendsOf(server, demo, acc3.wxid, 3)).map((f) => f.friendWxid);
    const r = await createBulk(server, demo, {
      workWxids: [acc3.wxid],
      targets: { mode: 'list', wxids: targets },
      sendType: 'scheduled',
      sendAt: Date.now() + 1500,
    });
    expect((await api().post('/sim-api/fault', { workWxid: acc3.wxid, kind: 'ban' })).status).toBe(
      200,
    );
    const t = await waitBulk(server, demo, r.data.taskId, (x) => x.status === 'abnormal');
    expect(t.reason).toBe('有工作号被封禁，部分消息未发送');
    const rows = await detailsOf(server, demo, r.data.taskId);
    expect(rows.map((x) => [x.state, x.error])).toEqual(
      targets.map(() => ['failed', '工作号已被封禁']),
    );
  });
});

describe('groups', () => {
  it('sends to chosen groups of the account', async () => {
    const groups = await api().get<{ list: { groupId: string }[] }>(
      `/api/v1/group/list?workWxid=${acc1.wxid}`,
    );
    expect(groups.status).toBe(200);
    const ids = groups.data.list.slice(0, 2).map((g) => g.groupId);
    expect(ids.length).toBe(2);
    const r = await createBulk(server, demo, {
      taskType: 'groups',
      workWxids: [acc1.wxid],
      targets: { mode: 'groups', wxids: ids },
    });
    expect(r.status).toBe(200);
    await waitBulk(server, demo, r.data.taskId, (t) => t.status === 'completed' && t.sent === 2);
    const got = (await receivedMessages(server, demo, acc1.wxid)).filter((m) =>
      ids.includes(m.peerWxid),
    );
    expect(got.map((m) => m.peerWxid).sort()).toEqual([...ids].sort());
  });
});

describe('settings', () => {
  it('keeps tenant defaults and per-account overrides', async () => {
    const acc = acc1.wxid;
    const t = await api().post('/task-api/bulk-send-task/settings/get', {});
    expect(t.data).toMatchObject({ ...FAST_BULK_SETTINGS, inherited: false, quietHours: null });
    const own = {
      ...FAST_BULK_SETTINGS,
      channel: 3,
      fanIntervalSec: 20,
      quietHours: { start: '22:00', end: '08:00' },
    };
    const saved = await api().post('/task-api/bulk-send-task/settings/save', {
      ...own,
      workWxid: acc,
    });
    expect(saved.data).toMatchObject({ ...own, workWxid: acc, inherited: false });
    expect(
      (await api(seat1).post('/task-api/bulk-send-task/settings/get', { workWxid: acc })).data,
    ).toMatchObject(own);
    // A seat may set its own account's override but not the tenant's defaults.
    expect(
      (await api(seat1).post('/task-api/bulk-send-task/settings/save', FAST_BULK_SETTINGS)).status,
    ).toBe(403);
    expect(
      (await api(seat1).post('/task-api/bulk-send-task/settings/get', { workWxid: acc2.wxid }))
        .status,
    ).toBe(404);
    const back = await api().post('/task-api/bulk-send-task/settings/save', {
      ...FAST_BULK_SETTINGS,
      workWxid: acc,
      inherit: true,
    });
    expect(back.data).toMatchObject({ ...FAST_BULK_SETTINGS, inherited: true });
    const bad = await api(demo, 'en').post('/task-api/bulk-send-task/settings/save', {
      ...FAST_BULK_SETTINGS,
      quietHours: { start: '25:00', end: '08:00' },
    });
    expect([bad.status, bad.message]).toEqual([400, 'Quiet hours must be written HH:mm']);
    for (const patch of [{ channel: 4 }, { jitterSec: -1 }, { dailyCapPerAccount: 0 }]) {
      const r = await api().post('/task-api/bulk-send-task/settings/save', {
        ...FAST_BULK_SETTINGS,
        ...patch,
      });
      expect(r.status).toBe(400);
    }
  });
});
