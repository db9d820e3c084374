import { sql } from 'drizzle-orm';
import { FRIEND_REQUEST_STATUS, type FriendRequestStatus } from '@cst/shared';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';
import type { ChangedTask } from '../task-lifecycle/index.ts';

// The scheduler's side of fan_task_rows: which (task, account) pairs have work, claiming rows
// (marked in the claim's transaction), recording outcomes, handing rows back, task upkeep.

/** The lane of an account's friend requests: pace and daily cap count per account. */
export const laneOf = (accountId: string) => `fanAdd:${accountId}`;

const uuids = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;

/** The task's counter of rows at a friend-request status. */
function statusCounter(status: FriendRequestStatus) {
  const name = { 1: 'n_requested', 2: 'n_failed', 3: 'n_added', 4: 'n_already_friend' }[status];
  return sql.identifier(name);
}

/** Moves `n` rows of a task from one counter to another (same transaction as the rows). */
async function moveCount(
  db: DbOrTx,
  taskId: string,
  from: ReturnType<typeof sql.identifier>,
  to: ReturnType<typeof sql.identifier>,
  n: number,
): Promise<void> {
  if (n <= 0) return;
  await db.execute(sql`
    update fan_tasks set ${from} = ${from} - ${n}, ${to} = ${to} + ${n} where id = ${taskId}`);
}

const WAITING = sql.identifier('n_waiting');
const SENDING = sql.identifier('n_sending');

/** A task and one of its accounts with claimable rows, the account online and its lane due. */
export interface Candidate {
  task_id: string;
  tenant_id: string;
  account_id: string;
  rows_per_pull: number;
  interval_sec: number;
  jitter_sec: number;
  daily_cap: number;
}

/** Pairs to claim for, oldest task first, each task's accounts in their order. */
export async function candidates(
  tx: Tx,
  now: number,
  day: string,
  limit: number,
): Promise<Candidate[]> {
  return rowsOf<Candidate>(
    await tx.execute(sql`
      select t.id as task_id, t.tenant_id, a.id as account_id, t.rows_per_pull,
             t.interval_sec, t.jitter_sec, t.daily_cap
      from fan_tasks t
      cross join lateral unnest(t.work_account_ids) with ordinality as u(account_id, ord)
      join work_accounts a
        on a.id = u.account_id and a.tenant_id = t.tenant_id and a.status = 'online'
          -- An account at ban risk 危险 sends nothing automated until a person resumes it.
          and a.risk <> 'danger'
      left join scheduler_lanes l on l.key = 'fanAdd:' || a.id::text
      where t.status = 'running'
        and (l.key is null or (l.next_at <= ${now} and (l.day <> ${day} or l.used < t.daily_cap)))
        -- A claimable row of this task and account: one probe of the claim index (as a plain
        -- EXISTS the planner may read the task's rows instead).
        and (
          select 1 from fan_task_rows r
          where r.task_id = t.id and r.work_account_id = a.id
            and r.state in ('queued', 'claimed')
            and (r.state = 'queued' or r.lease_until < ${now})
          order by r.seq
          limit 1) is not null
      order by t.created_at, t.id, u.ord
      limit ${limit}`),
  );
}

/** A row as the claim hands it to the runner. */
export interface ClaimedRow {
  seq: number;
  attempts: number;
  /** The state it was claimed from: queued, or claimed with a lapsed lease. */
  was: string;
}

/**
 * Claims the next `n` rows of a task and account (queued, or leased out and lapsed), marking
 * them leased to `owner` until `until` in the same statement (`FOR UPDATE SKIP LOCKED`). The pick
 * is a materialized CTE: as an `IN (subquery)` the planner may run the limited subquery again
 * per row and claim more than `n`.
 */
