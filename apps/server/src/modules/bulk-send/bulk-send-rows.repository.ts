import { sql, type SQL } from 'drizzle-orm';
import { bulkRequestIdOf, parseBulkRequestId, type PacingNumbers } from '@cst/shared';
import type { BulkDraft } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';
import type { ChangedTask } from '../task-lifecycle/index.ts';

// The scheduler's side of bulk_send_rows: which (task, account) pairs have work, claiming rows
// (marked in the claim's transaction), handing them to the outbox, recording the platform's
// answers, handing rows back, task upkeep.

/** The lane of an account's mass sends to friends, or to groups: pace and caps per account. */
export const laneOf = (taskType: string, accountId: string) =>
  `${taskType === 'groups' ? 'massGroup' : 'massMsg'}:${accountId}`;

/** The idempotency key of a row's send (the outbox message's request_id). */
export const requestIdOf = bulkRequestIdOf;

/** The row a request id names (null for other sends). */
export const rowOfRequestId = parseBulkRequestId;

/** A task and one of its accounts with claimable rows, the account online, with its settings. */
export interface Candidate {
  task_id: string;
  tenant_id: string;
  task_type: 'friends' | 'groups';
  account_id: string;
  message_count: number;
  daily_cap: number;
  message_interval_sec: number;
  target_interval_sec: number;
  per_round_count: number;
  jitter_sec: number;
  quiet_start: string | null;
  quiet_end: string | null;
}

/** A setting of the account's override, else the tenant's, else the platform's default. */
const setting = (col: string, fallback: number) =>
  sql`coalesce(${sql.raw(`sa.${col}`)}, ${sql.raw(`st.${col}`)}, ${fallback}::int)`;

/**
 * A daily cap during the account's warm-up: on day d (0 = the day of its first login) of
 * `warmupDays`, (d + 1) / (warmupDays + 1) of the cap, at least 1; the whole cap after.
 */
function warmedUp(cap: SQL, now: number, warmupDays: number): SQL {
  if (warmupDays <= 0) return cap;
  const day = sql`floor((${now}::bigint - extract(epoch from a.first_login_at) * 1000) / 86400000)`;
  return sql`case when a.first_login_at is null or ${day} >= ${warmupDays}::int then ${cap}
    else least(${cap}, greatest(1, ceil((${cap})::numeric * (${day} + 1) / (${warmupDays}::int + 1))))::int
    end`;
}

/**
 * Pairs to claim for, oldest task first, each task's accounts in their order. `D` is the
 * platform's human pacing, for what neither the account nor the tenant has set; a new account's
 * caps grow over the platform's `warmupDays`.
 */
export async function candidates(
  tx: Tx,
  now: number,
  day: string,
  limit: number,
  D: PacingNumbers,
  warmupDays = 0,
): Promise<Candidate[]> {
  return rowsOf<Candidate>(
    await tx.execute(sql`
      select * from (
        select t.id as task_id, t.tenant_id, t.task_type, a.id as account_id,
          jsonb_array_length(t.messages) as message_count,
          ${warmedUp(
            sql`case when t.task_type = 'groups'
                     then ${setting('group_daily_cap', D.groupDailyCap)}
                     else ${setting('daily_cap', D.dailyCapPerAccount)} end`,
            now,
            warmupDays,
          )} as daily_cap,
          ${setting('message_interval_sec', D.messageIntervalSec)} as message_interval_sec,
          case when t.task_type = 'groups'
               then ${setting('group_interval_sec', D.groupIntervalSec)}
               else ${setting('fan_interval_sec', D.fanIntervalSec)} end as target_interval_sec,
          ${setting('per_round_count', D.perRoundCount)} as per_round_count,
          ${setting('jitter_sec', D.jitterSec)} as jitter_sec,
          case when sa.id is not null then sa.quiet_start else st.quiet_start end as quiet_start,
          case when sa.id is not null then sa.quiet_end else st.quiet_end end as quiet_end,
          l.key as lane_key, l.day as lane_day, l.used as lane_used, l.next_at as lane_next,
          t.created_at, u.ord
        from bulk_send_tasks t
        cross join lateral unnest(t.work_account_ids) with ordinality as u(account_id, ord)
        join work_accounts a
          on a.id = u.account_id and a.tenant_id = t.tenant_id and a.status = 'online'
          -- An account at ban risk 危险 sends nothing automated until a person resumes it.
          and a.risk <> 'danger'
        left join bulk_send_settings sa on sa.work_account_id = a.id
        left join bulk_send_settings st
          on st.tenant_id = t.tenant_id and st.work_account_id is null
        left join scheduler_lanes l
          on l.key = (case when t.task_type = 'groups' then 'massGroup:' else 'massMsg:' end)
                     || a.id::text
        where t.status = 'running'
          and (
            select 1 from bulk_send_rows r
            where r.task_id = t.id and r.work_account_id = a.id
              and r.state in ('queued', 'claimed')
              and (r.state = 'queued' or r.lease_until < ${now})
            order by r.seq
            limit 1) is not null
      ) c
      where c.lane_key is null
         or (c.lane_next <= ${now} and (c.lane_day <> ${day} or c.lane_used < c.daily_cap))
      order by c.created_at, c.task_id, c.ord
      limit ${limit}`),
  );
}

