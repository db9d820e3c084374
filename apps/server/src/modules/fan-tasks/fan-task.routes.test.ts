import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FanTaskPush, FriendItem } from '@cst/shared';
import { useStartedServer, type Session } from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  buildSeatWithRole,
  signInAs,
} from '../../../test/factories.ts';
import { openTestSocket, type TestSocket } from '../../realtime/test-socket.ts';
import {
  addAccount,
  apiAs,
  eventually,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { resolveToken } from '../../platform/auth-context.ts';
import { rowsOf as sqlRows } from '../../platform/db.ts';
import { accountByWxid } from '../conversations/conversation.repository.ts';
import { triedTargets } from './fan-pool.repository.ts';
import { setFanImportSource } from './fan-task.import.ts';
import { FanTaskService } from './fan-task.service.ts';
import {
  createTask,
  expectCountsOfRows,
  phones,
  receivedRequests,
  rowsOf,
  taskOf,
  waitTask,
} from './fan-task.test-support.ts';

// Issue 14 §3: bulk friend-adding tasks over the routes, run by the scheduler end to end.

let demo: Session;
let sup: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let readOnly: Session;
let acc1: ListedAccount;
let acc2: ListedAccount;
let seat1Socket: TestSocket;

const api = (s: Session = demo, lang?: string) => apiAs(server, s, lang);

const server = useStartedServer({
  realtime: { liveGraceMs: 100 },
  accounts: { simulator: { loginDelayMs: 20, friendAcceptDelayMs: 150 } },
  scheduler: { pollMs: 200 },
});

beforeAll(async () => {
  ({ demo, sup, seat1, seat2 } = await signInAs(server, 'demo', 'sup', 'seat1', 'seat2'));
  other = await buildOtherTenant(server);
  readOnly = await buildSeatWithRole(server, demo, {
    roleName: '只看会话',
    permissions: ['conversation.read'],
  });
  acc1 = await buildAccount(server, demo, { nickname: '加粉一号', distributeTo: seat1 });
  acc2 = await buildAccount(server, demo, { nickname: '加粉二号', distributeTo: seat1 });
  await api().post('/sim-api/config', { friendAcceptRate: 1 });
  seat1Socket = await openTestSocket(server.url, { token: seat1.token });
  seat1Socket.send('ping');
  await seat1Socket.waitFor((f) => f.event === 'hello');
});
afterAll(async () => {
  await seat1Socket?.close();
});

describe('create: validation (400) with the spec’s texts', () => {
  const rows = [{ target: '13811110000' }, { target: '13811110001' }];
  it.each([
    ['task name', { taskName: '' }, '任务名称不能为空', 'Task name cannot be empty'],
    ['work accounts', { workWxids: [] }, '请选择工作号', 'Please choose a work account'],
    ['greeting', { greeting: '' }, '请填写申请备注', 'Please fill in the request note'],
    ['rows', { rows: [] }, '请上传粉丝数据', 'Please upload fans data'],
    ['start time', { startType: 'scheduled' }, '请选择开始时间', 'Please choose a start time'],
  ])('refuses a missing %s', async (_n, patch, zh, en) => {
    const body = { workWxids: [acc1.wxid], rows, ...patch };
    const r = await createTask(server, demo, body);
    expect([r.status, r.message]).toEqual([400, zh]);
    expect((await createTask(server, demo, body, 'en')).message).toBe(en);
  });

  it("refuses more accounts than rows: 'too many accounts for data'", async () => {
    const body = { workWxids: [acc1.wxid, acc2.wxid], rows: [{ target: '13811110009' }] };
    const r = await createTask(server, demo, body);
    expect([r.status, r.message]).toEqual([400, '工作号数量不能多于数据条数']);
    expect((await createTask(server, demo, body, 'en')).message).toBe('Too many accounts for data');
  });

  it('refuses bad values, too many rows and malformed ids', async () => {
    const base = { workWxids: [acc1.wxid], rows };
    for (const patch of [
      { intervalSec: -1 },
      { dailyCap: 0 },
      { rowsPerPull: 0 },
      { rows: [{ target: '' }] },
      { rows: [{ target: 'x'.repeat(65) }] },
      { rows: [{ target: '13811110000', tagIds: ['not-a-uuid'] }] },
      { rows: Array.from({ length: 10_001 }, (_, i) => ({ target: `1381111${i}` })) },
      { importId: 'nope', rows: undefined },
    ]) {
      expect((await createTask(server, demo, { ...base, ...patch })).status).toBe(400);
    }
    for (const url of ['rows', 'pause', 'restart', 'delete']) {
      expect((await api().post(`/task-api/fans/task/${url}`, { taskId: 'abc' })).status).toBe(400);
    }
  });

  it('answers 404 for an import that does not exist', async () => {
    const r = await createTask(server, demo, {
      workWxids: [acc1.wxid],
      importId: '00000000-0000-4000-8000-000000000000',
    });
    expect(r.status).toBe(404);
  });
});

describe('visibility by role and tenant', () => {
  let taskId: string;
  beforeAll(async () => {
    const r = await createTask(server, demo, {
      taskName: '只给一号',
      workWxids: [acc1.wxid],
      rows: [{ target: 'not-a-person-1' }],
      startType: 'scheduled',
      startAt: Date.now() + 3_600_000,
    });
    expect(r.status).toBe(200);
    taskId = r.data.taskId;
  });

  it('shows a task to the manager, the supervisor and the seat of its accounts only', async () => {
    for (const s of [demo, sup, seat1]) {
      const t = await taskOf(server, s, taskId);
      expect(t?.status).toBe('pending');
      expect(t?.workWxids).toEqual([acc1.wxid]);
      expect(t?.counts.total).toBe(1);
      expect((await api(s).post('/task-api/fans/task/rows', { taskId })).status).toBe(200);
    }
    for (const s of [seat2, other]) {
      expect(await taskOf(server, s, taskId)).toBeUndefined();
      for (const url of ['rows', 'pause', 'restart', 'delete']) {
        const r = await api(s).post(`/task-api/fans/task/${url}`, { taskId });
        expect([url, r.status]).toEqual([url, 404]);
      }
      const x = await server.app.inject({
        url: `/task-api/fans/task/export?taskId=${taskId}`,
        headers: s.headers,
      });
      expect(x.statusCode).toBe(404);
    }
  });

  it('refuses accounts the caller does not see (404) and callers without the permission (403)', async () => {
    const body = { workWxids: [acc1.wxid], rows: [{ target: '13811112222' }] };
    expect((await createTask(server, seat2, body)).status).toBe(404);
    expect((await createTask(server, other, body)).status).toBe(404);
    expect((await createTask(server, readOnly, body)).status).toBe(403);
    const list = await api(readOnly).post('/task-api/fans/task/list', {});
    expect(list.status).toBe(403);
  });

  it('pauses, restarts and deletes in the right states only (409 otherwise)', async () => {
    expect((await api(seat1).post('/task-api/fans/task/restart', { taskId })).status).toBe(409);
    const p = await api(seat1).post('/task-api/fans/task/pause', { taskId });
    expect(p.status).toBe(200);
    expect((await taskOf(server, seat1, taskId))?.status).toBe('paused');
    const again = await api(seat1, 'en').post('/task-api/fans/task/pause', { taskId });
    expect([again.status, again.message]).toEqual([409, 'No task to pause']);
    expect((await api(seat1).post('/task-api/fans/task/restart', { taskId })).status).toBe(200);
    // Its start time is still ahead: pending again, and a pending task may be deleted.
    expect((await taskOf(server, seat1, taskId))?.status).toBe('pending');
    expect((await api(seat1).post('/task-api/fans/task/delete', { taskId })).status).toBe(200);
    expect(await taskOf(server, demo, taskId)).toBeUndefined();
    expect((await api().post('/task-api/fans/task/delete', { taskId })).status).toBe(404);
  });
});

describe('rows go with their parents (no foreign keys: triggers)', () => {
  const stored = async (column: 'task_id' | 'work_account_id', id: string) =>
    Number(
      sqlRows<{ n: string }>(
        await server.deps.db.execute(
          sql`select count(*) as n from fan_task_rows where ${sql.identifier(column)} = ${id}`,
        ),
      )[0]!.n,
    );

  it('deletes a task’s rows with the task, and an account’s rows with the account', async () => {
    const later = { startType: 'scheduled', startAt: Date.now() + 3_600_000 } as const;
    const gone = await addAccount(server, demo, { nickname: '将删除的号' });
    const a = await createTask(server, demo, {
      workWxids: [acc1.wxid],
      rows: phones(58, 3).map((target) => ({ target })),
      ...later,
    });
    const b = await createTask(server, demo, {
      workWxids: [gone.wxid, acc2.wxid],
      rows: phones(59, 4).map((target) => ({ target })),
      ...later,
    });
    expect(await stored('task_id', a.data.taskId)).toBe(3);
    expect(await stored('task_id', b.data.taskId)).toBe(4);
    expect((await api().post('/task-api/fans/task/delete', { taskId: a.data.taskId })).status).toBe(
      200,
    );
    expect(await stored('task_id', a.data.taskId)).toBe(0);
    const goneId = (await accountByWxid(server.deps.db, demo.tenantId!, gone.wxid))!.id;
    expect(await stored('work_account_id', goneId)).toBe(2);
    const del = await api().post('/main-api/acc/delete', { wxids: [gone.wxid], confirm: 'del' });
    expect(del.status).toBe(200);
    expect(await stored('work_account_id', goneId)).toBe(0);
    // The other account's rows stay.
    expect(await stored('task_id', b.data.taskId)).toBe(2);
  });
});

describe('a task runs', () => {
  it('spreads the rows over its accounts, adds the people (status 3, source task) and pushes progress', async () => {
    const targets = phones(52, 6);
    const from = seat1Socket.frames.length;
    const group = await api().post<{ id: string }>('/main-api/tags/group/add', {
      name: '加粉来源',
    });
    const tag = await api().post<{ id: string }>('/main-api/tags/add', {
      groupId: group.data.id,
      name: '导入名单',
    });
    const r = await createTask(server, seat1, {
      taskName: '两号加粉',
      workWxids: [acc1.wxid, acc2.wxid],
      rows: targets.map((target, i) =>
        i === 0 ? { target, remark: '老客户', tagIds: [tag.data.id] } : { target },
      ),
    });
    expect(r.status).toBe(200);
    const t = await waitTask(server, seat1, r.data.taskId, (x) => x.counts.added === 6);
    await waitTask(server, seat1, r.data.taskId, (x) => x.status === 'completed');
    expect(t.counts).toMatchObject({ total: 6, waiting: 0, sending: 0, failed: 0 });
    const rows = await rowsOf(server, seat1, r.data.taskId);
    expect(rows.map((x) => x.target)).toEqual(targets);
    expect(rows.map((x) => x.workWxid)).toEqual([
      acc1.wxid,
      acc2.wxid,
      acc1.wxid,
      acc2.wxid,
      acc1.wxid,
      acc2.wxid,
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ state: 'done', status: 3 });
      expect(row.wxid).toMatch(/^wxid_/);
      expect(row.sentAt).toBeGreaterThan(0);
    }
    // Each person got exactly one request, with the greeting.
    const got = await receivedRequests(server, demo);
    const mine = got.filter((g) => rows.some((x) => x.wxid === g.peerWxid));
    expect(mine).toHaveLength(6);
    expect(new Set(mine.map((g) => g.peerWxid)).size).toBe(6);
    expect(mine.every((g) => g.content === '你好，我是客服小王')).toBe(true);
    // The new friends came from a task; the first one got the row's remark.
    const friends = await eventually(async () => {
      const f = await api(seat1).post<{ list: FriendItem[] }>('/main-api/acc/friends-list', {
        pageSize: 100,
        workWxid: acc1.wxid,
      });
      const ours = f.data.list.filter((x) => rows.some((row) => row.wxid === x.friendWxid));
      return ours.length === 3 && ours.some((x) => x.remark === '老客户') ? ours : undefined;
    });
    expect(friends.every((x) => x.source === 'task')).toBe(true);
    // …and the row's tag; the others none.
    const tagged = await eventually(async () => {
      const f = await api(seat1).post<{ list: FriendItem[] }>('/main-api/acc/friends-list', {
        pageSize: 100,
        workWxid: acc1.wxid,
        tagIds: [tag.data.id],
      });
      return f.data.list.length > 0 ? f.data.list : undefined;
    });
    expect(tagged.map((x) => [x.friendWxid, x.tags.map((t) => t.name)])).toEqual([
      [rows[0]!.wxid, ['导入名单']],
    ]);
    // Progress reached the seat live, ending completed.
    const push = await seat1Socket.waitFor(
      (f) =>
        f.event === 'fanTask' &&
        (f.data as FanTaskPush).taskId === r.data.taskId &&
        (f.data as FanTaskPush).status === 'completed',
      5000,
      from,
    );
    expect((push.data as FanTaskPush).counts.total).toBe(6);
    // Running and completed: it can no longer be paused; completed, it can be deleted.
    const p = await api(seat1).post('/task-api/fans/task/pause', { taskId: r.data.taskId });
    expect([p.status, p.message]).toEqual([409, '没有可暂停的任务']);
    await expectCountsOfRows(server, r.data.taskId);
  });

  it('reports people who cannot be found and who refuse, with the reason (status 2)', async () => {
    await api().post('/sim-api/config', { friendAcceptRate: 0 });
    try {
      const r = await createTask(server, seat1, {
        workWxids: [acc2.wxid],
        rows: [{ target: 'no-such-person-here' }, { target: phones(53, 1)[0]! }],
      });
      await waitTask(server, seat1, r.data.taskId, (x) => x.counts.failed === 2, 10_000);
      const [missing, refused] = await rowsOf(server, seat1, r.data.taskId, 'en');
      expect(missing).toMatchObject({ status: 2, reason: 'Contact number does not exist' });
      expect(refused?.status).toBe(2);
      expect(refused?.reason).toBeTruthy();
      await expectCountsOfRows(server, r.data.taskId);
    } finally {
      await api().post('/sim-api/config', { friendAcceptRate: 1 });
    }
  });

  it('skips targets the tenant already tried and duplicates, unless asked to include them', async () => {
    const [a, b, c] = phones(54, 3) as [string, string, string];
    const first = await createTask(server, seat1, {
      workWxids: [acc1.wxid],
      rows: [{ target: a }, { target: b }],
    });
    await waitTask(server, seat1, first.data.taskId, (x) => x.counts.added === 2);
    const tried = await triedTargets(server.deps.db, demo.tenantId!, [a, b, c]);
    expect([...tried.keys()].sort()).toEqual([a, b].sort());
    expect(tried.get(a)?.lastStatus).toBe(3);

    const second = await createTask(server, seat1, {
      workWxids: [acc1.wxid],
      rows: [{ target: a }, { target: c }, { target: c }],
    });
    await waitTask(server, seat1, second.data.taskId, (x) => x.status === 'completed');
    const rows = await rowsOf(server, seat1, second.data.taskId, 'en');
    expect(rows.map((x) => [x.state, x.status, x.reason])).toEqual([
      ['skipped', null, 'This number was already tried by an earlier task'],
      ['done', rows[1]!.status === 3 ? 3 : 1, undefined],
      ['skipped', null, 'Duplicate of another row of this task'],
    ]);
    const before = (await receivedRequests(server, demo, acc1.wxid)).length;
    const third = await createTask(server, seat1, {
      workWxids: [acc1.wxid],
      rows: [{ target: a }],
      includeTried: true,
    });
    await waitTask(server, seat1, third.data.taskId, (x) => x.status === 'completed');
    // Already a friend: status 4, and no new request went out.
    expect((await rowsOf(server, seat1, third.data.taskId))[0]?.status).toBe(4);
    await expectCountsOfRows(server, second.data.taskId);
    await expectCountsOfRows(server, third.data.taskId);
    expect((await receivedRequests(server, demo, acc1.wxid)).length).toBe(before);
  });

  it('exports exactly the rows of the list, in its order, in keyset chunks', async () => {
    const r = await createTask(server, seat1, {
      workWxids: [acc1.wxid],
      rows: phones(57, 23).map((target) => ({ target })),
      // Not started: the account's lane stays free for the tests after this one.
      startType: 'scheduled',
      startAt: Date.now() + 3_600_000,
    });
    expect(r.status).toBe(200);
    const taskId = r.data.taskId;
    const paged = async (body: Record<string, unknown>) => {
      const out: string[] = [];
      for (let page = 1; ; page += 1) {
        const p = await api(seat1).post<{ list: { seq: number; target: string }[] }>(
          '/task-api/fans/task/rows',
          { taskId, ...body, page, pageSize: 7 },
        );
        expect(p.status).toBe(200);
        out.push(...p.data.list.map((x) => `${x.seq}:${x.target}`));
        if (p.data.list.length < 7) return out;
      }
    };
    const auth = (await resolveToken(server.deps.db, seat1.token, 3_600_000))!;
    const service = new FanTaskService(server.deps);
    for (const body of [{}, { keyword: '1570000001' }, { state: 'waiting' }] as const) {
      const list = await paged(body);
      expect(list.length).toBeGreaterThan(0);
      for (const chunk of [1, 4, 500]) {
        const out: string[] = [];
        for await (const row of service.exportRows(auth, { taskId, ...body }, 'zh-CN', chunk))
          out.push(`${row.seq}:${row.target}`);
        expect(out).toEqual(list);
      }
    }
    expect(await paged({})).toHaveLength(23);
    const x = await server.app.inject({
      url: `/task-api/fans/task/export?taskId=${taskId}`,
      headers: seat1.headers,
    });
    expect(x.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const seqs: number[] = [];
    book.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) seqs.push(Number(row.getCell(1).value));
    });
    expect(seqs).toEqual((await paged({})).map((k) => Number(k.split(':')[0])));
    expect((await api(seat1).post('/task-api/fans/task/pause', { taskId })).status).toBe(200);
    expect((await api(seat1).post('/task-api/fans/task/delete', { taskId })).status).toBe(200);
  });

  it('refuses to delete a task in progress, and exports its rows as xlsx', async () => {
    const r = await createTask(server, seat1, {
      workWxids: [acc1.wxid],
      rows: phones(55, 3).map((target) => ({ target })),
      intervalSec: 3600,
    });
    const t = await waitTask(
      server,
      seat1,
      r.data.taskId,
      (x) => x.counts.requested + x.counts.added >= 1,
    );
    expect(t.status).toBe('running');
    const d = await api(seat1, 'en').post('/task-api/fans/task/delete', { taskId: r.data.taskId });
    expect([d.status, d.message]).toEqual([409, 'Cannot delete tasks in progress']);
    const x = await server.app.inject({
      url: `/task-api/fans/task/export?taskId=${r.data.taskId}`,
      headers: seat1.headers,
    });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(
      (await api(seat1).post('/task-api/fans/task/pause', { taskId: r.data.taskId })).status,
    ).toBe(200);
    expect(
      (await api(seat1).post('/task-api/fans/task/delete', { taskId: r.data.taskId })).status,
    ).toBe(200);
  });
});

