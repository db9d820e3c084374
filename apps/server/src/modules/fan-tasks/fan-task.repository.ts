import { and, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { FanTaskState, FriendRequestStatus } from '@cst/shared';
import { fanTaskRows, fanTasks, workAccounts } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import type { ConvScope } from '../conversations/index.ts';
import type { TaskTable } from '../task-lifecycle/index.ts';

export type FanTaskRow = typeof fanTasks.$inferSelect;
export type FanRowRecord = typeof fanTaskRows.$inferSelect;

/** The friend-adding tasks as the shared task lifecycle sees them. */
export const FAN_TASK_TABLE: TaskTable = {
  tasks: 'fan_tasks',
  rows: 'fan_task_rows',
  startAt: 'start_at',
  openRowStates: ['queued', 'claimed'],
};

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
