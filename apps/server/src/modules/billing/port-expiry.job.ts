import { translate } from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { publishStatus } from '../accounts/account-push.ts';
import { offlineExpiredAccounts } from './billing.repository.ts';

/** How often the expiry check runs. */
export const PORT_EXPIRY_INTERVAL_MS = 60_000;

/**
 * The expiry check, one idempotent unit of background work: every account whose port has
 * expired goes offline with the reason, and those who see it are told. The console has warned
 * the manager `warnDays` before (the wallet summary). Safe to run on any number of instances at
 * once; meant to move onto the product's scheduler as one job.
 */
export async function expirePortAccounts(deps: Deps): Promise<number> {
  const now = new Date(deps.now());
  const rows = await offlineExpiredAccounts(deps.db, now, translate('portExpiredOffline', 'zh-CN'));
  for (const row of rows) await publishStatus(deps, row);
  return rows.length;
}

/**
 * Runs {@link expirePortAccounts} now and then every `intervalMs` on a plain timer until the
 * returned stop function is called (which waits for a run in progress).
 */
export function startPortExpiry(
  deps: Deps,
  intervalMs = PORT_EXPIRY_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = expirePortAccounts(deps).catch((err: unknown) =>
      deps.log.warn({ err }, 'port expiry check failed'),
    );
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
