// `npm run db:move -- --to postgres://…`: the embedded database of DATA_DIR copied into an empty
// PostgreSQL database, with the server stopped (docs/operations.md).
import { loadConfig } from '../../platform/config.ts';
import { openPglite } from '../../platform/db.ts';
import { BackupError } from './backup-archive.ts';
import { askServer } from './backup-control.ts';
import { moveToPostgres } from './db-move.repository.ts';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const i = args.indexOf('--to');
  const url = i >= 0 ? args[i + 1] : args.find((a) => a.startsWith('--to='))?.slice(5);
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    throw new BackupError('usage: npm run db:move -- --to postgres://user:password@host/database');
  }
  const config = loadConfig({ ...process.env, DATABASE_URL: '' });
  if (await askServer(config.dataDir, { op: 'status' }).catch(() => null)) {
    throw new BackupError('a server is running on this DATA_DIR: stop it first');
  }
  const source = await openPglite(config.dataDir);
  try {
    process.stdout.write(`Moving ${config.dataDir}/pg into ${new URL(url).pathname.slice(1)}…\n`);
    const counts = await moveToPostgres(source, url, (line) => process.stdout.write(`${line}\n`));
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    process.stdout.write(
      `Moved ${rows} rows in ${Object.keys(counts).length} tables; the counts match.\n` +
        `Start the console with DATABASE_URL=${url.replace(/:[^:@/]*@/, ':***@')} (keep DATA_DIR ` +
        'for the stored files, and the same WA_AUTH_KEY).\n',
    );
  } finally {
    await source.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`Move failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
