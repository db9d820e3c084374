import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  BULK_MAX_TARGETS,
  type BulkSendFilter,
  type BulkSendState,
  type BulkTargets,
  type BulkTaskState,
} from '@cst/shared';
import { bulkSendSettings, bulkSendTasks } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';
import type { ConvScope } from '../conversations/index.ts';
import type { TaskTable } from '../task-lifecycle/index.ts';

export type { BulkDraft } from '../../db/schema/index.ts';

export type BulkTaskRow = typeof bulkSendTasks.$inferSelect;
export type BulkSettingsRow = typeof bulkSendSettings.$inferSelect;

/** The mass-send tasks as the shared task lifecycle sees them. */
export const BULK_TASK_TABLE: TaskTable = {
  tasks: 'bulk_send_tasks',
  rows: 'bulk_send_rows',
  startAt: 'send_at',
  openRowStates: ['queued', 'claimed', 'outbox'],
};

/** After this long without a delivery receipt a sent message shows 'no receipt'. */
export const NO_RECEIPT_AFTER_MS = 10 * 60_000;

const uuids = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;

/** The task visibility rule: every account of the task lies in the caller's scope. */
function visibleSql(scope: ConvScope): SQL | undefined {
  if (scope.accountIds === 'all') return undefined;
  return sql`${bulkSendTasks.workAccountIds} <@ ${uuids(scope.accountIds)}`;
}

/** Stores a new task (its rows are planned separately). */
export async function insertTask(db: DbOrTx, row: typeof bulkSendTasks.$inferInsert) {
  const [out] = await db.insert(bulkSendTasks).values(row).returning({ id: bulkSendTasks.id });
  return out!.id;
}

/** A planned send: a target and one message. */
export interface PlannedRow {
  workAccountId: string;
  target: string;
  targetName: string;
  talkType: number;
  msgIndex: number;
  /** Failed at planning (no chosen account has the target): a message key. */
  errorKey: string | null;
}

/** Writes a task's planned rows, a chunk per statement, each column one array parameter. */
export async function insertRows(
  tx: Tx,
  tenantId: string,
  taskId: string,
  rows: PlannedRow[],
): Promise<void> {
  const CHUNK = 5000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await tx.execute(sql`
      insert into bulk_send_rows
        (tenant_id, task_id, seq, work_account_id, target, target_name, talk_type, msg_index,
         state, error_key)
      select ${tenantId}::uuid, ${taskId}::uuid, s.seq, s.account, s.target, s.name, s.talk,
             s.idx, case when s.err is null then 'queued' else 'failed' end, s.err
      from unnest(${sql.param(part.map((_, j) => i + j + 1))}::int[],
                  ${uuids(part.map((r) => r.workAccountId))},
                  ${sql.param(part.map((r) => r.target))}::text[],
                  ${sql.param(part.map((r) => r.targetName))}::text[],
                  ${sql.param(part.map((r) => r.talkType))}::int[],
                  ${sql.param(part.map((r) => r.msgIndex))}::int[],
                  ${sql.param(part.map((r) => r.errorKey))}::text[])
        as s(seq, account, target, name, talk, idx, err)`);
  }
}

/** One task of the tenant the scope covers, else null. */
export async function findTask(db: DbOrTx, scope: ConvScope, id: string) {
  const rows = await db
    .select()
    .from(bulkSendTasks)
    .where(
      and(eq(bulkSendTasks.tenantId, scope.tenantId), eq(bulkSendTasks.id, id), visibleSql(scope)),
    );
  return rows[0] ?? null;
}

/** Tasks of a tenant by id (pushes). */
export async function tasksByIds(db: DbOrTx, tenantId: string, ids: string[]) {
  return db
    .select()
    .from(bulkSendTasks)
    .where(and(eq(bulkSendTasks.tenantId, tenantId), inArray(bulkSendTasks.id, ids)));
}

