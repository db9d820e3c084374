import { and, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { FanTaskState, FriendRequestStatus } from '@cst/shared';
import { fanTaskRows, fanTasks, workAccounts } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';
import type { ConvScope } from '../conversations/index.ts';

export type FanTaskRow = typeof fanTasks.$inferSelect;
export type FanRowRecord = typeof fanTaskRows.$inferSelect;

/** A uuid[] parameter. */
const uuids = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;

/** The task visibility rule: every account of the task lies in the caller's scope. */
function visibleSql(scope: ConvScope): SQL | undefined {
  if (scope.accountIds === 'all') return undefined;
  return sql`${fanTasks.workAccountIds} <@ ${uuids(scope.accountIds)}`;
}

/** Stores a new task (its rows are planned separately). */
export async function insertTask(db: DbOrTx, row: typeof fanTasks.$inferInsert): Promise<string> {
  const [out] = await db.insert(fanTasks).values(row).returning({ id: fanTasks.id });
  return out!.id;
}

/** Fan tasks of a tenant by id. */
export async function tasksByIds(db: DbOrTx, tenantId: string, ids: string[]) {
  return db
    .select()
    .from(fanTasks)
    .where(and(eq(fanTasks.tenantId, tenantId), inArray(fanTasks.id, ids)));
}

/** One task of the tenant the scope covers, else null. */
export async function findTask(
  db: DbOrTx,
  scope: ConvScope,
  id: string,
): Promise<FanTaskRow | null> {
  const rows = await db
    .select()
    .from(fanTasks)
    .where(and(eq(fanTasks.tenantId, scope.tenantId), eq(fanTasks.id, id), visibleSql(scope)));
  return rows[0] ?? null;
}

/** A page of the visible tasks, newest first. */
export async function listTasks(
  db: DbOrTx,
  scope: ConvScope,
  filter: { status?: FanTaskState; keyword?: string },
  page: number,
  pageSize: number,
): Promise<{ rows: FanTaskRow[]; total: number }> {
  const where = and(
    eq(fanTasks.tenantId, scope.tenantId),
    visibleSql(scope),
    filter.status ? eq(fanTasks.status, filter.status) : undefined,
    filter.keyword ? sql`strpos(lower(${fanTasks.name}), lower(${filter.keyword})) > 0` : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(fanTasks)
      .where(where)
      .orderBy(desc(fanTasks.createdAt), desc(fanTasks.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(fanTasks)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Sets the counts of a task's planned rows (in the planning transaction). */
export async function setPlannedCounts(
  tx: Tx,
  taskId: string,
  total: number,
  skipped: number,
): Promise<void> {
  await tx
    .update(fanTasks)
    .set({ nTotal: total, nSkipped: skipped, nWaiting: total - skipped })
    .where(eq(fanTasks.id, taskId));
}

/** Work accounts of the tenant by platform id (one query for a task's accounts). */
export async function accountsByWxids(db: DbOrTx, tenantId: string, wxids: string[]) {
  if (wxids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: workAccounts.id, wxid: workAccounts.wxid })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), inArray(workAccounts.wxid, wxids)));
  return new Map(rows.map((r) => [r.wxid, r.id]));
}

/** Platform ids of work accounts by id. */
export async function accountWxids(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: workAccounts.id, wxid: workAccounts.wxid })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), inArray(workAccounts.id, ids)));
  return new Map(rows.map((r) => [r.id, r.wxid]));
}

/** A task row with its account's platform id and name (remark, else nickname, else id). */
export type FanRowWithAccount = FanRowRecord & { workWxid: string; workName: string };

/** Filters of a task's rows. */
export interface FanRowFilter {
  state?: FanRowRecord['state'][];
  status?: number;
  keyword?: string;
}

function rowConds(tenantId: string, taskId: string, filter: FanRowFilter) {
  return and(
    eq(fanTaskRows.tenantId, tenantId),
    eq(fanTaskRows.taskId, taskId),
    filter.state ? inArray(fanTaskRows.state, filter.state) : undefined,
    filter.status ? eq(fanTaskRows.status, filter.status as FriendRequestStatus) : undefined,
    filter.keyword
      ? sql`(strpos(${fanTaskRows.target}, ${filter.keyword}) > 0 or strpos(lower(${fanTaskRows.nickname}), lower(${filter.keyword})) > 0)`
      : undefined,
  );
}

function selectRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      row: fanTaskRows,
      workWxid: workAccounts.wxid,
      workName: sql<string>`coalesce(nullif(${workAccounts.remark}, ''), nullif(${workAccounts.nickname}, ''), ${workAccounts.wxid})`,
    })
    .from(fanTaskRows)
    .innerJoin(workAccounts, eq(workAccounts.id, fanTaskRows.workAccountId))
    .where(where)
    .orderBy(fanTaskRows.seq);
}

