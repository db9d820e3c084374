import { WS_EVENTS, type BulkTaskPush } from '@cst/shared';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import { realtimeOf, type PushInput } from '../../realtime/realtime.ts';
import { taskProgress } from '../../scheduler/task-progress.ts';
import { recordEvents, taskEvents, type OpenEventInput } from '../webhooks/index.ts';
import { toTaskItem } from './bulk-send.presenter.ts';
import type { ChangedTask } from './bulk-send-rows.repository.ts';
import { countsByTask, tasksByIds } from './bulk-send.repository.ts';

/**
 * Pushes `bulkSendTask` (state and live counts) for tasks, after their change committed. It goes
 * to those who see the task's first work account; it carries ids and counts only. Each is also
 * a `task.progress` event of the open platform (docs/open-platform.md), recorded in a
 * transaction of its own: a snapshot, which the next one or `task.completed` supersedes.
 */
export async function publishBulkTasks(deps: Deps, tenantId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const pushes = await bulkTaskPushes(deps.db, tenantId, unique, deps.now());
  if (pushes.length === 0) return;
  await deps.db.transaction((tx) =>
    recordEvents(tx, taskEvents(tenantId, pushes, 'task.progress')),
  );
  await realtimeOf(deps).publish(tenantId, pushes);
}

/**
 * Records `task.completed` for tasks the caller's transaction just closed (completed or
 * abnormal), with their push as it will be sent, in that transaction (last: the event log locks
 * the tenants' logs to the commit).
 */
export async function recordBulkCompleted(tx: Tx, done: ChangedTask[], now: number) {
  const byTenant = new Map<string, string[]>();
  for (const t of done) byTenant.set(t.tenant_id, [...(byTenant.get(t.tenant_id) ?? []), t.id]);
  const events: OpenEventInput[] = [];
  for (const [tenantId, ids] of byTenant) {
    events.push(
      ...taskEvents(tenantId, await bulkTaskPushes(tx, tenantId, ids, now), 'task.completed'),
    );
  }
  await recordEvents(tx, events);
}

/** The `bulkSendTask` pushes of tasks as `db` sees them. */
async function bulkTaskPushes(
  db: DbOrTx,
  tenantId: string,
  ids: string[],
  now: number,
): Promise<PushInput[]> {
  const tasks = await tasksByIds(db, tenantId, ids);
  if (tasks.length === 0) return [];
  const counts = await countsByTask(
    db,
    tenantId,
    tasks.map((t) => t.id),
    now,
  );
  return tasks.map((t) => {
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
    return {
      event: WS_EVENTS.bulkSendTask,
      data,
      workAccountId: t.workAccountIds[0],
    };
  });
}

const progress = taskProgress(publishBulkTasks, 'bulk-send progress push');

/** Pushes a task's progress soon, at most once a second per task and instance. */
export const progressSoon = progress.soon;

/** Drops the progress pushes not sent yet (the server is closing). */
export const stopBulkProgress = progress.stop;
