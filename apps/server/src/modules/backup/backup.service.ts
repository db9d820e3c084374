import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../platform/config.ts';
import { openPglite, openPostgres, type Database } from '../../platform/db.ts';
import { codeMigrations, PRODUCT_VERSION } from '../../platform/migration-state.ts';
import { S3Storage } from '../../storage/s3-storage.ts';
import {
  BackupError,
  extractArchive,
  listFiles,
  writeArchive,
  type Manifest,
} from './backup-archive.ts';
import {
  postgresIsEmpty,
  restorePostgres,
  snapshotPglite,
  snapshotPostgres,
  stageFiles,
} from './snapshot.repository.ts';
import { markRestoredRun } from './backup-runs.repository.ts';
import { listObjectsInto, OBJECTS_DIR, putObjectsBack, stageObjects } from './s3-objects.ts';

/** What a backup reads: the configuration (DATA_DIR, storage) and the open database. */
export interface BackupSource {
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'storage' | 's3'>;
  database: Database;
  now: () => number;
}

/** How a backup treats an S3 bucket: lists its objects (default) or copies them in. */
export interface BackupOptions {
  copyObjects?: boolean;
  /** The idempotency key of the scheduler's run taking it (recorded in the manifest). */
  run?: string;
}

/**
 * Writes one archive at `out` holding a consistent snapshot of the database and the stored
 * files, with its manifest (docs/operations.md). `out` appears only once complete; a file of that
 * name is never overwritten. With STORAGE=s3 the bucket's objects are listed, or copied in with
 * `copyObjects`.
 */
export async function takeBackup(
  source: BackupSource,
  out: string,
  options: BackupOptions = {},
): Promise<Manifest> {
  const target = path.resolve(out);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists`);
  const staging = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.d`);
  await fsp.mkdir(staging, { mode: 0o700 });
  try {
    const { config, database } = source;
    const local = config.storage === 'local';
    const filesRoot = path.join(config.dataDir, 'files');
    const stagedFiles = path.join(staging, 'files');
    const bucket = local ? null : new S3Storage(config.s3);
    const copy = !!bucket && !!options.copyObjects;
    const stagedObjects = path.join(staging, OBJECTS_DIR);
    // Stored files never change: a pass before the snapshot and one after hold all it refers to.
    const skipped = new Set<string>();
    const stage = async () => {
      if (local) await stageFiles(filesRoot, stagedFiles);
      if (copy) for (const key of await stageObjects(bucket, stagedObjects)) skipped.add(key);
    };
    await stage();
    const facts =
      database.kind === 'pglite'
        ? await snapshotPglite(database, staging)
        : await snapshotPostgres(database.url!, staging);
    await stage();
    let fileCount: number;
    if (local) fileCount = (await listFiles(stagedFiles)).length;
    else if (copy) fileCount = (await listFiles(stagedObjects)).length;
    else {
      const listing = await listObjectsInto(bucket!, staging);
      for (const key of listing.skipped) skipped.add(key);
      fileCount = listing.listed;
    }
    return await writeArchive(
      staging,
      {
        format: 1,
        product: 'cst-console',
        version: PRODUCT_VERSION,
        createdAt: new Date(source.now()).toISOString(),
        ...(options.run ? { run: options.run } : {}),
        database: { kind: database.kind, ...facts },
        storage: {
          kind: config.storage,
          files: fileCount,
          ...(local ? {} : { bucket: config.s3.bucket, objects: copy ? 'copied' : 'listed' }),
          ...(skipped.size ? { skipped: [...skipped].sort() } : {}),
        },
      },
      target,
    );
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/** -1, 0 or 1 as version `a` is older, the same or newer than `b` (dotted numbers). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/).map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split(/[.-]/).map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** Refuses an archive this code cannot run: a newer product version or unknown migrations. */
export function checkCompatible(manifest: Manifest): void {
  const newest = codeMigrations().at(-1);
  const last = manifest.database.lastMigration;
  if (
    compareVersions(manifest.version, PRODUCT_VERSION) > 0 ||
    (last && newest && last.when > newest.when)
  ) {
    throw new BackupError(
      `this backup was made by a newer version (${manifest.version}, migration ` +
        `${last?.tag ?? last?.when}); this is version ${PRODUCT_VERSION}: restore it with that ` +
        `version or a later one`,
    );
  }
}

/** Whether a folder is missing or empty. */
function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/**
 * Restores an archive into an empty DATA_DIR (and, with DATABASE_URL, an empty PostgreSQL
 * database): checks it whole first (manifest, every part's SHA-256, the version), then moves its
 * parts into place. Nothing is left in DATA_DIR when it refuses or fails.
 */
export async function restoreBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'storage' | 's3'>>,
  file: string,
): Promise<Manifest> {
  const archive = path.resolve(file);
  if (!fs.existsSync(archive)) throw new BackupError(`${archive} does not exist`);
  const dataDir = config.dataDir;
  if (!isEmptyDir(dataDir)) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty: restore only into an empty folder (move the old one ` +
        'aside first)',
    );
  }
  if (config.databaseUrl && !(await postgresIsEmpty(config.databaseUrl))) {
    throw new BackupError('the database of DATABASE_URL is not empty: restore into a new one');
  }
  const createdDir = !fs.existsSync(dataDir);
  await fsp.mkdir(dataDir, { recursive: true });
  const work = path.join(dataDir, `.restoring-${randomUUID()}`);
  await fsp.mkdir(work, { mode: 0o700 });
  try {
    const manifest = await extractArchive(archive, work);
    checkCompatible(manifest);
    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database.kind !== kind) {
      throw new BackupError(
        manifest.database.kind === 'pglite'
          ? 'this backup is of the embedded database: restore it without DATABASE_URL, then ' +
              'move it with `npm run db:move -- --to postgres://…` (docs/operations.md)'
          : 'this backup is of a PostgreSQL database: set DATABASE_URL to an empty database',
      );
    }
    // Copied S3 objects first: written only where missing, they may be put again by a retry.
    const objects = path.join(work, OBJECTS_DIR);
    if (fs.existsSync(objects) && config.storage === 's3') {
      await putObjectsBack(new S3Storage(config.s3!), objects);
    } else if (fs.existsSync(objects)) {
      // Local storage: the objects become the embedded store's files, key for key.
      await fsp.rename(objects, path.join(work, 'files'));
    }
    if (kind === 'postgres')
      await restorePostgres(config.databaseUrl!, path.join(work, 'database.pgdump'));
    else await fsp.rename(path.join(work, 'pg'), path.join(dataDir, 'pg'));
    if (fs.existsSync(path.join(work, 'files'))) {
      await fsp.rename(path.join(work, 'files'), path.join(dataDir, 'files'));
    }
    await fsp.rm(work, { recursive: true, force: true });
    if (manifest.run) {
      // The run that took this archive was under way in its snapshot: it is this archive.
      const db = config.databaseUrl
        ? await openPostgres(config.databaseUrl, 1)
        : await openPglite(dataDir);
      try {
        await markRestoredRun(db.db, manifest.run, Date.parse(manifest.createdAt));
      } finally {
        await db.close();
      }
    }
    return manifest;
  } catch (err) {
    await fsp.rm(work, { recursive: true, force: true });
    for (const part of ['pg', 'files']) {
      await fsp.rm(path.join(dataDir, part), { recursive: true, force: true });
    }
    if (createdDir) await fsp.rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}
