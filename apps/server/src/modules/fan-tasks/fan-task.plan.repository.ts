import { sql, type SQL } from 'drizzle-orm';
import type { FanTaskRowInput } from '@cst/shared';
import type { Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';
import { isUniqueViolation } from '../users/index.ts';

/** What a plan is made of: the task, its list in order and the accounts to deal it to. */
export interface PlanInput {
  tenantId: string;
  taskId: string;
  rows: FanTaskRowInput[];
  accountIds: string[];
  /** Send targets the tenant already tried (the data pool) instead of skipping them. */
  includeTried: boolean;
  now: number;
}

/** A stored plan's counts. */
export interface PlanCounts {
  total: number;
  skipped: number;
}

/**
 * The pool size up to which the plan compares a list with the tenant's whole pool (a hashed set
 * difference) instead of probing the pool's index once per target: so many times the list.
 */
const SET_DIFFERENCE_UP_TO = 4;

/**
 * Plans a task and stores it (issue 14 §3): one statement puts the list's targets into the data
 * pool and writes a row per entry of the list, in list order (`seq`). A target seen earlier in
 * the list is skipped as a duplicate; one the pool already held (the tenant tried it) is skipped
 * as tried unless `includeTried`. The rows to send are dealt to the accounts in turn, so each
 * gets an equal share (±1) in list order; skipped rows are dealt the same way on their own count.
 *
 * The list travels once, each column one array parameter, and nothing comes back but the count
 * of skipped rows: the pool insert's new targets feed the rows' insert inside the statement.
 * Duplicates are found here (a hash set), so the database sorts nothing but the dealing's order.
 *
 * While the tenant's pool is not much larger than the list (the usual case) the new targets are
 * the list minus the pool (`except`: both sides hashed once) with a plain insert; a plan of the
 * same tenant committing one of them meanwhile (PostgreSQL) fails that insert on the key, so it
 * runs under a savepoint and then goes the probing way (`on conflict do nothing`, in target
 * order), as it does for a pool many times the list.
 */
export async function storePlan(tx: Tx, plan: PlanInput): Promise<PlanCounts> {
  // The list, the new targets and the dealing's sort fit in memory instead of spilling to temp
  // files (the default 4 MB holds about 20,000 entries); for this transaction only.
  await tx.execute(sql`set local work_mem = '64MB'`);
  const cap = plan.rows.length * SET_DIFFERENCE_UP_TO;
  const [size] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from (
        select 1 from fan_pool where tenant_id = ${plan.tenantId} limit ${cap}) x`),
  );
  let skipped: number | null = null;
  if (Number(size?.n ?? 0) < cap) {
    try {
      skipped = await tx.transaction((sp) => planStatement(sp, plan, 'difference'));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  skipped ??= await planStatement(tx, plan, 'probe');
  return { total: plan.rows.length, skipped };
}

/** Places (1-based) of the entries whose target came earlier in the list. */
function duplicatePlaces(rows: FanTaskRowInput[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const t = rows[i]!.target;
    if (seen.has(t)) out.push(i + 1);
    else seen.add(t);
  }
  return out;
}

/**
 * The list as rows `(t, g, r, tg, s)`: target, greeting, remark, tags (comma-joined: `unnest`
 * would flatten an array of arrays) and place. A column no entry fills travels as nothing.
 */
function listSql(rows: FanTaskRowInput[]): SQL {
  const greetings = rows.some((r) => r.greeting);
  const remarks = rows.some((r) => r.remark);
  const tags = rows.some((r) => r.tagIds && r.tagIds.length > 0);
  const targets = sql`${sql.param(rows.map((r) => r.target))}::text[]`;
  if (!greetings && !remarks && !tags) {
    return sql`select t, null::text as g, null::text as r, null::text as tg, s::int as s
      from unnest(${targets}) with ordinality as x(t, s)`;
  }
  const col = (f: (r: FanTaskRowInput) => string | null) =>
    sql`${sql.param(rows.map((r) => f(r) || null))}::text[]`;
  return sql`select t, g, r, tg, s::int as s
    from unnest(${targets}, ${col((r) => r.greeting ?? null)}, ${col((r) => r.remark ?? null)},
                ${col((r) => (r.tagIds ? r.tagIds.join(',') : null))})
      with ordinality as x(t, g, r, tg, s)`;
}

/** The plan's one statement; answers the number of skipped rows. */
async function planStatement(
  tx: Tx,
  plan: PlanInput,
  pool: 'difference' | 'probe',
): Promise<number> {
  const { tenantId, taskId, now } = plan;
  const fresh =
    pool === 'difference'
      ? sql`insert into fan_pool (tenant_id, target, last_task_id, first_at, last_at)
          select ${tenantId}, x.t, ${taskId}, ${now}, ${now}
          from (select t from list except select target from fan_pool where tenant_id = ${tenantId}) x
          returning target`
      : sql`insert into fan_pool (tenant_id, target, last_task_id, first_at, last_at)
          select ${tenantId}, x.t, ${taskId}, ${now}, ${now} from list x order by x.t
          on conflict (tenant_id, target) do nothing
          returning target`;
  const tried = plan.includeTried ? sql`false` : sql`f.target is null`;
  const [out] = rowsOf<{ skipped: number }>(
    await tx.execute(sql`
      with list as (${listSql(plan.rows)}),
      fresh as (${fresh}),
      marked as (
        select x.*, case when d.s is not null then 'fanDuplicateTarget'
                         when ${tried} then 'fanAlreadyTried' end as k
        from list x
        left join unnest(${sql.param(duplicatePlaces(plan.rows))}::int[]) as d(s) on d.s = x.s
        left join fresh f on f.target = x.t
      ),
      dealt as (
        select m.*, (row_number() over (partition by m.k is null order by m.s) - 1)::int as turn
        from marked m
      ),
      stored as (
        insert into fan_task_rows
          (tenant_id, task_id, seq, work_account_id, target, greeting, remark, tag_ids, state,
           reason_key)
        select ${tenantId}, ${taskId}, s,
               (${sql.param(plan.accountIds)}::uuid[])[turn % ${plan.accountIds.length} + 1],
               t, g, r, string_to_array(tg, ',')::uuid[],
               case when k is null then 'queued' else 'skipped' end, k
        from dealt
        returning reason_key
      )
      select count(*)::int as skipped from stored where reason_key is not null`),
  );
  return Number(out?.skipped ?? 0);
}
