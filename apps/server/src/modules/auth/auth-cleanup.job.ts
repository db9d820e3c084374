import { inArray, lt } from 'drizzle-orm';
import { captchas, loginRecords } from '../../db/schema/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { deleteEndedLimits } from '../../platform/rate-limit.ts';
import { periodicJob } from '../../scheduler/periodic.ts';
import { deleteExpiredCodes } from './verify-code.repository.ts';

/** How often the sign-in clean-up runs. */
export const AUTH_CLEANUP_INTERVAL_MS = 3600_000;

/**
 * Verification codes are kept a day past their expiry: the codes of the last day are the
 * per-target daily count of sends.
 */
const CODE_KEEP_MS = 86400_000;
const RECORD_BATCH = 5000;

/**
 * Deletes what sign-in no longer needs: expired captchas, verification codes a day past expiry,
 * rate-limit counters whose window ended, and login records older than the retention
 * (LOGIN_RECORD_RETENTION_DAYS). Idempotent; safe on any number of instances.
 */
export async function cleanUpSignIn(deps: Deps) {
  const now = deps.now();
  const db = deps.db;
  const expiredCaptchas = await db
    .delete(captchas)
    .where(lt(captchas.expiresAt, new Date(now)))
    .returning({ id: captchas.id });
  const codes = await deleteExpiredCodes(db, new Date(now - CODE_KEEP_MS));
  const limits = await deleteEndedLimits(db, now);
  const cutoff = new Date(now - deps.config.loginRecordRetentionMs);
  let records = 0;
  // In batches: the first run after a long time (or a shorter retention) may have many to drop.
  for (;;) {
    const batch = db
      .select({ id: loginRecords.id })
      .from(loginRecords)
      .where(lt(loginRecords.createdAt, cutoff))
      .limit(RECORD_BATCH);
    const gone = await db
      .delete(loginRecords)
      .where(inArray(loginRecords.id, batch))
      .returning({ id: loginRecords.id });
    records += gone.length;
    if (gone.length < RECORD_BATCH) break;
  }
  const counts = { captchas: expiredCaptchas.length, codes, limits, loginRecords: records };
  if (counts.captchas + codes + limits + records > 0) {
    deps.log.info(counts, 'sign-in clean-up');
  }
  return counts;
}

/** The clean-up as periodic work of the scheduler (hourly, on one instance). */
export const authCleanupJob = () =>
  periodicJob('authCleanup', AUTH_CLEANUP_INTERVAL_MS, cleanUpSignIn);
