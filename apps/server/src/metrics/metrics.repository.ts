import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../platform/db.ts';

/**
 * Figures of the whole installation for GET /metrics. These read across tenants on purpose: an
 * operator's view of the work waiting, never shown to a tenant.
 */

/** Console sends waiting for their account's holder, and the time of the oldest (ms). */
export async function outboxBacklog(db: Db): Promise<{ count: number; oldestAt: number | null }> {
  const r = await db.execute(
    sql`select count(*) as n, min(msg_time) as oldest from messages
        where dispatch_state in ('pending', 'dispatching')`,
  );
  const row = rowsOf<{ n: number | string; oldest: number | string | null }>(r)[0];
  return {
    count: Number(row?.n ?? 0),
    oldestAt: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest),
  };
}

/** Bulk friend requests not yet made (queued or leased) of tasks that run. */
export async function fanBacklog(db: Db): Promise<number> {
  const r = await db.execute(
    sql`select count(*) as n from fan_task_rows r join fan_tasks t on t.id = r.task_id
        where r.state in ('queued', 'claimed') and t.status = 'running'`,
  );
  return Number(rowsOf<{ n: number | string }>(r)[0]?.n ?? 0);
}
