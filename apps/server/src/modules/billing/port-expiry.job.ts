import { translate } from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { periodicJob } from '../../scheduler/periodic.ts';
import { recordStatusEvents, publishStatus } from '../accounts/index.ts';
import { offlineExpiredAccounts } from './billing.repository.ts';

/** How often the expiry check runs. */
export const PORT_EXPIRY_INTERVAL_MS = 60_000;

/**
 * The expiry check, one idempotent unit of background work: every account whose port has
 * expired goes offline with the reason, and those who see it are told. The console has warned
 * the manager `warnDays` before (the wallet summary). Safe to run on any number of instances at
 * once; the scheduler runs it as a periodic job ({@link portExpiryJob}).
 */
export async function expirePortAccounts(deps: Uses<'realtime'>): Promise<number> {
  const now = new Date(deps.now());
  const rows = await deps.db.transaction(async (tx) => {
    const gone = await offlineExpiredAccounts(tx, now, translate('portExpiredOffline', 'zh-CN'));
    await recordStatusEvents(tx, gone);
    return gone;
  });
  for (const row of rows) await publishStatus(deps, row);
  return rows.length;
}

/** The expiry check as periodic work of the scheduler (once a minute across all instances). */
export const portExpiryJob = (deps: Uses<'realtime'>) =>
  periodicJob('portExpiry', PORT_EXPIRY_INTERVAL_MS, () => expirePortAccounts(deps));