/** A row picked for a claim (locked, not yet marked). */
export interface PickedRow {
  seq: number;
  target: string;
  msg_index: number;
  was: string;
}

/**
 * Locks the next `n` claimable rows of a task and account, in order, under the account's lane
 * lock (so no other claim picks them; a row being moved to the outbox right now is waited for,
 * not skipped). The pick stops before a row another instance still holds (claimed, lease live):
 * a target's later message never overtakes its earlier one.
 */
export async function pickRows(
  tx: Tx,
  c: { taskId: string; accountId: string; now: number; n: number },
): Promise<PickedRow[]> {
  const rows = rowsOf<PickedRow & { live: boolean }>(
    await tx.execute(sql`
      select seq, target, msg_index, state as was,
             (state = 'claimed' and lease_until >= ${c.now}) as live
      from bulk_send_rows
      where task_id = ${c.taskId} and work_account_id = ${c.accountId}
        and state in ('queued', 'claimed')
      order by seq
      limit ${c.n}
      for update`),
  );
  const stop = rows.findIndex((r) => r.live);
  return (stop < 0 ? rows : rows.slice(0, stop)).map(({ live: _live, ...r }) => r);
}

/** Marks picked rows claimed by `owner` until `until`; their attempts grow by one. */
export async function markClaimed(
  tx: Tx,
  taskId: string,
  seqs: number[],
  c: { owner: string; until: number; now: number },
): Promise<{ seq: number; round: number }[]> {
  if (seqs.length === 0) return [];
  return rowsOf<{ seq: number; round: number }>(
    await tx.execute(sql`
      update bulk_send_rows
      set state = 'claimed', lease_owner = ${c.owner}, lease_until = ${c.until},
          attempts = attempts + 1, claimed_at = ${c.now}
      where task_id = ${taskId} and seq = any(${sql.param(seqs)}::int[])
      returning seq, round`),
  );
}

/** What a runner needs of a claimed row: the row, its task and its account. */
export interface RunRow {
  tenant_id: string;
  task_id: string;
  seq: number;
  round: number;
  state: string;
  lease_owner: string | null;
  target: string;
  talk_type: number;
  msg_index: number;
  task_status: string;
  task_name: string;
  messages: BulkDraft[];
  account_id: string;
  work_wxid: string;
  account_status: string;
}

/** Claimed rows of a task with its state and messages and their account (none when gone). */
export async function loadRunRows(db: DbOrTx, taskId: string, seqs: number[]): Promise<RunRow[]> {
  return rowsOf<RunRow>(
    await db.execute(sql`
      select r.tenant_id, r.task_id, r.seq, r.round, r.state, r.lease_owner, r.target,
             r.talk_type, r.msg_index, t.status as task_status, t.name as task_name, t.messages,
             a.id as account_id, a.wxid as work_wxid, case when a.risk = 'danger' then 'riskPaused' else a.status end as account_status
      from bulk_send_rows r
      join bulk_send_tasks t on t.id = r.task_id
      join work_accounts a on a.id = r.work_account_id
      where r.task_id = ${taskId} and r.seq = any(${sql.param(seqs)}::int[])
      order by r.seq`),
  );
}

/**
 * Moves claimed rows of a task to the outbox if this instance still holds them and no earlier
 * message of their target is still waiting (queued, claimed or in the outbox without an answer,
 * by anyone, other than a row moved in the same statement): the fencing of a target's order. A
 * target's rows are consecutive (`seq - msg_index` is its first), so the check reads at most
 * four rows per row. A row whose earlier message failed is `held`: failed too
 * (`bulkEarlierFailed`, nothing sent), so 失败重发 sends the target's messages again in order.
 * Returns the rows `moved`, those `held`, and those `blocked`: still ours, but an earlier message
 * of their target is not answered yet (or an instance that lost the earlier row to a lapsed lease
 * must not send the later one first). The rest are no longer ours.
 */
