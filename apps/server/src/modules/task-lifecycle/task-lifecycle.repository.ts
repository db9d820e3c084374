import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { workAccounts } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';
import type { ChangedTask, TaskTable } from './task-table.ts';

// The state moves every kind of task makes the same way (docs/architecture.md "task lifecycle"):
// a person's pause, restart and delete, the pause and resume of an account at ban risk, the start
// of a pending task whose time has come. The tables come from a TaskTable.

const tasksOf = (t: TaskTable) => sql.identifier(t.tasks);
const rowsTableOf = (t: TaskTable) => sql.identifier(t.rows);
const startAtOf = (t: TaskTable) => sql.identifier(t.startAt);
/** The open row states as a list of literals (constants of the code, never input). */
const openStatesOf = (t: TaskTable): SQL =>
  sql.raw(t.openRowStates.map((s) => `'${s.replace(/[^a-z]/g, '')}'`).join(', '));

/** Runs a statement that returns `id`; the ids. */
async function ids(db: DbOrTx, statement: SQL): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(statement)).map((r) => r.id);
}

/**
 * Sets a task paused by a person when it is pending or running (no reason); whether it was.
 */
export async function pauseTask(
  db: DbOrTx,
  t: TaskTable,
  tenantId: string,
  id: string,
): Promise<boolean> {
  const done = await ids(
    db,
    sql`
      update ${tasksOf(t)}
      set status = 'paused', reason_key = null, updated_at = now()
      where tenant_id = ${tenantId} and id = ${id} and status in ('pending', 'running')
      returning id`,
  );
  return done.length > 0;
}

/**
 * The state a paused task goes on in at `now`: pending while its start is still ahead, else
 * running (started now unless it had started before), its reason cleared.
 */
function resumedSet(t: TaskTable, now: number): SQL {
  const startAt = sql`${tasksOf(t)}.${startAtOf(t)}`;
  const startedAt = sql`${tasksOf(t)}.started_at`;
  return sql`status = case when ${startAt} > ${now} then 'pending' else 'running' end,
    started_at = case when ${startAt} > ${now} then ${startedAt}
                      else coalesce(${startedAt}, ${now}) end,
    reason_key = null, updated_at = now()`;
}

/** A person restarts a paused task ({@link resumedSet}); whether it was paused. */
export async function restartTask(
  db: DbOrTx,
  t: TaskTable,
  tenantId: string,
  id: string,
  now: number,
): Promise<boolean> {
  const done = await ids(
    db,
    sql`
      update ${tasksOf(t)}
      set ${resumedSet(t, now)}
      where tenant_id = ${tenantId} and id = ${id} and status = 'paused'
      returning id`,
  );
  return done.length > 0;
}

/** Deletes a task that is not in progress (its rows go with it); whether it was deleted. */
export async function deleteTask(
  db: DbOrTx,
  t: TaskTable,
  tenantId: string,
  id: string,
): Promise<boolean> {
  const done = await ids(
    db,
    sql`
      delete from ${tasksOf(t)}
      where tenant_id = ${tenantId} and id = ${id}
        and status in ('pending', 'paused', 'completed', 'abnormal')
      returning id`,
  );
  return done.length > 0;
}

/**
 * Pauses the pending and running tasks in which an account at ban risk 危险 still has work to
 * do: status `paused` with the reason `reasonKey`. The ids paused.
 */
export async function pauseForRisk(
  db: DbOrTx,
  t: TaskTable,
  tenantId: string,
  accountId: string,
  reasonKey: string,
): Promise<string[]> {
  return ids(
    db,
    sql`
      update ${tasksOf(t)} t
      set status = 'paused', reason_key = ${reasonKey}, updated_at = now()
      where t.tenant_id = ${tenantId} and t.status in ('pending', 'running')
        and ${accountId}::uuid = any(t.work_account_ids)
        and exists (
          select 1 from ${rowsTableOf(t)} r
          where r.task_id = t.id and r.work_account_id = ${accountId}::uuid
            and r.state in (${openStatesOf(t)}))
      returning t.id`,
  );
}

/**
 * A task just planned pauses with the reason `reasonKey` when one of `dangerIds` (its accounts at
 * 危险) has work in it; whether it did.
 */
export async function pauseNewForRisk(
  db: DbOrTx,
  t: TaskTable,
  tenantId: string,
  taskId: string,
  dangerIds: string[],
  reasonKey: string,
): Promise<boolean> {
  if (dangerIds.length === 0) return false;
  const paused = await ids(
    db,
    sql`
      update ${tasksOf(t)} t
      set status = 'paused', reason_key = ${reasonKey}, updated_at = now()
      where t.tenant_id = ${tenantId} and t.id = ${taskId}::uuid
        and t.status in ('pending', 'running')
        and exists (
          select 1 from ${rowsTableOf(t)} r
          where r.task_id = t.id and r.work_account_id = any(${sql.param(dangerIds)}::uuid[])
            and r.state in (${openStatesOf(t)}))
      returning t.id`,
  );
  return paused.length > 0;
}

/**
 * After a person resumed an account: its tasks paused for the risk (`reasonKey`) whose accounts
 * are none at 危险 any more go on ({@link resumedSet}). The ids.
 */
export async function resumeAfterRisk(
  db: DbOrTx,
  t: TaskTable,
  tenantId: string,
  accountId: string,
  reasonKey: string,
  now: number,
): Promise<string[]> {
  return ids(
    db,
    sql`
      update ${tasksOf(t)}
      set ${resumedSet(t, now)}
      where tenant_id = ${tenantId} and status = 'paused' and reason_key = ${reasonKey}
        and ${accountId}::uuid = any(work_account_ids)
        and not exists (
          select 1 from work_accounts w
          where w.id = any(${tasksOf(t)}.work_account_ids) and w.risk = 'danger')
      returning id`,
  );
}

/** Pending tasks whose start time has come begin running. */
export async function startDue(db: DbOrTx, t: TaskTable, now: number): Promise<ChangedTask[]> {
  return rowsOf<ChangedTask>(
    await db.execute(sql`
      update ${tasksOf(t)} set status = 'running', started_at = coalesce(started_at, ${now}),
             updated_at = now()
      where status = 'pending' and ${startAtOf(t)} <= ${now}
      returning id, tenant_id`),
  );
}

/** The platform ids of the work accounts of tasks, by account id (one query for a page). */
export async function taskAccountWxids(
  db: DbOrTx,
  tenantId: string,
  tasks: { workAccountIds: string[] }[],
): Promise<Map<string, string>> {
  const ids = [...new Set(tasks.flatMap((t) => t.workAccountIds))];
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: workAccounts.id, wxid: workAccounts.wxid })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), inArray(workAccounts.id, ids)));
  return new Map(rows.map((r) => [r.id, r.wxid]));
}
