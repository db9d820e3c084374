import { loadConfig } from '../../platform/config.ts';
import { openDatabase, runMigrations } from '../../platform/db.ts';
import { backfillStatistics } from './statistics.backfill.ts';

/**
 * `npm run -w @cst/server stats:backfill [tenantId]`: rebuilds the statistics rollups from the
 * raw rows (DATA_DIR / DATABASE_URL as the server's), e.g. after changing a tenant's time zone.
 * On PGlite, stop the server first (one process owns the folder).
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  try {
    await runMigrations(database);
    const started = Date.now();
    const ids = await backfillStatistics(database.db, process.argv[2]);
    process.stdout.write(
      `Rebuilt the statistics of ${ids.length} tenant(s) in ${Date.now() - started} ms\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
