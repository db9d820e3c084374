import type { Deps } from '../../platform/deps.ts';
import { deleteEndedLimits } from '../../platform/rate-limit.ts';
import { periodicJob } from '../../scheduler/periodic.ts';
import { deleteExpiredCaptchas, deleteLoginRecordsBefore } from './auth.repository.ts';
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
  const expiredCaptchas = await deleteExpiredCaptchas(db, new Date(now));
  const codes = await deleteExpiredCodes(db, new Date(now - CODE_KEEP_MS));
  const limits = await deleteEndedLimits(db, now);
  const cutoff = new Date(now - deps.config.loginRecordRetentionMs);
  let records = 0;
  // In batches: the first run after a long time (or a shorter retention) may have many to drop.
  for (;;) {
    const gone = await deleteLoginRecordsBefore(db, cutoff, RECORD_BATCH);
    records += gone;
    if (gone < RECORD_BATCH) break;
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