/** A page of a task's rows in list order. */
export async function listRows(
  db: DbOrTx,
  tenantId: string,
  taskId: string,
  filter: FanRowFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: FanRowWithAccount[]; total: number }> {
  const where = rowConds(tenantId, taskId, filter);
  const [rows, [count]] = await Promise.all([
    selectRows(db, where)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(fanTaskRows)
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.row, workWxid: r.workWxid, workName: r.workName })),
    total: count?.n ?? 0,
  };
}

/**
 * A task's rows after the row `afterSeq` (from the first with null), in the order of
 * {@link listRows}, for an export: each chunk continues after the previous one's last row (a task
 * can hold a million rows) and counts nothing.
 */
export async function rowsAfter(
  db: DbOrTx,
  tenantId: string,
  taskId: string,
  filter: FanRowFilter,
  afterSeq: number | null,
  size: number,
): Promise<FanRowWithAccount[]> {
  const where = and(
    rowConds(tenantId, taskId, filter),
    afterSeq === null ? undefined : gt(fanTaskRows.seq, afterSeq),
  );
  const rows = await selectRows(db, where).limit(size);
  return rows.map((r) => ({ ...r.row, workWxid: r.workWxid, workName: r.workName }));
}

/** Sets a task's state when it is in one of `from`; the task when it changed. */
export async function setTaskState(
  db: DbOrTx,
  tenantId: string,
  id: string,
  from: FanTaskState[],
  patch: Partial<typeof fanTasks.$inferInsert> & { status: FanTaskState },
): Promise<FanTaskRow | null> {
  const [row] = await db
    .update(fanTasks)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(
      and(eq(fanTasks.tenantId, tenantId), eq(fanTasks.id, id), inArray(fanTasks.status, from)),
    )
    .returning();
  return row ?? null;
}

/** Deletes a task in one of the states `from` (its rows go with it); whether it did. */
export async function deleteTask(
  db: DbOrTx,
  tenantId: string,
  id: string,
  from: FanTaskState[],
): Promise<boolean> {
  const out = await db
    .delete(fanTasks)
    .where(
      and(eq(fanTasks.tenantId, tenantId), eq(fanTasks.id, id), inArray(fanTasks.status, from)),
    )
    .returning({ id: fanTasks.id });
  return out.length > 0;
}

/**
 * Pauses the pending and running tasks in which an account at ban risk 危险 still has sends to
 * make: status `paused` with the reason `reasonKey`. The ids paused.
 */
export async function pauseForRisk(
  db: DbOrTx,
  tenantId: string,
  accountId: string,
  reasonKey: string,
): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update fan_tasks t
      set status = 'paused', reason_key = ${reasonKey}, updated_at = now()
      where t.tenant_id = ${tenantId} and t.status in ('pending', 'running')
        and ${accountId}::uuid = any(t.work_account_ids)
        and exists (
          select 1 from fan_task_rows r
          where r.task_id = t.id and r.work_account_id = ${accountId}::uuid
            and r.state in ('queued', 'claimed'))
      returning t.id`),
  );
  return rows.map((r) => r.id);
}

/**
 * A task just planned pauses with the reason `reasonKey` when one of `dangerIds` (its accounts at
 * 危险) has sends in it; whether it did.
 */
export async function pauseNewTaskForRisk(
  db: DbOrTx,
  tenantId: string,
  taskId: string,
  dangerIds: string[],
  reasonKey: string,
): Promise<boolean> {
  if (dangerIds.length === 0) return false;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update fan_tasks t
      set status = 'paused', reason_key = ${reasonKey}, updated_at = now()
      where t.tenant_id = ${tenantId} and t.id = ${taskId}::uuid
        and t.status in ('pending', 'running')
        and exists (
          select 1 from fan_task_rows r
          where r.task_id = t.id and r.work_account_id = any(${sql.param(dangerIds)}::uuid[])
            and r.state in ('queued', 'claimed'))
      returning t.id`),
  );
  return rows.length > 0;
}

/**
 * After a person resumed an account: its tasks paused for the risk (`reasonKey`) whose accounts
 * are none at 危险 any more run again (pending when their start is still ahead). The ids.
 */
export async function resumeAfterRisk(
  db: DbOrTx,
  tenantId: string,
  accountId: string,
  reasonKey: string,
  now: number,
): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update fan_tasks t
      set status = case when t.start_at > ${now} then 'pending' else 'running' end,
          started_at = case when t.start_at > ${now} then t.started_at
                            else coalesce(t.started_at, ${now}) end,
          reason_key = null, updated_at = now()
      where t.tenant_id = ${tenantId} and t.status = 'paused' and t.reason_key = ${reasonKey}
        and ${accountId}::uuid = any(t.work_account_ids)
        and not exists (
          select 1 from work_accounts w
          where w.id = any(t.work_account_ids) and w.risk = 'danger')
      returning t.id`),
  );
  return rows.map((r) => r.id);
}