export async function markOutbox(
  tx: Tx,
  taskId: string,
  seqs: number[],
  owner: string,
): Promise<{ moved: number[]; blocked: number[]; held: number[] }> {
  if (seqs.length === 0) return { moved: [], blocked: [], held: [] };
  const rows = rowsOf<{ seq: number; done: boolean; held: boolean }>(
    await tx.execute(sql`
      with mine as materialized (
        select r.task_id, r.seq, r.msg_index, r.target from bulk_send_rows r
        where r.task_id = ${taskId} and r.seq = any(${sql.param(seqs)}::int[])
          and r.state = 'claimed' and r.lease_owner = ${owner}
        for update),
      free as materialized (
        select m.*, exists (
            select 1 from bulk_send_rows e
            where e.task_id = m.task_id and e.seq >= m.seq - m.msg_index and e.seq < m.seq
              and e.target = m.target and e.state in ('failed', 'undelivered')) as held
        from mine m
        where not exists (
          select 1 from bulk_send_rows e
          where e.task_id = m.task_id and e.seq >= m.seq - m.msg_index and e.seq < m.seq
            and e.target = m.target and e.state in ('queued', 'claimed', 'outbox')
            and not exists (select 1 from mine x where x.seq = e.seq))),
      moved as (
        update bulk_send_rows r
        set state = case when f.held then 'failed' else 'outbox' end,
            error_key = case when f.held then 'bulkEarlierFailed' else r.error_key end,
            lease_owner = null, lease_until = null
        from free f where r.task_id = f.task_id and r.seq = f.seq
        returning r.seq, f.held)
      select m.seq, v.seq is not null as done, coalesce(v.held, false) as held
      from mine m left join moved v on v.seq = m.seq`),
  );
  return {
    moved: rows.filter((r) => r.done && !r.held).map((r) => Number(r.seq)),
    blocked: rows.filter((r) => !r.done).map((r) => Number(r.seq)),
    held: rows.filter((r) => r.held).map((r) => Number(r.seq)),
  };
}

/** Fails a claimed row of ours (the account is gone). */
export async function failClaimed(
  db: DbOrTx,
  taskId: string,
  seq: number,
  owner: string,
  errorKey: string,
): Promise<void> {
  await db.execute(sql`
    update bulk_send_rows set state = 'failed', error_key = ${errorKey}, lease_owner = null,
      lease_until = null
    where task_id = ${taskId} and seq = ${seq} and state = 'claimed' and lease_owner = ${owner}`);
}

/** A platform answer about a row of a round: the state it moves the row to. */
export interface RowAnswer {
  taskId: string;
  seq: number;
  round: number;
  to: 'sent' | 'delivered' | 'read' | 'failed' | 'undelivered';
  at: number;
  error: string | null;
}

/** How far an answer moves a row (a later answer of the same rank wins). */
const RANK: Record<RowAnswer['to'], number> = {
  sent: 1,
  failed: 1,
  delivered: 2,
  undelivered: 2,
  read: 3,
};

/**
 * Moves rows forward on the platform's answers, all in one statement: per row the furthest
 * answer (its `sent_at` the earliest acceptance among them); a row moves only from a state before
 * it (states only move forward, so answers out of order are harmless). The tasks of rows moved.
 */
export async function advanceRows(
  db: DbOrTx,
  answers: RowAnswer[],
): Promise<{ tenant_id: string; task_id: string }[]> {
  const per = new Map<string, RowAnswer & { sentAt: number | null }>();
  for (const a of answers) {
    const k = `${a.taskId}:${a.seq}:${a.round}`;
    const had = per.get(k);
    const sentAt = a.to === 'failed' ? null : a.at;
    const firstSent =
      had?.sentAt == null ? sentAt : sentAt == null ? had.sentAt : Math.min(had.sentAt, sentAt);
    if (!had || RANK[a.to] >= RANK[had.to]) per.set(k, { ...a, sentAt: firstSent });
    else had.sentAt = firstSent;
  }
  const rows = [...per.values()];
  if (rows.length === 0) return [];
  return rowsOf<{ tenant_id: string; task_id: string }>(
    await db.execute(sql`
      with v as (
        select * from unnest(
          ${sql.param(rows.map((r) => r.taskId))}::uuid[],
          ${sql.param(rows.map((r) => r.seq))}::int[],
          ${sql.param(rows.map((r) => r.round))}::int[],
          ${sql.param(rows.map((r) => r.to))}::text[],
          ${sql.param(rows.map((r) => r.sentAt))}::bigint[],
          ${sql.param(rows.map((r) => r.error))}::text[])
          as v(task_id, seq, round, state, sent_at, error)),
      moved as (
        update bulk_send_rows r
        set state = v.state, sent_at = coalesce(r.sent_at, v.sent_at), error = v.error
        from v
        where r.task_id = v.task_id and r.seq = v.seq and r.round = v.round
          and case v.state
                when 'sent' then r.state = 'outbox'
                when 'failed' then r.state = 'outbox'
                when 'delivered' then r.state in ('outbox', 'sent')
                when 'undelivered' then r.state in ('outbox', 'sent')
                when 'read' then r.state in ('outbox', 'sent', 'delivered')
                else false end
        returning r.tenant_id, r.task_id)
      select distinct tenant_id, task_id from moved`),
  );
}

