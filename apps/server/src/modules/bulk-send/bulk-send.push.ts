import { WS_EVENTS, type BulkTaskPush } from '@cst/shared';
import type { DbOrTx } from '../../platform/db.ts';
import type { PushInput } from '../../realtime/realtime.ts';
import { taskPushes } from '../task-lifecycle/index.ts';
import { toTaskItem } from './bulk-send.presenter.ts';
import { countsByTask, tasksByIds } from './bulk-send.repository.ts';

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

const pushes = taskPushes(bulkTaskPushes, 'bulk-send progress push');

/**
 * Pushes `bulkSendTask` (state and live counts) for tasks, after their change committed, to those
 * who see the task's first work account, with its `task.progress` event (`taskPushes`).
 */
export const publishBulkTasks = pushes.publish;

/** Records `task.completed` for tasks the caller's transaction just closed (completed or abnormal). */
export const recordBulkCompleted = pushes.recordCompleted;

/** Publishes the tasks the job's upkeep changed, tenant by tenant. */
export const publishChangedBulkTasks = pushes.publishChanged;

/** Pushes a task's progress soon, at most once a second per task and instance. */
export const progressSoon = pushes.progressSoon;

/** Drops the progress pushes not sent yet (the server is closing). */
export const stopBulkProgress = pushes.stopProgress;
