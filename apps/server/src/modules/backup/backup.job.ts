import type { Uses } from '../../platform/deps.ts';
import { periodicJob } from '../../scheduler/periodic.ts';
import type { Claimed, JobKind } from '../../scheduler/scheduler.ts';
import { claimRun, releaseRuns, type BackupRun } from './backup-runs.repository.ts';
import { BACKUP_JOB } from './backup.runner.ts';

/** How often the schedule checks when backups are off (it then does nothing). */
const IDLE_EVERY_MS = 86_400_000;

/**
 * The schedule of backups (BACKUP_EVERY, default daily) as a periodic job of the one scheduler:
 * one claimed slot per period across instances asks for a run keyed by the slot; a period missed
 * while no server ran is not repeated.
 */
export function backupScheduleJob(deps: Uses<'backupRunner'>) {
  return periodicJob('backup', deps.config.backup.everyMs ?? IDLE_EVERY_MS, (_, at) =>
    deps.backupRunner.scheduled(at),
  );
}

/**
 * The runs asked for (`backup_runs`: the schedule's, the console's button), one at a time on
 * the `backup` lane: claimed with `FOR UPDATE SKIP LOCKED` and leased; a run whose holder died
 * (kill -9) is claimed again once its lease lapses and finds its archive if it was complete.
 */
export function backupRunJob(deps: Uses<'backupRunner'>): JobKind<BackupRun> {
  return {
    name: BACKUP_JOB,
    async claim(scope): Promise<Claimed<BackupRun>[]> {
      const run = await claimRun(scope.tx, scope.owner, scope.now, scope.leaseUntil(scope.now));
      return run ? [{ lane: BACKUP_JOB, key: run.key, at: scope.now, data: run }] : [];
    },
    async run(item, ctx) {
      await deps.backupRunner.runClaimed(item.data, ctx.owner, ctx.options.leaseMs);
    },
    async release(items, ctx) {
      await releaseRuns(
        ctx.deps.db,
        items.map((i) => i.data.id),
        ctx.owner,
      );
    },
  };
}
