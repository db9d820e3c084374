import { sql } from 'drizzle-orm';
import type { FriendRequestStatus } from '@cst/shared';
import type { DbOrTx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';

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
 * Puts targets into the pool and answers those that were not there yet (the rest the tenant
 * already tried): the planner's lookup and insert in one statement per chunk.
 */
export async function addToPool(
  db: DbOrTx,
  tenantId: string,
  taskId: string,
  targets: string[],
  now: number,
): Promise<Set<string>> {
  const fresh = new Set<string>();
  for (let i = 0; i < targets.length; i += TRIED_LOOKUP_CHUNK) {
    const part = targets.slice(i, i + TRIED_LOOKUP_CHUNK);
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
