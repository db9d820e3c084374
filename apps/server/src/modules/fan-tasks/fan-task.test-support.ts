import type {
  FanTaskItem,
  FanTaskListResult,
  FanTaskRowsResult,
  SimReceivedItem,
} from '@cst/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf as resultRows } from '../../platform/db.ts';
import type { Server } from '../../server.ts';
import type { Session } from '../../../test/support.ts';
import { apiAs, eventually, type HasApp } from '../accounts/account.test-support.ts';

/** Distinct phone numbers for one test: `n` of them under a prefix of two digits (30–99). */
export function phones(prefix: number, n: number): string[] {
  return Array.from({ length: n }, (_, i) => `1${prefix}${String(i).padStart(8, '0')}`);
}

/** Creates a task as a user; the reply as the API gives it. */
export function createTask(ctx: HasApp, s: Session, body: Record<string, unknown>, lang?: string) {
  return apiAs(ctx, s, lang).post<{ taskId: string }>('/task-api/fans/task/create', {
    taskName: '加粉任务',
    greeting: '你好，我是客服小王',
    intervalSec: 0,
    jitterSec: 0,
    ...body,
  });
}

/** One task of the list as a user sees it (undefined when not visible). */
export async function taskOf(ctx: HasApp, s: Session, taskId: string) {
  const r = await apiAs(ctx, s).post<FanTaskListResult>('/task-api/fans/task/list', {
    pageSize: 100,
  });
  return r.data.list.find((t) => t.taskId === taskId);
}

/** All rows of a task. */
export async function rowsOf(ctx: HasApp, s: Session, taskId: string, lang?: string) {
  const r = await apiAs(ctx, s, lang).post<FanTaskRowsResult>('/task-api/fans/task/rows', {
    taskId,
    pageSize: 500,
  });
  return r.data.list;
}

/** Waits until a task shows a state (and optionally a condition on its counts). */
export function waitTask(
  ctx: HasApp,
  s: Session,
  taskId: string,
  check: (t: FanTaskItem) => boolean,
  ms = 15_000,
) {
  return eventually(async () => {
    const t = await taskOf(ctx, s, taskId);
    return t && check(t) ? t : undefined;
  }, ms);
}

/** Friend requests the simulated people received from accounts. */
export async function receivedRequests(ctx: HasApp, s: Session, workWxid?: string) {
  const r = await apiAs(ctx, s).post<{ list: SimReceivedItem[] }>('/sim-api/received', {
    workWxid,
  });
  if (r.status !== 200) throw new Error(`received: ${r.message}`);
  return r.data.list.filter((x) => x.kind === 'friendRequest');
}

/** The counts a task keeps equal the counts of its rows (read in one statement: one snapshot). */
export async function expectCountsOfRows(server: Server, taskId: string) {
  const [c] = resultRows<Record<string, number>>(
    await server.deps.db.execute(sql`
      select t.n_total as k_total, t.n_waiting as k_waiting, t.n_sending as k_sending,
        t.n_requested as k_requested, t.n_added as k_added, t.n_failed as k_failed,
        t.n_already_friend as k_already, t.n_skipped as k_skipped,
        r.*
      from fan_tasks t, lateral (
        select count(*)::int as total,
          count(*) filter (where state = 'queued')::int as waiting,
          count(*) filter (where state = 'claimed')::int as sending,
          count(*) filter (where state = 'done' and status = 1)::int as requested,
          count(*) filter (where state = 'done' and status = 3)::int as added,
          count(*) filter (where state = 'done' and status = 2)::int as failed,
          count(*) filter (where state = 'done' and status = 4)::int as already,
          count(*) filter (where state = 'skipped')::int as skipped
        from fan_task_rows where task_id = t.id) r
      where t.id = ${taskId}`),
  );
  const names = [
    'total',
    'waiting',
    'sending',
    'requested',
    'added',
    'failed',
    'already',
    'skipped',
  ];
  expect(names.map((n) => [n, c![`k_${n}`]])).toEqual(names.map((n) => [n, c![n]]));
}
