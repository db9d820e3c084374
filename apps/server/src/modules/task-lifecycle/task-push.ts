import type { DbOrTx, Tx } from '../../platform/db.ts';
import type { Uses } from '../../platform/deps.ts';
import { type PushInput } from '../../realtime/realtime.ts';
import { recordEvents, taskEvents, type OpenEventInput } from '../webhooks/index.ts';
import { taskProgress } from './task-progress.ts';
import type { ChangedTask } from './task-table.ts';

/** The console pushes of a kind of task (state and counts) for tasks, as `db` sees them. */
export type TaskPushes = (
  db: DbOrTx,
  tenantId: string,
  ids: string[],
  now: number,
) => Promise<PushInput[]>;

/** Groups changed tasks by tenant. */
function byTenant(tasks: ChangedTask[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of tasks) out.set(t.tenant_id, [...(out.get(t.tenant_id) ?? []), t.id]);
  return out;
}

/**
 * How a kind of task tells of its changes, built on its push builder `build`:
 *
 * - `publish` pushes the tasks' state and live counts after their change committed (to those who
 *   see the task's first work account; ids and counts only). Each is also a `task.progress` event
 *   of the open platform (docs/open-platform.md), recorded in a transaction of its own: a
 *   snapshot, which the next one or `task.completed` supersedes.
 * - `recordCompleted` records `task.completed` for tasks the caller's transaction just closed,
 *   with their push as it will be sent, in that transaction (last: the event log locks the
 *   tenants' logs to the commit).
 * - `publishChanged` publishes tasks of several tenants (the job's upkeep).
 * - `progressSoon` / `stopProgress`: {@link taskProgress}.
 */
export function taskPushes(build: TaskPushes, label: string) {
  async function publish(deps: Uses<'realtime'>, tenantId: string, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const pushes = await build(deps.db, tenantId, unique, deps.now());
    if (pushes.length === 0) return;
    await deps.db.transaction((tx) =>
      recordEvents(tx, taskEvents(tenantId, pushes, 'task.progress')),
    );
    await deps.realtime.publish(tenantId, pushes);
  }

  async function recordCompleted(tx: Tx, done: ChangedTask[], now: number): Promise<void> {
    const events: OpenEventInput[] = [];
    for (const [tenantId, ids] of byTenant(done)) {
      events.push(...taskEvents(tenantId, await build(tx, tenantId, ids, now), 'task.completed'));
    }
    await recordEvents(tx, events);
  }

  async function publishChanged(deps: Uses<'realtime'>, changed: ChangedTask[]): Promise<void> {
    for (const [tenantId, ids] of byTenant(changed)) await publish(deps, tenantId, ids);
  }

  const progress = taskProgress(publish, label);
  return {
    publish,
    recordCompleted,
    publishChanged,
    /** Pushes a task's progress within a second, once for all the changes meanwhile. */
    progressSoon: progress.soon,
    /** Drops the progress pushes not sent yet (the server is closing). */
    stopProgress: progress.stop,
  };
}