/** A page of the visible tasks, newest first. */
export async function listTasks(
  db: DbOrTx,
  scope: ConvScope,
  status: BulkTaskState | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: BulkTaskRow[]; total: number }> {
  const where = and(
    eq(bulkSendTasks.tenantId, scope.tenantId),
    visibleSql(scope),
    status ? eq(bulkSendTasks.status, status) : undefined,
  );
  const rows = await db
    .select()
    .from(bulkSendTasks)
    .where(where)
    .orderBy(desc(bulkSendTasks.createdAt), desc(bulkSendTasks.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bulkSendTasks)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

/** The send state of SPEC §4 a stored row shows at `now` (SQL). */
function sendStateSql(now: number): SQL {
  return sql`case r.state
    when 'queued' then 'toBeSent' when 'claimed' then 'toBeSent'
    when 'outbox' then 'awaitingReceipt'
    when 'sent' then case when r.sent_at < ${now - NO_RECEIPT_AFTER_MS}::bigint
                          then 'noReceipt' else 'sent' end
    else r.state end`;
}

/** Counts of the tasks' rows by send state. */
export async function countsByTask(
  db: DbOrTx,
  tenantId: string,
  taskIds: string[],
  now: number,
): Promise<Map<string, Partial<Record<BulkSendState, number>>>> {
  const out = new Map<string, Partial<Record<BulkSendState, number>>>();
  if (taskIds.length === 0) return out;
  const rows = rowsOf<{ task_id: string; state: BulkSendState; n: number }>(
    await db.execute(sql`
      select r.task_id, ${sendStateSql(now)} as state, count(*)::int as n
      from bulk_send_rows r
      where r.tenant_id = ${tenantId} and r.task_id = any(${uuids(taskIds)})
      group by 1, 2`),
  );
  for (const r of rows) {
    const m = out.get(r.task_id) ?? {};
    m[r.state] = (m[r.state] ?? 0) + Number(r.n);
    out.set(r.task_id, m);
  }
  return out;
}

/** A row of the details as read. */
export interface DetailRow {
  seq: number;
  work_wxid: string;
  target: string;
  target_name: string;
  msg_index: number;
  state: BulkSendState;
  error: string | null;
  error_key: string | null;
  sent_at: string | number | null;
}

/** A page of a task's rows, in plan order, optionally of one send state. */
export async function detailRows(
  db: DbOrTx,
  tenantId: string,
  taskId: string,
  filter: { state?: BulkSendFilter; afterSeq?: number },
  page: number,
  pageSize: number,
  now: number,
): Promise<{ rows: DetailRow[]; total: number }> {
  const state = sendStateSql(now);
  const where = sql`r.tenant_id = ${tenantId} and r.task_id = ${taskId}
    ${
      filter.state === 'allFailed'
        ? sql`and ${state} in ('failed', 'undelivered')`
        : filter.state
          ? sql`and ${state} = ${filter.state}`
          : sql``
    }
    ${filter.afterSeq !== undefined ? sql`and r.seq > ${filter.afterSeq}` : sql``}`;
  const rows = rowsOf<DetailRow>(
    await db.execute(sql`
      select r.seq, a.wxid as work_wxid, r.target, r.target_name, r.msg_index,
             ${state} as state, r.error, r.error_key, r.sent_at
      from bulk_send_rows r join work_accounts a on a.id = r.work_account_id
      where ${where}
      order by r.seq
      limit ${pageSize} offset ${(page - 1) * pageSize}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from bulk_send_rows r where ${where}`),
  );
  return { rows, total: Number(count?.n ?? 0) };
}

/** Sets a task's state if it is in one of `from`; whether it changed. */
export async function setTaskState(
  db: DbOrTx,
  tenantId: string,
  id: string,
  from: BulkTaskState[],
  set: Partial<typeof bulkSendTasks.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(bulkSendTasks)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(bulkSendTasks.tenantId, tenantId),
        eq(bulkSendTasks.id, id),
        inArray(bulkSendTasks.status, from),
      ),
    )
    .returning({ id: bulkSendTasks.id });
  return rows.length > 0;
}

