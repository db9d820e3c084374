import { beforeAll, describe, expect, it } from 'vitest';
import { bulkTaskFetchBody, fanTaskListBody } from '@cst/shared';
import { useTestServer, type Session } from '../../../test/support.ts';
import { signInAs } from '../../../test/factories.ts';
import { resolveToken } from '../../platform/auth-context.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { openTestSocket } from '../../realtime/test-socket.ts';
import {
  bulkTaskOf,
  createBulk,
  friendsOf,
  waitBulk,
} from '../bulk-send/bulk-send.test-support.ts';
import { BulkSendService } from '../bulk-send/bulk-send.service.ts';
import { FanTaskService } from '../fan-tasks/fan-task.service.ts';
import { createTask, phones, taskOf, waitTask } from '../fan-tasks/fan-task.test-support.ts';
import { addAccount, apiAs, eventually, gatewayIdle } from './account.test-support.ts';

// API.md "Keeping accounts alive": at 危险 the account's mass-send and friend-adding tasks turn
// `paused` with the reason, and only a person's resume lets them go on — other accounts' tasks
// are untouched.
const ctx = useTestServer();
let demo: Session;

beforeAll(async () => {
  ({ demo } = await signInAs(ctx, 'demo'));
});

const api = () => apiAs(ctx, demo);
let listening: Promise<string> | undefined;
/** The server's address (it listens once for the file's sockets). */
const baseUrl = () => (listening ??= ctx.app.listen({ port: 0, host: '127.0.0.1' }));
const riskOf = async (wxid: string) => {
  const r = await api().post<{ list: { wxid: string; risk: string }[] }>('/main-api/acc/all', {
    keyword: wxid,
  });
  return r.data.list.find((a) => a.wxid === wxid)!.risk;
};

/** Two rate-limit bursts within the hour: the account reaches 危险. */
async function toDanger(wxid: string) {
  for (let i = 0; i < 2; i++) {
    expect((await api().post('/sim-api/fault', { workWxid: wxid, kind: 'rateLimit' })).status).toBe(
      200,
    );
    await gatewayIdle(ctx);
  }
  await eventually(async () => ((await riskOf(wxid)) === 'danger' ? true : undefined));
}

/** A mass send of the account's first friend, an hour ahead (pending, its rows planned). */
async function bulkOf(workWxids: string[]) {
  const targets = [];
  for (const w of workWxids) targets.push((await friendsOf(ctx, demo, w, 1))[0]!.friendWxid);
  const r = await createBulk(ctx, demo, {
    workWxids,
    targets: { mode: 'list', wxids: targets },
    sendType: 'scheduled',
    sendAt: Date.now() + 3_600_000,
  });
  expect(r.status).toBe(200);
  await waitBulk(ctx, demo, r.data.taskId, (t) => t.status === 'pending');
  return r.data.taskId;
}

/** A friend-adding task of the account, an hour ahead. */
async function fanOf(workWxid: string, prefix: number) {
  const r = await createTask(ctx, demo, {
    workWxids: [workWxid],
    rows: phones(prefix, 2).map((target) => ({ target })),
    startType: 'scheduled',
    startAt: Date.now() + 3_600_000,
  });
  expect(r.status).toBe(200);
  await waitTask(ctx, demo, r.data.taskId, (t) => t.status === 'pending');
  return r.data.taskId;
}

