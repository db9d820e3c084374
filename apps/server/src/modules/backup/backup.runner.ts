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

/**
 * The backups of one server: one at a time, each recorded in BACKUP_DIR's history (time, size,
 * result) whatever started it, the oldest scheduled archives pruned to BACKUP_KEEP.
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
  run(trigger: BackupTrigger, out?: string): Promise<Manifest> {
    const job = (this.#running ?? Promise.resolve()).then(() => this.#take(trigger, out));
    const mine = job.finally(() => {
      if (this.#running === mine) this.#running = null;
    });
    this.#running = mine;
    return job;
  }

  async #take(trigger: BackupTrigger, out?: string): Promise<Manifest> {
    const { config, database, now } = this.deps;
    const dir = config.backup.dir;
    const started = Date.now();
    let target = out ? path.resolve(out) : path.join(dir, scheduledName(now()));
    for (let i = 1; !out && fs.existsSync(target); i++) {
      target = path.join(dir, scheduledName(now()).replace('.tar.gz', `-${i}.tar.gz`));
    }
    const file = path.dirname(target) === dir ? path.basename(target) : target;
    try {
      const manifest = await takeBackup({ config, database, now }, target);
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
   * The schedule's check, once per period: the first one only starts the clock (a new server
   * is backed up one period later), the next ones back up.
   */
  async scheduled(): Promise<void> {
    const { config, now } = this.deps;
    if (!this.available || config.backup.everyMs === null) return;
    const history = readHistory(config.backup.dir);
    if (!history) {
      await writeHistory(config.backup.dir, { since: now(), entries: [] });
      return;
    }
    await this.run('schedule');
  }

  /** What the console shows. */
  status(): BackupStatus {
    const { config, now } = this.deps;
    const history = readHistory(config.backup.dir);
    const everyMs = config.backup.everyMs;
    return {
      scheduled: this.available && everyMs !== null,
      available: this.available,
      everyMs,
      keep: config.backup.keep,
      dir: config.backup.dir,
      running: this.running,
      warning: this.available ? warningOf(history, everyMs, now()) : null,
      entries: history?.entries.slice(0, 20) ?? [],
    };
  }
}

const runners = new WeakMap<Deps, BackupRunner>();

/** The backup runner of a server. */
export function backupRunnerOf(deps: Deps): BackupRunner {
  let r = runners.get(deps);
  if (!r) runners.set(deps, (r = new BackupRunner(deps)));
  return r;
}
