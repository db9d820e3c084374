import { WS_EVENTS, type FanTaskPush } from '@cst/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { fanTasks } from '../../db/schema/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { realtimeOf } from '../../realtime/realtime.ts';
import { countsOf } from './fan-task.presenter.ts';

/** How often one instance pushes a running task's progress at most. */
const PROGRESS_EVERY_MS = 1000;

/**
 * Pushes `fanTask` (state and live counts) for tasks, after their change committed. The push goes
 * to those who see the task's first work account (the managers and the seats of its accounts);
 * it carries ids and counts only.
 */
export async function publishTasks(deps: Deps, tenantId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const tasks = await deps.db
    .select()
    .from(fanTasks)
    .where(and(eq(fanTasks.tenantId, tenantId), inArray(fanTasks.id, unique)));
  if (tasks.length === 0) return;
  await realtimeOf(deps).publish(
    tenantId,
    tasks.map((t) => {
      const data: FanTaskPush = {
        taskId: t.id,
        status: t.status,
        counts: countsOf(t),
      };
      return { event: WS_EVENTS.fanTask, data, workAccountId: t.workAccountIds[0] };
    }),
  );
}

const pending = new WeakMap<Deps, Map<string, NodeJS.Timeout>>();

/** Pushes a task's progress soon, at most once a second per task (rows finish in bursts). */
export function progressSoon(deps: Deps, tenantId: string, taskId: string): void {
  let timers = pending.get(deps);
  if (!timers) pending.set(deps, (timers = new Map()));
  if (timers.has(taskId)) return;
  const map = timers;
  const t = setTimeout(() => {
    map.delete(taskId);
    void publishTasks(deps, tenantId, [taskId]).catch((err: unknown) =>
      deps.log.warn({ err }, 'fan task progress push'),
    );
  }, PROGRESS_EVERY_MS);
  t.unref();
  map.set(taskId, t);
}

/** Drops the progress pushes not sent yet (the server is closing). */
export function stopProgress(deps: Deps): void {
  const timers = pending.get(deps);
  if (!timers) return;
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
}