describe('tasks of an account at ban risk', () => {
  it('pause with the reason at 危险 and go on only when a person resumes the account', async () => {
    const a = await addAccount(ctx, demo, { nickname: '限流号' });
    const b = await addAccount(ctx, demo, { nickname: '平稳号' });
    const bulkA = await bulkOf([a.wxid]);
    const bulkB = await bulkOf([b.wxid]);
    const fanA = await fanOf(a.wxid, 41);
    const fanB = await fanOf(b.wxid, 42);

    const base = await baseUrl();
    const ws = await openTestSocket(base, { account: 'demo', token: demo.token });
    ws.send('ping');
    await ws.waitFor((f) => f.event === 'hello');

    await toDanger(a.wxid);
    const bulk = await waitBulk(ctx, demo, bulkA, (t) => t.status === 'paused');
    expect(bulk.reason).toContain('限流号');
    expect(bulk.reason).toContain('429');
    const fan = await waitTask(ctx, demo, fanA, (t) => t.status === 'paused');
    expect(fan.reason).toContain('限流号');
    expect(fan.reason).toContain('429');
    // The console hears of it without reloading.
    await ws.waitFor(
      (f) =>
        f.event === 'bulkSendTask' &&
        (f.data as { taskId: string; status: string }).taskId === bulkA &&
        (f.data as { status: string }).status === 'paused',
    );
    await ws.waitFor(
      (f) =>
        f.event === 'fanTask' &&
        (f.data as { taskId: string; status: string }).taskId === fanA &&
        (f.data as { status: string }).status === 'paused',
    );
    // Another account's tasks go on as they were.
    expect((await bulkTaskOf(ctx, demo, bulkB))?.status).toBe('pending');
    expect((await taskOf(ctx, demo, fanB))?.status).toBe('pending');
    // In English for an English reader.
    const en = await apiAs(ctx, demo, 'en').post<{ list: { taskId: string; reason?: string }[] }>(
      '/task-api/bulk-send-task/fetch',
      { pageSize: 100 },
    );
    expect(en.data.list.find((t) => t.taskId === bulkA)?.reason).toMatch(/ban risk/);

    // A person resumes the account: its tasks run again (pending: their time is still ahead).
    const resumed = await api().post<{ count: number }>('/main-api/acc/risk-resume', {
      wxids: [a.wxid],
    });
    expect(resumed.data.count).toBe(1);
    const back = await waitBulk(ctx, demo, bulkA, (t) => t.status === 'pending');
    expect(back.reason).toBeUndefined();
    const fanBack = await waitTask(ctx, demo, fanA, (t) => t.status === 'pending');
    expect(fanBack.reason).toBeUndefined();
    await ws.close();
  });

  it('a task of two accounts at 危险 waits for both; a person’s restart clears the reason', async () => {
    const c = await addAccount(ctx, demo, { nickname: '甲号' });
    const d = await addAccount(ctx, demo, { nickname: '乙号' });
    const both = await bulkOf([c.wxid, d.wxid]);
    const alone = await bulkOf([c.wxid]);
    await toDanger(c.wxid);
    await toDanger(d.wxid);
    const paused = await waitBulk(ctx, demo, both, (t) => t.status === 'paused');
    expect(paused.reason).toContain('甲号');
    expect(paused.reason).toContain('乙号');

    await api().post('/main-api/acc/risk-resume', { wxids: [c.wxid] });
    await waitBulk(ctx, demo, alone, (t) => t.status === 'pending');
    // 乙号 is still at 危险: the shared task stays paused and names only it.
    const still = await bulkTaskOf(ctx, demo, both);
    expect(still).toMatchObject({ status: 'paused' });
    expect(still!.reason).toContain('乙号');
    expect(still!.reason).not.toContain('甲号');

    // A person may restart it anyway: it runs for 甲号, the scheduler still holds 乙号.
    expect((await api().post('/task-api/bulk-send-task/restart', { taskId: both })).status).toBe(
      200,
    );
    const restarted = await waitBulk(ctx, demo, both, (t) => t.status === 'pending');
    expect(restarted.reason).toBeUndefined();
  });

  it('a task made while one of its accounts is already at 危险 starts paused with the reason', async () => {
    const e = await addAccount(ctx, demo, { nickname: '已危号' });
    const f = await addAccount(ctx, demo, { nickname: '安好号' });
    await toDanger(e.wxid);
    const base = await baseUrl();
    const ws = await openTestSocket(base, { account: 'demo', token: demo.token });
    ws.send('ping');
    await ws.waitFor((frame) => frame.event === 'hello');

    // A mass send to start now: paused, never running, nothing sent.
    const target = (await friendsOf(ctx, demo, e.wxid, 1))[0]!.friendWxid;
    const now = await createBulk(ctx, demo, {
      workWxids: [e.wxid],
      targets: { mode: 'list', wxids: [target] },
    });
    expect(now.status).toBe(200);
    const bulk = await bulkTaskOf(ctx, demo, now.data.taskId);
    expect(bulk).toMatchObject({ status: 'paused' });
    expect(bulk!.reason).toContain('已危号');
    expect(bulk!.reason).toContain('429');
    await ws.waitFor(
      (frame) =>
        frame.event === 'bulkSendTask' &&
        (frame.data as { taskId: string }).taskId === now.data.taskId &&
        (frame.data as { status: string }).status === 'paused',
    );
    // A friend-adding task of the account and another: paused too.
    const fan = await createTask(ctx, demo, {
      workWxids: [f.wxid, e.wxid],
      rows: phones(43, 4).map((t) => ({ target: t })),
    });
    expect(fan.status).toBe(200);
    const fanTask = await taskOf(ctx, demo, fan.data.taskId);
    expect(fanTask).toMatchObject({ status: 'paused' });
    expect(fanTask!.reason).toContain('已危号');
    // A task of the other account alone starts as it would.
    const other = await fanOf(f.wxid, 44);
    expect((await taskOf(ctx, demo, other))?.status).toBe('pending');

    // Resuming the account lets them go on.
    await api().post('/main-api/acc/risk-resume', { wxids: [e.wxid] });
    const back = await waitTask(ctx, demo, fan.data.taskId, (t) => t.status !== 'paused');
    expect(back.reason).toBeUndefined();
    await waitBulk(ctx, demo, now.data.taskId, (t) => t.status !== 'paused');
    await ws.close();
  });

  it('a page of several tasks paused for risk names each task’s own accounts, in one query', async () => {
    const names = ['风险一号', '风险二号', '风险三号'];
    const accounts = [];
    for (const nickname of names) accounts.push(await addAccount(ctx, demo, { nickname }));
    const bulks = [];
    const fans = [];
    for (const [i, a] of accounts.entries()) {
      bulks.push(await bulkOf([a.wxid]));
      fans.push(await fanOf(a.wxid, 51 + i));
    }
    for (const a of accounts) await toDanger(a.wxid);
    for (const i of accounts.keys()) {
      const bulk = await waitBulk(ctx, demo, bulks[i]!, (t) => t.status === 'paused');
      const fan = await waitTask(ctx, demo, fans[i]!, (t) => t.status === 'paused');
      for (const reason of [bulk.reason, fan.reason]) {
        expect(reason).toContain(names[i]);
        expect(reason).toContain('429');
        for (const other of names.filter((n) => n !== names[i]))
          expect(reason).not.toContain(other);
      }
    }

    // One page, one read of the accounts at 危险: a page of three paused tasks costs the database
    // no more statements than a page of one.
    const auth = (await resolveToken(ctx.deps.db, demo.token, 3_600_000))!;
    const counted = () => {
      let n = 0;
      const db = new Proxy(ctx.deps.db, {
        get(target, key, receiver) {
          const v = Reflect.get(target, key, receiver) as unknown;
          if (typeof v !== 'function') return v;
          return (...args: unknown[]) => {
            n += 1;
            return (v as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      return { deps: { ...ctx.deps, db } as AppDeps, statements: () => n };
    };
    const bulkPage = async (pageSize: number) => {
      const c = counted();
      const page = await new BulkSendService(c.deps).fetch(
        auth,
        bulkTaskFetchBody.parse({ status: 'paused', pageSize }),
        'zh-CN',
      );
      return { page, statements: c.statements() };
    };
    const fanPage = async (pageSize: number) => {
      const c = counted();
      const page = await new FanTaskService(c.deps).list(
        auth,
        fanTaskListBody.parse({ status: 'paused', pageSize }),
        'zh-CN',
      );
      return { page, statements: c.statements() };
    };
    const [bulkOne, bulkThree] = [await bulkPage(1), await bulkPage(3)];
    expect(bulkThree.page.list.map((t) => t.taskId).sort()).toEqual([...bulks].sort());
    expect(bulkThree.page.list.every((t) => t.reason?.includes('429'))).toBe(true);
    expect(bulkThree.statements).toBe(bulkOne.statements);
    const [fanOne, fanThree] = [await fanPage(1), await fanPage(3)];
    expect(fanThree.page.list.map((t) => t.taskId).sort()).toEqual([...fans].sort());
    expect(fanThree.statements).toBe(fanOne.statements);
  });
});
