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

/**
 * The mass send's pushes (`taskPushes`): `bulkSendTask` (state and live counts) to those who see
 * the task's first work account, with its `task.progress` event; `task.completed` in the closing
 * transaction; the progress timer.
 */
export const bulkPushes = taskPushes(bulkTaskPushes, 'bulk-send progress push');