describe('a task from an import (importId)', () => {
  const GOOD = '11111111-1111-4111-8111-111111111111';
  const BROKEN = '22222222-2222-4222-8222-222222222222';
  // Accounts of their own: an account's pace is shared by its tasks, and the tasks above leave
  // acc1 paced an hour ahead.
  let acc3: ListedAccount;
  let acc4: ListedAccount;
  beforeAll(async () => {
    acc3 = await addAccount(server, demo, { nickname: '导入三号' });
    acc4 = await addAccount(server, demo, { nickname: '导入四号' });
    for (const a of [acc3, acc4]) {
      await api().post('/main-api/acc/distribute', { wxids: [a.wxid], uid: seat1.uid });
    }
    setFanImportSource(server.deps, async (_db, owner, importId) => {
      if (owner.tenantId !== demo.tenantId) return null;
      // Rows the database refuses while they are planned (a tag id that is not one).
      if (importId === BROKEN) return [{ target: '13900001234', tagIds: ['not-a-uuid'] }];
      if (importId !== GOOD) return null;
      return phones(56, 4).map((target, i) => ({ target, greeting: i === 0 ? '导入的问候' : '' }));
    });
  });

  it('shows importing, then runs the checked rows with their own greetings', async () => {
    const r = await createTask(server, seat1, {
      workWxids: [acc3.wxid, acc4.wxid],
      importId: GOOD,
    });
    expect(r.status).toBe(200);
    const first = await taskOf(server, seat1, r.data.taskId);
    expect(['importing', 'running', 'completed']).toContain(first?.status);
    await waitTask(server, seat1, r.data.taskId, (t) => t.status === 'completed');
    const rows = await rowsOf(server, seat1, r.data.taskId);
    expect(rows.map((x) => x.greeting)).toEqual([
      '导入的问候',
      ...Array(3).fill('你好，我是客服小王'),
    ]);
    const got = await receivedRequests(server, demo);
    expect(got.filter((g) => g.content === '导入的问候')).toHaveLength(1);
    await expectCountsOfRows(server, r.data.taskId);
  });

  it('closes the task abnormally when planning the import fails, and hides other tenants’ imports', async () => {
    const r = await createTask(server, seat1, { workWxids: [acc3.wxid], importId: BROKEN });
    const t = await waitTask(server, seat1, r.data.taskId, (x) => x.status === 'abnormal');
    expect(t.counts.total).toBe(0);
    const en = await apiAs(server, seat1, 'en').post<{
      list: { taskId: string; reason?: string }[];
    }>('/task-api/fans/task/list', { status: 'abnormal' });
    expect(en.data.list.find((x) => x.taskId === r.data.taskId)?.reason).toBe(
      'The import was interrupted; the task closed abnormally',
    );
    const o = await createTask(server, other, { workWxids: [acc3.wxid], importId: GOOD });
    expect(o.status).toBe(404);
  });
});
