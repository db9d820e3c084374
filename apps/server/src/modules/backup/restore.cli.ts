// `npm run restore -- FILE`: an archive of `npm run backup` into an empty DATA_DIR (and, with
// DATABASE_URL, an empty PostgreSQL database); then `npm start` (docs/operations.md).
import { loadConfig } from '../../platform/config.ts';
import { BackupError } from './backup-archive.ts';
import { restoreBackup } from './backup.service.ts';

async function main(): Promise<void> {
  const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!file) throw new BackupError('usage: npm run restore -- FILE.tar.gz');
  const config = loadConfig(process.env);
  const manifest = await restoreBackup(config, file);
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
  process.stdout.write(
    `Restored ${file} (taken ${manifest.createdAt} by version ${manifest.version}) into ` +
      `${config.databaseUrl ? 'DATABASE_URL and ' : ''}${config.dataDir}\n` +
      `  ${rows} rows, ${manifest.storage.files} stored files; every part matched its SHA-256.\n` +
      (manifest.storage.objects === 'copied'
        ? `  The S3 objects went ${config.storage === 's3' ? `into bucket ${config.s3.bucket}` : `into ${config.dataDir}/files (STORAGE=local)`}.\n`
        : manifest.storage.objects === 'listed'
          ? `  The stored files stayed in S3 bucket ${manifest.storage.bucket} (the archive lists them): ` +
            'start with STORAGE=s3 and that bucket.\n'
          : '') +
      (manifest.storage.skipped?.length
        ? `  The backup left out ${manifest.storage.skipped.length} object(s) of the bucket ` +
          `whose keys it cannot hold (not restored): ` +
          `${manifest.storage.skipped.map((k) => JSON.stringify(k)).join(', ')}\n`
        : '') +
      `  Start the console with the same WA_AUTH_KEY as before: npm start\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`Restore refused: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
