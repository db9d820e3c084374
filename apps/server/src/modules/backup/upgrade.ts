import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../platform/config.ts';
import { MIGRATIONS_DIR, runMigrations, type Database } from '../../platform/db.ts';
import {
  codeMigrations,
  migrationState,
  newerDatabaseMessage,
} from '../../platform/migration-state.ts';
import { recordBackup, scheduledName } from './backup-history.ts';
import { takeBackup } from './backup.service.ts';

/** A database that a newer version migrated: this code refuses to start on it. */
export class NewerDatabaseError extends Error {}

/**
 * Migrates the database, safely: a database newer than the code stops the start with a clear
 * message; on the embedded database with migrations to apply, a backup is taken first into
 * BACKUP_DIR (`cst-pre-upgrade-…`, never pruned); the migrations then run in one transaction
 * (drizzle's migrator), so one that fails leaves the database as it was.
 */
export async function upgradeSafely(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'storage' | 's3' | 'backup'>,
  database: Database,
  now: () => number,
  folder = MIGRATIONS_DIR,
): Promise<void> {
  const code = codeMigrations(folder);
  const state = await migrationState(database, code);
  if (state.newer) throw new NewerDatabaseError(newerDatabaseMessage(state, code));
  if (state.pending.length > 0 && state.applied > 0 && database.folder) {
    const name = scheduledName(now()).replace(
      'cst-backup-',
      `cst-pre-upgrade-${state.lastTag ?? state.applied}-`,
    );
    const out = path.join(config.backup.dir, name);
    const started = Date.now();
    await takeBackup({ config, database, now }, out, { copyObjects: config.backup.copyObjects });
    await recordBackup(
      config.backup.dir,
      {
        at: now(),
        file: name,
        size: fs.statSync(out).size,
        ok: true,
        error: null,
        trigger: 'upgrade',
        ms: Date.now() - started,
      },
      now(),
    );
  }
  await runMigrations(database, folder);
}