export async function claimRows(
  tx: Tx,
  c: { taskId: string; accountId: string; now: number; owner: string; until: number; n: number },
): Promise<ClaimedRow[]> {
  const rows = rowsOf<ClaimedRow>(
    await tx.execute(sql`
      with picked as materialized (
        select seq, state as was from fan_task_rows
        where task_id = ${c.taskId} and work_account_id = ${c.accountId}
          and state in ('queued', 'claimed')
          and (state = 'queued' or lease_until < ${c.now})
        order by seq
        limit ${c.n}
        for update skip locked)
      update fan_task_rows r
      set state = 'claimed', lease_owner = ${c.owner}, lease_until = ${c.until},
          attempts = r.attempts + 1, claimed_at = ${c.now}
      from picked
      where r.task_id = ${c.taskId} and r.seq = picked.seq
      returning r.seq, r.attempts, picked.was`),
  );
  // Rows taken from the queue start sending; lapsed ones were counted as sending already.
  const fromQueue = rows.filter((r) => r.was === 'queued').length;
  await moveCount(tx, c.taskId, WAITING, SENDING, fromQueue);
  return rows.sort((a, b) => a.seq - b.seq);
}

/** What a runner needs of a claimed row: the row, its task and its account. */
export interface RunRow {
  tenant_id: string;
  task_id: string;
  seq: number;
  state: string;
  lease_owner: string | null;
  target: string;
  greeting: string;
  remark: string | null;
  attempts: number;
  task_status: string;
  account_id: string;
  work_wxid: string;
  account_status: string;
}

/** A claimed row with its task's state and greeting and its account (null when gone). */
export async function loadRunRow(db: DbOrTx, taskId: string, seq: number): Promise<RunRow | null> {
  const [row] = rowsOf<RunRow>(
    await db.execute(sql`
      select r.tenant_id, r.task_id, r.seq, r.state, r.lease_owner, r.target,
             coalesce(nullif(r.greeting, ''), t.greeting) as greeting, r.remark, r.attempts,
             t.status as task_status, a.id as account_id, a.wxid as work_wxid,
             case when a.risk = 'danger' then 'riskPaused' else a.status end as account_status
      from fan_task_rows r
      join fan_tasks t on t.id = r.task_id
      join work_accounts a on a.id = r.work_account_id
      where r.task_id = ${taskId} and r.seq = ${seq}`),
  );
  return row ?? null;
}

/** The outcome of one row's friend request. */
export interface RowOutcome {
  status: FriendRequestStatus;
  reason: string;
  reasonKey: string | null;
  wxid: string | null;
  nickname: string;
}

/**
 * Records a row's outcome if this instance still holds it, and the target's latest outcome in
 * the data pool; false when the row is no longer ours (its lease lapsed and another took it).
 */
export async function finishRow(
  tx: Tx,
  taskId: string,
  seq: number,
  owner: string,
  now: number,
  o: RowOutcome,
): Promise<{ tenant_id: string; target: string; task_id: string } | null> {
  const [row] = rowsOf<{ tenant_id: string; target: string; task_id: string }>(
    await tx.execute(sql`
      update fan_task_rows
      set state = 'done', lease_owner = null, lease_until = null, status = ${o.status},
          reason = ${o.reason}, reason_key = ${o.reasonKey}, wxid = ${o.wxid},
          nickname = ${o.nickname}, sent_at = ${now},
          settled_at = case when ${o.status}::int = 1 then null else ${now}::bigint end
      where task_id = ${taskId} and seq = ${seq} and state = 'claimed' and lease_owner = ${owner}
      returning tenant_id, target, task_id`),
  );
  if (!row) return null;
  await moveCount(tx, taskId, SENDING, statusCounter(o.status), 1);
  await poolOutcome(tx, row.tenant_id, [row.target], row.task_id, o.status, o.reason, now);
  return row;
}

/** Sets the data pool's latest outcome of targets. */
async function poolOutcome(
  db: DbOrTx,
  tenantId: string,
  targets: string[],
  taskId: string,
  status: FriendRequestStatus,
  reason: string,
  now: number,
): Promise<void> {
  if (targets.length === 0) return;
  await db.execute(sql`
    update fan_pool
    set last_task_id = ${taskId}, last_status = ${status}, last_reason = ${reason}, last_at = ${now}
    where tenant_id = ${tenantId} and target = any(${sql.param(targets)}::text[])`);
}