/** Queues a task's failed rows again in a new round (a new idempotency key); how many. */
export async function requeueFailed(tx: Tx, tenantId: string, taskId: string): Promise<number> {
  const rows = rowsOf<{ seq: number }>(
    await tx.execute(sql`
      update bulk_send_rows
      set state = 'queued', round = round + 1, error = null, error_key = null, sent_at = null,
          lease_owner = null, lease_until = null
      where tenant_id = ${tenantId} and task_id = ${taskId}
        and state in ('failed', 'undelivered')
      returning seq`),
  );
  return rows.length;
}

/** The tenant's defaults (account null) or an account's override, else null. */
export async function findSettings(db: DbOrTx, tenantId: string, accountId: string | null) {
  const rows = await db
    .select()
    .from(bulkSendSettings)
    .where(
      and(
        eq(bulkSendSettings.tenantId, tenantId),
        accountId === null
          ? isNull(bulkSendSettings.workAccountId)
          : eq(bulkSendSettings.workAccountId, accountId),
      ),
    );
  return rows[0] ?? null;
}

/** Stores the tenant's defaults or an account's override (one row each; concurrent saves: last wins). */
export async function saveSettings(
  db: DbOrTx,
  row: Omit<typeof bulkSendSettings.$inferInsert, 'id' | 'updatedAt'>,
): Promise<void> {
  const { tenantId: _t, workAccountId: _a, ...set } = row;
  const values = { ...set, updatedAt: new Date() };
  if (row.workAccountId) {
    await db
      .insert(bulkSendSettings)
      .values(row)
      .onConflictDoUpdate({ target: bulkSendSettings.workAccountId, set: values });
    return;
  }
  await db
    .insert(bulkSendSettings)
    .values({ ...row, workAccountId: null })
    .onConflictDoUpdate({
      target: bulkSendSettings.tenantId,
      targetWhere: sql`${bulkSendSettings.workAccountId} is null`,
      set: values,
    });
}

/** Drops an account's override. */
export async function dropSettings(db: DbOrTx, tenantId: string, accountId: string) {
  await db
    .delete(bulkSendSettings)
    .where(
      and(eq(bulkSendSettings.tenantId, tenantId), eq(bulkSendSettings.workAccountId, accountId)),
    );
}

/** A target found for a task: who sends to whom. */
export interface FoundTarget {
  account_id: string;
  wxid: string;
  name: string;
}

/** Friends (or groups) of the accounts the targets name, in the accounts' order. */
export async function findTargets(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
  taskType: 'friends' | 'groups',
  targets: BulkTargets,
): Promise<FoundTarget[]> {
  const order = sql`array_position(${uuids(accountIds)}, x.account_id)`;
  if (taskType === 'groups') {
    const only =
      targets.mode === 'all' ? sql`` : sql`and g.group_id = any(${sql.param(targets.wxids ?? [])})`;
    return rowsOf<FoundTarget>(
      await db.execute(sql`
        select * from (
          select g.work_account_id as account_id, g.group_id as wxid, g.name, g.created_at
          from chat_groups g
          where g.tenant_id = ${tenantId} and g.work_account_id = any(${uuids(accountIds)}) ${only}
        ) x
        order by ${order}, x.created_at nulls last, x.wxid
        limit ${BULK_MAX_TARGETS * 2}`),
    );
  }
  let only = sql``;
  if (targets.mode === 'tags') {
    only = sql`and exists (
      select 1 from contact_tags ct
      where ct.contact_id = c.id and ct.tenant_id = ${tenantId}
        and ct.tag_id = any(${uuids(targets.tagIds ?? [])}))`;
  } else if (targets.mode === 'list') {
    only = sql`and c.wxid = any(${sql.param(targets.wxids ?? [])})`;
  }
  return rowsOf<FoundTarget>(
    await db.execute(sql`
      select * from (
        select c.work_account_id as account_id, c.wxid,
               coalesce(nullif(c.remark, ''), c.nickname) as name, c.added_at
        from contacts c
        where c.tenant_id = ${tenantId} and c.work_account_id = any(${uuids(accountIds)}) ${only}
      ) x
      order by ${order}, x.added_at nulls last, x.wxid
      limit ${BULK_MAX_TARGETS * 2}`),
  );
}
