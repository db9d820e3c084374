import type { Deps } from '../../platform/deps.ts';
import { periodicJob } from '../../scheduler/periodic.ts';
import { backupRunnerOf } from './backup.runner.ts';

/** How often the schedule checks when backups are off (it then does nothing). */
const IDLE_EVERY_MS = 86_400_000;

/**
 * Scheduled backups (BACKUP_EVERY, default daily) as a periodic job of the one scheduler: one
 * claimed slot per period across instances; a period missed while no server ran is not repeated.
 */
export function backupJob(deps: Deps) {
  return periodicJob('backup', deps.config.backup.everyMs ?? IDLE_EVERY_MS, (d) =>
    backupRunnerOf(d).scheduled(),
  );
}
