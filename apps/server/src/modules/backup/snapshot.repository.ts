import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPglite, rowsOf, type Database, type Db } from '../../platform/db.ts';
import { codeMigrations, migrationState } from '../../platform/migration-state.ts';
import { BackupError, listFiles, type Manifest } from './backup-archive.ts';

const run = promisify(execFile);

/** A node-postgres client of `url`, not connected: pg loads on PostgreSQL only (docs/performance.md). */
async function pgClient(url: string) {
  const { Client } = (await import('pg')).default;
  return new Client({ connectionString: url });
}

/** What a snapshot of the database holds: rows per table and its migrations. */
export type DatabaseFacts = Omit<Manifest['database'], 'kind'>;

/** Rows per table of the public schema, in one statement (one snapshot). */
export async function countTables(db: Pick<Db, 'execute'>): Promise<Record<string, number>> {
  const names = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_class c
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace order by 1`),
  ).map((r) => r.name);
  if (names.length === 0) return {};
  const quoted = (n: string) => `"${n.replaceAll('"', '""')}"`;
  const text = names
    .map((n) => `select '${n.replaceAll("'", "''")}' as name, count(*)::int as n from ${quoted(n)}`)
    .join(' union all ');
  const rows = rowsOf<{ name: string; n: number }>(await db.execute(sql.raw(text)));
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

/** The tables' counts and the migrations of a database (or of an open snapshot transaction). */
export async function databaseFacts(db: Pick<Db, 'execute'>): Promise<DatabaseFacts> {
  const state = await migrationState({ db: db as Db });
  return {
    migrations: state.applied,
    lastMigration: state.last === null ? null : { tag: state.lastTag, when: state.last },
    tables: await countTables(db),
  };
}

/**
 * Copies the embedded database's folder into `into/pg` while the server keeps running: after a
 * checkpoint, one transaction of the database thread counts the rows and copies the folder,
 * and nothing else runs meanwhile (requests wait that long: about a second for a few hundred
 * megabytes on one disk). A restore opens the copy as after a stop at that instant.
 */
export async function snapshotPglite(database: Database, into: string): Promise<DatabaseFacts> {
  const folder = database.folder;
  if (!folder) throw new BackupError('the embedded database runs in memory: nothing to back up');
  return folder.snapshot(async (db) => {
    const facts = await databaseFacts(db);
    await fsp.cp(folder.dir, path.join(into, 'pg'), {
      recursive: true,
      mode: fs.constants.COPYFILE_FICLONE,
    });
    return facts;
  });
}

/** Opens the PGlite folder `dataDir/pg` alone (no server on it) and reads its facts. */
export async function factsOfPgliteFolder(dataDir: string): Promise<DatabaseFacts> {
  const copy = await openPglite(dataDir);
  try {
    return await databaseFacts(copy.db);
  } finally {
    await copy.close();
  }
}

/** The PostgreSQL client program `name` (pg_dump, pg_restore): PG_BIN, the PATH, Debian's place. */
export function pgProgram(name: 'pg_dump' | 'pg_restore' | 'psql'): string | null {
  const dirs = [
    process.env.PG_BIN,
    ...(process.env.PATH ?? '').split(path.delimiter),
    ...debianPgBins(),
  ].filter((d): d is string => !!d);
  for (const d of dirs) {
    const p = path.join(d, name);
    if (fs.existsSync(p)) return p;
  }
  return null;
}

function debianPgBins(): string[] {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(root, v, 'bin'));
}

const NO_PG_DUMP =
  'pg_dump was not found (set PG_BIN to the folder of the PostgreSQL client programs, or install ' +
  "them: Debian's postgresql-client). Without it, back up PostgreSQL with your provider's " +
  'snapshots or `pg_dump -Fc`, and the files with the archive of this command (docs/operations.md).';

/**
 * Dumps a PostgreSQL database with pg_dump (custom format) into `into/database.pgdump`, and
 * counts its rows in the same snapshot: one repeatable-read transaction exports its snapshot,
 * counts, and pg_dump reads that snapshot (`--snapshot`), while the server goes on writing.
 */
export async function snapshotPostgres(url: string, into: string): Promise<DatabaseFacts> {
  const pgDump = pgProgram('pg_dump');
  if (!pgDump) throw new BackupError(NO_PG_DUMP);
  const client = await pgClient(url);
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    // The same connection, inside the snapshot's transaction.
    const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres');
    const db = drizzlePg(client) as unknown as Pick<Db, 'execute'>;
    const facts = await databaseFacts(db);
    await run(pgDump, [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${rows[0]!.id}`,
      `--file=${path.join(into, 'database.pgdump')}`,
      `--dbname=${url}`,
    ]);
    await client.query('commit');
    return facts;
  } finally {
    await client.end();
  }
}

/** pg_restore of a dump into an empty PostgreSQL database. */
export async function restorePostgres(url: string, dump: string): Promise<void> {
  const pgRestore = pgProgram('pg_restore');
  if (!pgRestore) throw new BackupError(NO_PG_DUMP.replace('pg_dump was', 'pg_restore was'));
  try {
    await run(pgRestore, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${url}`,
      dump,
    ]);
  } catch (err) {
    throw new BackupError(`pg_restore failed: ${(err as { stderr?: string }).stderr ?? err}`);
  }
}

/** Whether a PostgreSQL database holds no table of ours (nor drizzle's record). */
export async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = await pgClient(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`
      select count(*) as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
      where s.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')`);
    return Number(rows[0]!.n) === 0;
  } finally {
    await client.end();
  }
}

/**
 * What a backup leaves out of the embedded store: its `.tmp` folder (writes under way) and the
 * slices of sliced uploads not yet completed (modules/files: joined into a file once complete,
 * swept after a day; a restore could not complete them, the browser starts them again).
 */
const TRANSIENT = ['.tmp/', 'slices/'];

/**
 * Links (or copies, across disks) the stored files of the embedded store (`root`, its `.tmp`
 * and `slices` left out) into `into`, skipping those already there. Stored files never change once written,
 * so a link is a copy; a pass before the database snapshot and one after leave every file the
 * snapshot refers to in the backup, even one deleted meanwhile.
 */
export async function stageFiles(root: string, into: string): Promise<void> {
  for (const rel of await listFiles(root)) {
    if (TRANSIENT.some((p) => rel.startsWith(p))) continue;
    const target = path.join(into, ...rel.split('/'));
    if (fs.existsSync(target)) continue;
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const source = path.join(root, ...rel.split('/'));
    try {
      await fsp.link(source, target);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ENOENT') continue; // deleted since the listing
      await fsp.copyFile(source, target);
    }
  }
}

/** The newest migration of this code (for the refusal of archives from a newer one). */
export function newestCodeMigration() {
  return codeMigrations().at(-1) ?? null;
}
