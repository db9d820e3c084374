import type {
  FanTaskItem,
  FanTaskListResult,
  FanTaskRowsResult,
  SimReceivedItem,
} from '@cst/shared';
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
