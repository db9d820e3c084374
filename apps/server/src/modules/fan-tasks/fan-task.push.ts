import { WS_EVENTS, type FanTaskPush } from '@cst/shared';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import { realtimeOf, type PushInput } from '../../realtime/realtime.ts';
import { taskProgress } from '../../scheduler/task-progress.ts';
import { recordEvents, taskEvents, type OpenEventInput } from '../webhooks/index.ts';
import { countsOf } from './fan-task.presenter.ts';
import type { ChangedTask } from './fan-task-rows.repository.ts';
import { tasksByIds } from './fan-task.repository.ts';

/**
 * Pushes `fanTask` (state and live counts) for tasks, after their change committed. The push goes
 * to those who see the task's first work account (the managers and the seats of its accounts);
 * it carries ids and counts only. Each is also a `task.progress` event of the open platform
 * (docs/open-platform.md), recorded in a transaction of its own: a snapshot, which the next one
 * or `task.completed` supersedes.
 */
export async function publishTasks(deps: Deps, tenantId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const pushes = await fanTaskPushes(deps.db, tenantId, unique);
  if (pushes.length === 0) return;
  await deps.db.transaction((tx) =>
    recordEvents(tx, taskEvents(tenantId, pushes, 'task.progress')),
  );
  await realtimeOf(deps).publish(tenantId, pushes);
}

/**
 * Records `task.completed` for tasks the caller's transaction just completed, with their push as
 * it will be sent, in that transaction (last: the event log locks the tenants' logs to the commit).
 */
export async function recordFanCompleted(tx: Tx, done: ChangedTask[]): Promise<void> {
  const byTenant = new Map<string, string[]>();
  for (const t of done) byTenant.set(t.tenant_id, [...(byTenant.get(t.tenant_id) ?? []), t.id]);
  const events: OpenEventInput[] = [];
  for (const [tenantId, ids] of byTenant) {
    events.push(...taskEvents(tenantId, await fanTaskPushes(tx, tenantId, ids), 'task.completed'));
  }
  await recordEvents(tx, events);
}

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

const progress = taskProgress(publishTasks, 'fan task progress push');

/** Pushes a task's progress soon, at most once a second per task (rows finish in bursts). */
export const progressSoon = progress.soon;

/** Drops the progress pushes not sent yet (the server is closing). */
export const stopProgress = progress.stop;