/** Hands claimed rows back to the queue if this instance still holds them; how many per account. */
export async function releaseRows(
  db: DbOrTx,
  rows: { taskId: string; seq: number }[],
  owner: string,
): Promise<{ work_account_id: string; n: number }[]> {
  if (rows.length === 0) return [];
  return db.transaction(async (tx) => {
    const back = rowsOf<{ task_id: string; work_account_id: string; n: number }>(
      await tx.execute(sql`
        with back as (
          update fan_task_rows set state = 'queued', lease_owner = null, lease_until = null
          where (task_id, seq) in (
              select * from unnest(${uuids(rows.map((r) => r.taskId))}, ${sql.param(rows.map((r) => r.seq))}::int[]))
            and state = 'claimed' and lease_owner = ${owner}
          returning task_id, work_account_id)
        select task_id, work_account_id, count(*)::int as n from back
        group by task_id, work_account_id`),
    );
    for (const b of back) await moveCount(tx, b.task_id, SENDING, WAITING, Number(b.n));
    return back;
  });
}

/** What settling answers changed: the tasks touched, and the remarks and tags of the rows. */
export interface Settled {
  taskIds: string[];
  remarks: { wxid: string; remark: string }[];
  tags: { wxid: string; tagIds: string[] }[];
}

/**
 * People answered requests an account sent: its task rows at status 1 with them settle to
 * `status` (3 added, 2 refused with the reason), and so do their pool entries.
 */
export async function settleRows(
  tx: Tx,
  tenantId: string,
  accountId: string,
  wxids: string[],
  status: FriendRequestStatus,
  reason: string,
  now: number,
): Promise<Settled> {
  if (wxids.length === 0) return { taskIds: [], remarks: [], tags: [] };
  const rows = rowsOf<{
    task_id: string;
    target: string;
    wxid: string;
    remark: string | null;
    tag_ids: string[] | null;
  }>(
    await tx.execute(sql`
      update fan_task_rows
      set status = ${status}, reason = ${reason}, settled_at = ${now}
      where work_account_id = ${accountId} and tenant_id = ${tenantId} and status = 1
        and wxid = any(${sql.param(wxids)}::text[])
      returning task_id, target, wxid, remark, tag_ids`),
  );
  const byTask = new Map<string, string[]>();
  for (const r of rows) byTask.set(r.task_id, [...(byTask.get(r.task_id) ?? []), r.target]);
  for (const [taskId, targets] of byTask) {
    await moveCount(
      tx,
      taskId,
      statusCounter(FRIEND_REQUEST_STATUS.requested),
      statusCounter(status),
      targets.length,
    );
    await poolOutcome(tx, tenantId, targets, taskId, status, reason, now);
  }
  return {
    taskIds: [...byTask.keys()],
    remarks: rows.flatMap((r) => (r.remark ? [{ wxid: r.wxid, remark: r.remark }] : [])),
    tags: rows.flatMap((r) => (r.tag_ids?.length ? [{ wxid: r.wxid, tagIds: r.tag_ids }] : [])),
  };
}

/** Running tasks with no row left to send are completed. */
export async function completeFinished(db: DbOrTx, now: number): Promise<ChangedTask[]> {
  return rowsOf<ChangedTask>(
    await db.execute(sql`
      update fan_tasks t set status = 'completed', ended_at = ${now}, updated_at = now()
      where t.status = 'running'
        and not exists (
          select 1 from fan_task_rows r
          where r.task_id = t.id and r.state in ('queued', 'claimed'))
      returning t.id, t.tenant_id`),
  );
}

/** Imports whose planner stopped (its lease lapsed) close abnormally. */
export async function closeAbandonedImports(db: DbOrTx, now: number): Promise<ChangedTask[]> {
  return rowsOf<ChangedTask>(
    await db.execute(sql`
      update fan_tasks set status = 'abnormal', reason_key = 'fanImportFailed', ended_at = ${now},
             lease_owner = null, lease_until = null, updated_at = now()
      where status = 'importing' and lease_until < ${now}
      returning id, tenant_id`),
  );
}

/** Whether the account already has the person as a friend (an answer that came before the row was recorded). */
export async function isFriendNow(db: DbOrTx, accountId: string, wxid: string): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await db.execute(sql`
      select 1 as one from contacts where work_account_id = ${accountId} and wxid = ${wxid}
      limit 1`),
  );
  return rows.length > 0;
}
