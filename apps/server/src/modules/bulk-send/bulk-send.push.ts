import { WS_EVENTS, type BulkTaskPush } from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { realtimeOf } from '../../realtime/realtime.ts';
import { toTaskItem } from './bulk-send.presenter.ts';
import { countsByTask, tasksByIds } from './bulk-send.repository.ts';

/** How often one instance pushes a running task's progress at most. */
const PROGRESS_EVERY_MS = 1000;

/**
 * Pushes `bulkSendTask` (state and live counts) for tasks, after their change committed. It goes
 * to those who see the task's first work account; it carries ids and counts only.
 */
export async function publishBulkTasks(deps: Deps, tenantId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const tasks = await tasksByIds(deps.db, tenantId, unique);
  if (tasks.length === 0) return;
  const counts = await countsByTask(
    deps.db,
    tenantId,
    tasks.map((t) => t.id),
    deps.now(),
  );
  await realtimeOf(deps).publish(
    tenantId,
    tasks.map((t) => {
      const item = toTaskItem(t, counts.get(t.id), new Map(), 'zh-CN');
      const data: BulkTaskPush = {
        taskId: item.taskId,
        status: item.status,
        total: item.total,
        sent: item.sent,
        failed: item.failed,
        pending: item.pending,
        startAt: item.startAt,
        endAt: item.endAt,
        counts: item.counts,
      };
      return { event: WS_EVENTS.bulkSendTask, data, workAccountId: t.workAccountIds[0] };
    }),
  );
}

const pending = new WeakMap<Deps, Map<string, NodeJS.Timeout>>();

/**
 * Pushes a task's progress soon, at most once a second per task and instance: a 20,000-target
 * task moves thousands of rows a minute, the browser hears of it once a second.
 */
export function progressSoon(deps: Deps, tenantId: string, taskId: string): void {
  let timers = pending.get(deps);
  if (!timers) pending.set(deps, (timers = new Map()));
  if (timers.has(taskId)) return;
  const map = timers;
  const t = setTimeout(() => {
    map.delete(taskId);
    void publishBulkTasks(deps, tenantId, [taskId]).catch((err: unknown) =>
      deps.log.warn({ err }, 'bulk-send progress push'),
    );
  }, PROGRESS_EVERY_MS);
  t.unref();
  map.set(taskId, t);
}

/** Drops the progress pushes not sent yet (the server is closing). */
export function stopBulkProgress(deps: Deps): void {
  const timers = pending.get(deps);
  if (!timers) return;
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
}
