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

/**
 * The friend-adding task's pushes (`taskPushes`): `fanTask` (state and live counts) to those who
 * see the task's first work account (the managers and the seats of its accounts), with its
 * `task.progress` event; `task.completed` in the closing transaction; the progress timer.
 */
export const fanPushes = taskPushes(fanTaskPushes, 'fan task progress push');
