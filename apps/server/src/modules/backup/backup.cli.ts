// `npm run backup -- --out FILE`: one archive of the database and the stored files, taken from
// the running server when there is one (docs/operations.md).
import path from 'node:path';
import { loadConfig } from '../../platform/config.ts';
import { openPglite, openPostgres } from '../../platform/db.ts';
import { BackupError, type Manifest } from './backup-archive.ts';
import { askServer } from './backup-control.ts';
import { takeBackup } from './backup.service.ts';

function argOf(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const out = argOf(args, '--out');
  if (!out) throw new BackupError('usage: npm run backup -- --out FILE.tar.gz [--copy-objects]');
  const target = path.resolve(out);
  const config = loadConfig(process.env);
  // With STORAGE=s3: the bucket's objects copied into the archive, not only listed.
  const copyObjects = args.includes('--copy-objects') || !!config.backup.copyObjects;
  const options = { copyObjects };
  let manifest: Manifest;
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, 2);
    try {
      manifest = await takeBackup({ config, database, now: Date.now }, target, options);
    } finally {
      await database.close();
    }
  } else {
    const reply = await askServer(config.dataDir, { op: 'backup', out: target, copyObjects });
    if (reply && !reply.ok) throw new BackupError(reply.error);
    if (reply?.ok) {
      manifest = reply.result as Manifest;
      process.stdout.write('Taken by the running server.\n');
    } else {
      // No server runs on this folder: the command opens it itself.
      const database = await openPglite(config.dataDir);
      try {
        manifest = await takeBackup({ config, database, now: Date.now }, target, options);
      } finally {
        await database.close();
      }
    }
  }
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
  process.stdout.write(
    `Backup written: ${target}\n` +
      `  version ${manifest.version}, migration ${manifest.database.lastMigration?.tag ?? '-'}\n` +
      `  ${rows} rows in ${Object.keys(manifest.database.tables).length} tables, ` +
      `${manifest.storage.files} stored files\n` +
      (manifest.storage.kind === 's3' && manifest.storage.objects === 'copied'
        ? `  the objects of S3 bucket ${manifest.storage.bucket} are in the archive\n`
        : manifest.storage.kind === 's3'
          ? `  S3 bucket ${manifest.storage.bucket}: its objects are listed, not copied; copy ` +
            `them in with --copy-objects (or BACKUP_S3_OBJECTS=copy), or back the bucket up ` +
            `with its own versioning or replication (docs/operations.md)\n`
          : '') +
      (manifest.storage.skipped?.length
        ? `  left out ${manifest.storage.skipped.length} object(s) whose keys a backup cannot ` +
          `hold (a control character such as a tab or a line break, or a name outside the ` +
          `folder; the console never writes such keys): ` +
          `${manifest.storage.skipped.map((k) => JSON.stringify(k)).join(', ')}\n`
        : ''),
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`Backup failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
