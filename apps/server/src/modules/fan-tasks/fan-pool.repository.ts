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
