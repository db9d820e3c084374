import { WS_EVENTS, type FanTaskPush } from '@cst/shared';
import type { DbOrTx } from '../../platform/db.ts';
import type { PushInput } from '../../realtime/realtime.ts';
import { taskPushes } from '../task-lifecycle/index.ts';
import { countsOf } from './fan-task.presenter.ts';
import { tasksByIds } from './fan-task.repository.ts';

/** The `fanTask` pushes of tasks as `db` sees them. */
async function fanTaskPushes(db: DbOrTx, tenantId: string, ids: string[]): Promise<PushInput[]> {
  const tasks = await tasksByIds(db, tenantId, ids);
  return tasks.map((t) => {
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
  });
}

const pushes = taskPushes(fanTaskPushes, 'fan task progress push');

/**
 * Pushes `fanTask` (state and live counts) for tasks, after their change committed, to those who
 * see the task's first work account (the managers and the seats of its accounts), with its
 * `task.progress` event (`taskPushes`).
 */
export const publishTasks = pushes.publish;

/** Records `task.completed` for tasks the caller's transaction just completed. */
export const recordFanCompleted = pushes.recordCompleted;

/** Publishes the tasks the job's upkeep changed, tenant by tenant. */
export const publishChangedTasks = pushes.publishChanged;

/** Pushes a task's progress soon, at most once a second per task (rows finish in bursts). */
export const progressSoon = pushes.progressSoon;

/** Drops the progress pushes not sent yet (the server is closing). */
export const stopProgress = pushes.stopProgress;
