import { WS_EVENTS, type FanTaskPush } from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { realtimeOf } from '../../realtime/realtime.ts';
import { taskProgress } from '../../scheduler/task-progress.ts';
import { countsOf } from './fan-task.presenter.ts';
import { tasksByIds } from './fan-task.repository.ts';

/**
 * Pushes `fanTask` (state and live counts) for tasks, after their change committed. The push goes
 * to those who see the task's first work account (the managers and the seats of its accounts);
 * it carries ids and counts only.
 */
export async function publishTasks(deps: Deps, tenantId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const tasks = await tasksByIds(deps.db, tenantId, unique);
  if (tasks.length === 0) return;
  await realtimeOf(deps).publish(
    tenantId,
    tasks.map((t) => {
      const data: FanTaskPush = {
        taskId: t.id,
        status: t.status,
        counts: countsOf(t),
      };
      return {
        event: WS_EVENTS.fanTask,
        data,
        workAccountId: t.workAccountIds[0],
      };
    }),
  );
}

const progress = taskProgress(publishTasks, 'fan task progress push');

/** Pushes a task's progress soon, at most once a second per task (rows finish in bursts). */
export const progressSoon = progress.soon;

/** Drops the progress pushes not sent yet (the server is closing). */
export const stopProgress = progress.stop;
