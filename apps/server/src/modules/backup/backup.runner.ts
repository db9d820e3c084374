import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BackupStatus, BackupTrigger } from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import type { Manifest } from './backup-archive.ts';
import {
  pruneBackups,
  readHistory,
  recordBackup,
  scheduledName,
  warningOf,
  writeHistory,
} from './backup-history.ts';
import { takeBackup } from './backup.service.ts';
import { Scheduler } from '../../scheduler/scheduler.ts';
import {
  activeRun,
  enqueueRun,
  finishRun,
  renewLease,
  type BackupRun,
} from './backup-runs.repository.ts';

/** The scheduler's job kind (and lane) of backups. */
export const BACKUP_JOB = 'backup';

/**
 * The backups of one server: one at a time, each recorded in BACKUP_DIR's history (time, size,
 * result) whatever started it, the oldest scheduled archives pruned to BACKUP_KEEP. Scheduled
 * backups and the console's button ask for a run (`backup_runs`) that the scheduler claims and
 * runs ({@link runClaimed}); `npm run backup` against a running server is taken at once
 * ({@link run}), the command waiting for it.
 */
export class BackupRunner {
  #running: Promise<unknown> | null = null;

  constructor(private readonly deps: Deps) {}

  /** Whether this server can take a backup itself: the embedded database in a folder. */
  get available(): boolean {
    return this.deps.database.kind === 'pglite' && !!this.deps.database.folder;
  }

  get running(): boolean {
    return this.#running !== null;
  }

  /**
   * Takes a backup to `out` (by default a new scheduled archive in BACKUP_DIR) and records it;
   * resolves with the manifest, rejects with the failure (recorded too).
   */
  run(
    trigger: BackupTrigger,
    out?: string,
    copyObjects?: boolean,
    run?: Pick<BackupRun, 'key' | 'file'>,
  ): Promise<Manifest> {
    const job = (this.#running ?? Promise.resolve()).then(() =>
      this.#take(trigger, out, copyObjects, run),
    );
    const mine = job.finally(() => {
      if (this.#running === mine) this.#running = null;
    });
    this.#running = mine;
    return job;
  }

  async #take(
    trigger: BackupTrigger,
    out?: string,
    copyObjects?: boolean,
    run?: Pick<BackupRun, 'key' | 'file'>,
  ): Promise<Manifest> {
    const { config, database, now } = this.deps;
    const dir = config.backup.dir;
    const started = Date.now();
    let target = out ? path.resolve(out) : path.join(dir, run ? run.file : scheduledName(now()));
    for (let i = 1; !out && !run && fs.existsSync(target); i++) {
      target = path.join(dir, scheduledName(now()).replace('.tar.gz', `-${i}.tar.gz`));
    }
    const file = path.dirname(target) === dir ? path.basename(target) : target;
    try {
      const manifest = await takeBackup({ config, database, now }, target, {
        copyObjects: copyObjects ?? config.backup.copyObjects,
        run: run?.key,
      });
      await recordBackup(
        dir,
        {
          at: now(),
          file,
          size: fs.statSync(target).size,
          ok: true,
          error: null,
          trigger,
          ms: Date.now() - started,
        },
        now(),
      );
      if (!out) await pruneBackups(dir, config.backup.keep);
      this.deps.log.info({ file, trigger }, 'backup taken');
      return manifest;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await recordBackup(
        dir,
        { at: now(), file, size: 0, ok: false, error, trigger, ms: Date.now() - started },
        now(),
      ).catch(() => undefined);
      this.deps.log.error({ err, file, trigger }, 'backup failed');
      throw err;
    }
  }

  /**
   * The schedule's check, once per period (its slot `at`): the first one only starts the clock
   * (a new server is backed up one period later), the next ones ask for a run, keyed by the slot.
   */
  async scheduled(at: number): Promise<void> {
    const { config, now } = this.deps;
    if (!this.available || config.backup.everyMs === null) return;
    const history = readHistory(config.backup.dir);
    if (!history) {
      await writeHistory(config.backup.dir, { since: now(), entries: [] });
      return;
    }
    await this.#ask({ key: `schedule:${at}`, trigger: 'schedule' }, false);
  }

  /**
   * The console's button: asks for a run now, unless one is queued or under way (false then).
   */
  async request(): Promise<boolean> {
    return this.#ask({ key: `console:${randomUUID()}`, trigger: 'console' }, true);
  }

  async #ask(run: { key: string; trigger: BackupRun['trigger'] }, onlyIfIdle: boolean) {
    const { config, db, now } = this.deps;
    const asked = await enqueueRun(
      db,
      { ...run, name: scheduledName(now()), dir: config.backup.dir, now: now() },
      onlyIfIdle,
    );
    if (asked) await Scheduler.wake(this.deps, BACKUP_JOB);
    return asked !== null;
  }

  /**
   * Takes a run the scheduler claimed, its lease moved on while the archive is written. A run
   * claimed again after its holder died finds its archive complete under its final name (the
   * holder died after the rename) and only records it: a backup is never taken twice, nor lost.
   */
  async runClaimed(run: BackupRun, owner: string, leaseMs: number): Promise<void> {
    const { config, db, now } = this.deps;
    const target = path.join(config.backup.dir, run.file);
    const renew = setInterval(
      () => void renewLease(db, run.id, owner, now() + leaseMs).catch(() => undefined),
      Math.max(1000, Math.floor(leaseMs / 3)),
    );
    renew.unref();
    try {
      await renewLease(db, run.id, owner, now() + leaseMs);
      if (fs.existsSync(target)) {
        const history = readHistory(config.backup.dir);
        if (!history?.entries.some((e) => e.file === run.file && e.ok)) {
          await recordBackup(
            config.backup.dir,
            {
              at: now(),
              file: run.file,
              size: fs.statSync(target).size,
              ok: true,
              error: null,
              trigger: run.trigger,
              ms: 0,
            },
            now(),
          );
        }
        await finishRun(db, run.id, owner, { ok: true, error: null, at: now() });
        return;
      }
      try {
        await this.run(run.trigger, undefined, undefined, run);
        await finishRun(db, run.id, owner, { ok: true, error: null, at: now() });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await finishRun(db, run.id, owner, { ok: false, error, at: now() });
      }
    } finally {
      clearInterval(renew);
    }
  }

  /** What the console shows. */
  async status(): Promise<BackupStatus> {
    const { config, now } = this.deps;
    const busy = this.running || (this.available && (await activeRun(this.deps.db)) !== null);
    const history = readHistory(config.backup.dir);
    const everyMs = config.backup.everyMs;
    return {
      scheduled: this.available && everyMs !== null,
      available: this.available,
      everyMs,
      keep: config.backup.keep,
      dir: config.backup.dir,
      running: busy,
      warning: this.available ? warningOf(history, everyMs, now()) : null,
      entries: history?.entries.slice(0, 20) ?? [],
    };
  }
}

declare module '../../platform/deps.ts' {
  interface Services {
    /** The backup runner of a server. */
    backupRunner: BackupRunner;
  }
}
