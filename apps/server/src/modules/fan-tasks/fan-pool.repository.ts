import { sql } from 'drizzle-orm';
import type { FriendRequestStatus } from '@cst/shared';
import type { DbOrTx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';
import { isUniqueViolation } from '../users/users.repository.ts';

// The data pool (issue 14 §3): every target a tenant put into a friend-adding task, with its
// latest outcome. Later tasks skip what is here unless they ask to include it.

/** A target the tenant already tried, with its latest outcome. */
export interface TriedTarget {
  target: string;
  /** SPEC §4 status of the latest outcome; null while its row waits to be sent. */
  lastStatus: FriendRequestStatus | null;
  lastReason: string;
  lastAt: number;
}

/** Most targets one `triedTargets` call looks up (callers chunk longer lists). */
export const TRIED_LOOKUP_CHUNK = 20_000;

/**
 * Which of `targets` the tenant already tried (for the import check's "already tried" and the
 * planner's skip). Looks them up in chunks; the answer is keyed by target.
 */
export async function triedTargets(
  db: DbOrTx,
  tenantId: string,
  targets: string[],
): Promise<Map<string, TriedTarget>> {
  const out = new Map<string, TriedTarget>();
  for (let i = 0; i < targets.length; i += TRIED_LOOKUP_CHUNK) {
    const part = targets.slice(i, i + TRIED_LOOKUP_CHUNK);
    const rows = rowsOf<{
      target: string;
      last_status: number | null;
      last_reason: string;
      last_at: string | number;
    }>(
      await db.execute(sql`
        select target, last_status, last_reason, last_at from fan_pool
        where tenant_id = ${tenantId} and target = any(${sql.param(part)}::text[])`),
    );
    for (const r of rows) {
      out.set(r.target, {
        target: r.target,
        lastStatus: r.last_status as FriendRequestStatus | null,
        lastReason: r.last_reason,
        lastAt: Number(r.last_at),
      });
    }
  }
  return out;
}

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
export async function addToPool(
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
export async function addToPoolProbing(
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
