import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { FanTaskListResult, FanTaskRowsResult, SimReceivedItem } from '@cst/shared';
import { openDatabase, rowsOf } from '../../platform/db.ts';
import type { Server } from '../../server.ts';
import { useServersOnStores } from '../../../test/support.ts';
import {
  client,
  freePort,
  killChildren,
  onlineAccount,
  spawnServer,
  until,
  type Call,
} from '../../../test/child-server.ts';
import { addAccount, apiAs, signIn, type ListedAccount } from '../accounts/account.test-support.ts';
import {
  createTask,
  expectCountsOfRows,
  phones,
  receivedRequests,
  rowsOf as taskRows,
  waitTask,
} from './fan-task.test-support.ts';
import { FAN_JOB } from './fan-task.service.ts';

// Issue 14 §3 "exactly once": each row is sent as a friend request once, whether two scheduler
// instances share one PostgreSQL or the server is killed (kill -9) in the middle of a task.

const PG = process.env.TEST_DATABASE_URL;

const servers = useServersOnStores({
  accounts: {
    lease: { leaseMs: 1500, renewMs: 250 },
    simulator: { loginDelayMs: 20, friendAcceptDelayMs: 200 },
  },
  scheduler: { pollMs: 100 },
});
// Registered after: the child servers are killed before the stores are dropped.
afterAll(() => killChildren());

/** Every peer got one request, and the rows are all sent. */
function expectOncePerRow(requests: SimReceivedItem[], peers: (string | null)[]) {
  expect(peers.every((p) => p !== null)).toBe(true);
  const mine = requests.filter((r) => peers.includes(r.peerWxid));
  expect(mine).toHaveLength(peers.length);
  expect(new Set(mine.map((r) => r.peerWxid)).size).toBe(peers.length);
}

describe.skipIf(!PG)('two scheduler instances on one PostgreSQL', () => {
  it('share one task without sending any row twice', async () => {
    const store = await servers.store();
    const A = await servers.start(store);
    const B = await servers.start(store);
    const sa = await signIn(A, 'demo');
    const sb = await signIn(B, 'demo');
    const accounts: ListedAccount[] = [
      await addAccount(A, sa, { nickname: '双实例甲' }),
      await addAccount(A, sa, { nickname: '双实例乙' }),
      await addAccount(B, sb, { nickname: '双实例丙' }),
      await addAccount(B, sb, { nickname: '双实例丁' }),
    ];
    await apiAs(A, sa).post('/sim-api/config', { friendAcceptRate: 1 });
    await apiAs(B, sb).post('/sim-api/config', { friendAcceptRate: 1 });
    const r = await createTask(A, sa, {
      workWxids: accounts.map((a) => a.wxid),
      rows: phones(70, 60).map((target) => ({ target })),
      rowsPerPull: 3,
    });
    expect(r.status).toBe(200);
    await waitTask(B, sb, r.data.taskId, (t) => t.status === 'completed', 60_000);
    const rows = await taskRows(B, sb, r.data.taskId);
    expect(rows.every((x) => x.state === 'done' && (x.status === 1 || x.status === 3))).toBe(true);
    expectOncePerRow(
      await receivedRequests(A, sa),
      rows.map((x) => x.wxid),
    );
    await expectCountsOfRows(B, r.data.taskId);
    // No row was claimed twice: the fan-adding claims of both instances add up to the rows
    // (other kinds, such as the periodic port-expiry check, claim on their own).
    const claimed = (s: Server) => s.scheduler.statsByKind.get(FAN_JOB)?.claimed ?? 0;
    expect(claimed(A) + claimed(B)).toBe(60);
  }, 120_000);
});

describe('a server killed in the middle of a task', () => {
  it('sends every row exactly once after it starts again (kill -9)', async () => {
    const store = await servers.store();
    const env: Record<string, string> = store.databaseUrl
      ? { DATABASE_URL: store.databaseUrl }
      : { DATA_DIR: store.dataDir! };
    const log = path.join(os.tmpdir(), `cst-fan-kill-${process.pid}.log`);
    const port = await freePort();
    // Its accounts come back to the next start 5 s after the kill rather than 30 s.
    const first = await spawnServer(env, port, log, { accountLeaseMs: 5000 });
    let call = await client(first.url);
    const a = await onlineAccount(call, '断电甲');
    const b = await onlineAccount(call, '断电乙');
    await call('/sim-api/config', { friendAcceptRate: 1 });
    const rows = phones(71, 16).map((target) => ({ target }));
    const { taskId } = await call<{ taskId: string }>('/task-api/fans/task/create', {
      taskName: '断电任务',
      workWxids: [a, b],
      greeting: '你好',
      intervalSec: 1,
      jitterSec: 0,
      rowsPerPull: 4,
      rows,
    });
    const sentCount = async (c: Call) => {
      const r = await c<FanTaskRowsResult>('/task-api/fans/task/rows', { taskId, pageSize: 100 });
      return r.list.filter((x) => x.sentAt !== null).length;
    };
    // Killed with rows sent, rows claimed and waiting for their slot, and rows not claimed.
    await until(async () => ((await sentCount(call)) >= 4 ? true : undefined), 30_000);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const before = await sentCount(call).catch(() => -1);
    expect(before).toBe(-1);

    const second = await spawnServer(env, port, log, { accountLeaseMs: 5000 });
    call = await client(second.url);
    // The accounts come back once their leases lapse; the dead instance's claims lapse too.
    const done = await until(async () => {
      const r = await call<FanTaskListResult>('/task-api/fans/task/list', {});
      const t = r.list.find((x) => x.taskId === taskId);
      return t?.status === 'completed' ? t : undefined;
    }, 90_000);
    expect(done.counts.total).toBe(16);
    const list = await call<FanTaskRowsResult>('/task-api/fans/task/rows', {
      taskId,
      pageSize: 100,
    });
    expect(list.list.every((x) => x.state === 'done' && (x.status === 1 || x.status === 3))).toBe(
      true,
    );
    const received = await call<{ list: SimReceivedItem[] }>('/sim-api/received', {});
    expectOncePerRow(
      received.list.filter((x) => x.kind === 'friendRequest'),
      list.list.map((x) => x.wxid),
    );
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
    // The kill caught rows claimed by the first process: the second claimed them again (their
    // lease lapsed) and their requests went out once all the same.
    const database = await openDatabase({
      databaseUrl: store.databaseUrl,
      dataDir: store.dataDir ?? null,
    });
    try {
      const [again] = rowsOf<{ n: number }>(
        await database.db.execute(
          sql`select count(*)::int as n from fan_task_rows where task_id = ${taskId} and attempts > 1`,
        ),
      );
      expect(again!.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 180_000);
});
