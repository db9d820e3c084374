import { lt, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema/index.ts';
import type { DbOrTx } from './db.ts';
import { AppError } from './errors.ts';

/** A limit: at most `max` hits in a fixed window of `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Counts one hit against `key` in the database (one statement, so parallel requests on any
 * instance count exactly) and returns whether it is within the limit and when the window ends.
 * A window starts at the first hit after the previous one ended.
 */
export async function hitLimit(
  db: DbOrTx,
  key: string,
  limit: Limit,
  now: number,
): Promise<{ allowed: boolean; count: number; resetAt: number }> {
  const at = new Date(now);
  const reset = new Date(now + limit.windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: reset })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${at} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${at} then ${reset} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const row = rows[0]!;
  return { allowed: row.count <= limit.max, count: row.count, resetAt: row.resetAt.getTime() };
}

/**
 * Counts a hit on every key (each with its limit) and throws 429 with the longest wait when any
 * is over. All keys are counted even when one is over, so a caller over one limit still uses up
 * the others.
 */
export async function enforceLimits(
  db: DbOrTx,
  hits: { key: string; limit: Limit }[],
  now: number,
): Promise<void> {
  let waitMs = 0;
  for (const h of hits) {
    const r = await hitLimit(db, h.key, h.limit, now);
    if (!r.allowed) waitMs = Math.max(waitMs, r.resetAt - now);
  }
  if (waitMs > 0) throw tooManyWait(waitMs);
}

/** 429 whose message says how long to wait (seconds under a minute, else whole minutes). */
export function tooManyWait(waitMs: number, kind: 'request' | 'login' = 'request'): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const data = { retryAfter: seconds };
  if (seconds < 60) {
    return new AppError(
      'tooMany',
      kind === 'login' ? 'loginBackoffSeconds' : 'tooManySeconds',
      { seconds },
      data,
    );
  }
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'tooMany',
    kind === 'login' ? 'loginBackoffMinutes' : 'tooManyMinutes',
    { minutes },
    data,
  );
}

/** Deletes counters whose window has ended (the clean-up job). */
export async function deleteEndedLimits(db: DbOrTx, now: number): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, new Date(now)))
    .returning({ key: rateLimits.key });
  return rows.length;
}
