// The planner as it was before it became one statement (fan-task.plan.repository.ts): the data
// pool's insert answering the new targets, the dealing in JS, the rows written 25,000 a
// statement. Kept for the bench only, to print the figures before and after in the same run.
import { sql } from 'drizzle-orm';
import type { FanTaskRowInput } from '@cst/shared';
import type { DbOrTx, Tx } from '../apps/server/src/platform/db.ts';
import { rowsOf } from '../apps/server/src/platform/db.ts';
import { isUniqueViolation } from '../apps/server/src/modules/users/users.repository.ts';

const TRIED_LOOKUP_CHUNK = 20_000;

/**
 * The pool size up to which `addToPool` compares a list with the tenant's whole pool (a hashed
 * set difference) instead of probing the pool's index once per target: so many times the list.
 */
const SET_DIFFERENCE_UP_TO = 4;

/**
 * Puts targets into the pool and answers those that were not there yet (the rest the tenant
 * already tried): the planner's lookup and insert.
 *
 * While the tenant's pool is not much larger than the list (the usual case), it is one
 * statement: the list minus the tenant's pool (`except`: both sides hashed once, no index probe
 * per target), the rest inserted in target order (neighbouring index pages) with a plain insert
 * (one unique check per new target, where `on conflict` probes the index once more for each).
 * A plan of the same tenant committing one of the targets meanwhile (PostgreSQL) makes that
 * insert fail on the key; it is rolled back to its savepoint and the list goes the probing way,
 * as it does for a pool many times the list's size.
 */
async function addToPool(
  db: DbOrTx,
  tenantId: string,
  taskId: string,
  targets: string[],
  now: number,
): Promise<Set<string>> {
  if (targets.length === 0) return new Set();
  const cap = targets.length * SET_DIFFERENCE_UP_TO;
  const [size] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from (
        select 1 from fan_pool where tenant_id = ${tenantId} limit ${cap}) x`),
  );
  if (Number(size?.n ?? 0) < cap) {
    try {
      const rows = await db.transaction(async (sp) =>
        rowsOf<{ target: string }>(
          await sp.execute(sql`
            insert into fan_pool (tenant_id, target, last_task_id, first_at, last_at)
            select ${tenantId}, x.t, ${taskId}, ${now}, ${now}
            from (select t from unnest(${sql.param(targets)}::text[]) as t
                  except
                  select target from fan_pool where tenant_id = ${tenantId}) as x
            order by x.t
            returning target`),
        ),
      );
      return new Set(rows.map((r) => r.target));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  return addToPoolProbing(db, tenantId, taskId, targets, now);
}

/** `addToPool` by an index probe per target (`on conflict`), in chunks, in target order (also the bench's before). */
async function addToPoolProbing(
  db: DbOrTx,
  tenantId: string,
  taskId: string,
  targets: string[],
  now: number,
): Promise<Set<string>> {
  const sorted = [...targets].sort();
  const fresh = new Set<string>();
  for (let i = 0; i < sorted.length; i += TRIED_LOOKUP_CHUNK) {
    const part = sorted.slice(i, i + TRIED_LOOKUP_CHUNK);
    const rows = rowsOf<{ target: string }>(
      await db.execute(sql`
        insert into fan_pool (tenant_id, target, last_task_id, first_at, last_at)
        select ${tenantId}, t, ${taskId}, ${now}, ${now} from unnest(${sql.param(part)}::text[]) as t
        on conflict (tenant_id, target) do nothing
        returning target`),
    );
    for (const r of rows) fresh.add(r.target);
  }
  return fresh;
}

/** One planned row, as `planRows` stores it. */
interface PlannedRow {
  seq: number;
  workAccountId: string;
  target: string;
  greeting: string | null;
  remark: string | null;
  tagIds: string[] | null;
  skipKey: 'fanAlreadyTried' | 'fanDuplicateTarget' | null;
}

/**
 * Stores a task's planned rows, a chunk per statement: each column travels as one array
 * parameter expanded by `unnest`, so 100,000 rows are a handful of round trips. (A row's tags
 * travel comma-joined: `unnest` would flatten an array of arrays.)
 */
async function insertRows(
  tx: Tx,
  tenantId: string,
  taskId: string,
  rows: PlannedRow[],
  chunk = 25_000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const col = <T>(f: (r: PlannedRow) => T) => sql.param(part.map(f));
    await tx.execute(sql`
      insert into fan_task_rows
        (tenant_id, task_id, seq, work_account_id, target, greeting, remark, tag_ids, state, reason_key)
      select ${tenantId}, ${taskId}, s, a, t, g, r, string_to_array(l, ',')::uuid[],
             case when k is null then 'queued' else 'skipped' end, k
      from unnest(
        ${col((r) => r.seq)}::int[], ${col((r) => r.workAccountId)}::uuid[],
        ${col((r) => r.target)}::text[], ${col((r) => r.greeting)}::text[],
        ${col((r) => r.remark)}::text[], ${col((r) => (r.tagIds ? r.tagIds.join(',') : null))}::text[],
        ${col((r) => r.skipKey)}::text[]
      ) as x(s, a, t, g, r, l, k)`);
  }
}

/**
 * Plans a task's rows before anything is sent: a target seen earlier in the list is skipped as a
 * duplicate, one the tenant already tried (the data pool) as tried; the rows to send are dealt
 * to the accounts in turn, so each account gets an equal share (±1) in list order. Skipped rows
 * are dealt the same way on their own count (they are never sent).
 */
function planRows(
  rows: FanTaskRowInput[],
  accountIds: string[],
  tried: (target: string) => boolean,
): PlannedRow[] {
  const seen = new Set<string>();
  const out: PlannedRow[] = new Array<PlannedRow>(rows.length);
  const n = accountIds.length;
  let sending = 0;
  let skipped = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    let skipKey: PlannedRow['skipKey'] = null;
    if (seen.has(r.target)) skipKey = 'fanDuplicateTarget';
    else if (tried(r.target)) skipKey = 'fanAlreadyTried';
    seen.add(r.target);
    const turn = skipKey ? skipped++ : sending++;
    out[i] = {
      seq: i + 1,
      workAccountId: accountIds[turn % n]!,
      target: r.target,
      greeting: r.greeting || null,
      remark: r.remark || null,
      tagIds: r.tagIds && r.tagIds.length > 0 ? r.tagIds : null,
      skipKey,
    };
  }
  return out;
}

/** The old planning of a task inside `tx` (the bench's "before"). */
export async function planBefore(
  tx: Tx,
  tenantId: string,
  taskId: string,
  rows: FanTaskRowInput[],
  accountIds: string[],
  now: number,
): Promise<void> {
  const targets = [...new Set(rows.map((r) => r.target))];
  const fresh = await addToPool(tx, tenantId, taskId, targets, now);
  const planned = planRows(rows, accountIds, (t) => !fresh.has(t));
  await insertRows(tx, tenantId, taskId, planned);
}
