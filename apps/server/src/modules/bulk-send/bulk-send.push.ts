import { WS_EVENTS, type BulkTaskPush } from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { realtimeOf } from '../../realtime/realtime.ts';
import { taskProgress } from '../../scheduler/task-progress.ts';
import { toTaskItem } from './bulk-send.presenter.ts';
import { countsByTask, tasksByIds } from './bulk-send.repository.ts';

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
      return {
        event: WS_EVENTS.bulkSendTask,
        data,
        workAccountId: t.workAccountIds[0],
      };
    }),
  );
}

const progress = taskProgress(publishBulkTasks, 'bulk-send progress push');

/** Pushes a task's progress soon, at most once a second per task and instance. */
export const progressSoon = progress.soon;

/** Drops the progress pushes not sent yet (the server is closing). */
export const stopBulkProgress = progress.stop;