/**
 * Rows left in the outbox while their message was answered (a crash between the outbox's
 * record and this feature's): their state is read off the message. Returns the tasks touched.
 */
export async function reconcileOutbox(
  db: DbOrTx,
  before: number,
): Promise<{ tenant_id: string; task_id: string }[]> {
  return rowsOf<{ tenant_id: string; task_id: string }>(
    await db.execute(sql`
      with done as (
        select r.task_id, r.seq,
          case when m.failed and m.msg_id is null then 'failed'
               when m.failed then 'undelivered'
               when m.read_ok then 'read'
               when m.delivery_ok then 'delivered'
               else 'sent' end as state,
          m.err_message, m.msg_time
        from bulk_send_rows r
        join messages m
          on m.work_account_id = r.work_account_id
         and m.request_id = 'bs:' || r.task_id::text || ':' || r.seq::text || ':' || r.round::text
        where r.state = 'outbox' and r.claimed_at < ${before}
          and m.dispatch_state = 'done'
        limit 1000)
      update bulk_send_rows r
      set state = done.state, error = done.err_message,
          sent_at = case when done.state = 'failed' then null else done.msg_time end
      from done
      where r.task_id = done.task_id and r.seq = done.seq and r.state = 'outbox'
      returning r.tenant_id, r.task_id`),
  );
}

/** Hands claimed rows back to the queue if this instance still holds them; how many per lane. */
export async function releaseRows(
  db: DbOrTx,
  rows: { taskId: string; seq: number }[],
  owner: string,
): Promise<{ task_type: string; work_account_id: string; cost: number }[]> {
  if (rows.length === 0) return [];
  return rowsOf<{ task_type: string; work_account_id: string; cost: number }>(
    await db.execute(sql`
      with back as (
        update bulk_send_rows set state = 'queued', lease_owner = null, lease_until = null
        where (task_id, seq) in (
            select * from unnest(${sql.param(rows.map((r) => r.taskId))}::uuid[],
                                 ${sql.param(rows.map((r) => r.seq))}::int[]))
          and state = 'claimed' and lease_owner = ${owner}
        returning task_id, work_account_id, msg_index)
      select t.task_type, b.work_account_id,
             count(*) filter (where b.msg_index = 0)::int as cost
      from back b join bulk_send_tasks t on t.id = b.task_id
      group by t.task_type, b.work_account_id`),
  );
}

/** Rows of running tasks whose account is banned or gone fail with the reason. */
export async function failBanned(db: DbOrTx): Promise<ChangedTask[]> {
  return rowsOf<ChangedTask>(
    await db.execute(sql`
      with failed as (
        update bulk_send_rows r
        set state = 'failed', error_key = 'bulkAccountBanned', lease_owner = null,
            lease_until = null
        from bulk_send_tasks t, work_accounts a
        where t.id = r.task_id and t.status = 'running' and a.id = r.work_account_id
          and a.status = 'banned' and r.state = 'queued'
        returning r.task_id, r.tenant_id)
      select distinct task_id as id, tenant_id from failed`),
  );
}

/**
 * Running tasks with no row left to send or answer are closed: abnormally when an account was
 * banned (rows failed for it), completed otherwise.
 */
export async function completeFinished(db: DbOrTx, now: number): Promise<ChangedTask[]> {
  return rowsOf<ChangedTask>(
    await db.execute(sql`
      update bulk_send_tasks t
      set status = case when exists (
              select 1 from bulk_send_rows r
              where r.task_id = t.id and r.state = 'failed'
                and r.error_key = 'bulkAccountBanned')
            then 'abnormal' else 'completed' end,
          reason_key = case when exists (
              select 1 from bulk_send_rows r
              where r.task_id = t.id and r.state = 'failed'
                and r.error_key = 'bulkAccountBanned')
            then 'bulkClosedBanned' else null end,
          ended_at = ${now}, updated_at = now()
      where t.status = 'running'
        and not exists (
          select 1 from bulk_send_rows r
          where r.task_id = t.id and r.state in ('queued', 'claimed', 'outbox'))
      returning t.id, t.tenant_id`),
  );
}
