import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, rowsOf, type Database } from './db.ts';

/** A migration the code knows: its tag (file name) and its time (drizzle's `folderMillis`). */
export interface CodeMigration {
  tag: string;
  when: number;
}

/** The migrations of this code, oldest first (drizzle's journal). */
export function codeMigrations(folder = MIGRATIONS_DIR): CodeMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

/** The product's version (the root package.json). */
export const PRODUCT_VERSION = (
  JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '../../../../package.json'), 'utf8'),
  ) as { version: string }
).version;

/** Where a database stands against the code's migrations. */
export interface MigrationState {
  /** Migrations recorded in the database. */
  applied: number;
  /** The newest one's time (drizzle's `created_at`), null on an empty database. */
  last: number | null;
  /** The newest one's tag when the code knows it. */
  lastTag: string | null;
  /** Migrations of the code the database lacks (to apply). */
  pending: CodeMigration[];
  /** The database holds a migration newer than any of the code's: a newer version wrote it. */
  newer: boolean;
}

/** Reads the database's migration record (drizzle.__drizzle_migrations) against the code's. */
export async function migrationState(
  database: Pick<Database, 'db'>,
  code = codeMigrations(),
): Promise<MigrationState> {
  const [exists] = rowsOf<{ t: string | null }>(
    await database.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`),
  );
  let applied = 0;
  let last: number | null = null;
  if (exists?.t) {
    const [row] = rowsOf<{ n: number | string; last: number | string | null }>(
      await database.db.execute(
        sql`select count(*) as n, max(created_at) as last from drizzle.__drizzle_migrations`,
      ),
    );
    applied = Number(row?.n ?? 0);
    last = row?.last === null || row?.last === undefined ? null : Number(row.last);
  }
  const newest = code.at(-1)?.when ?? 0;
  return {
    applied,
    last,
    lastTag: code.find((m) => m.when === last)?.tag ?? null,
    pending: code.filter((m) => last === null || m.when > last),
    newer: last !== null && last > newest,
  };
}

/** The message of a database that a newer version migrated: the code must not touch it. */
export function newerDatabaseMessage(state: MigrationState, code = codeMigrations()): string {
  const known = code.at(-1);
  return (
    `The database was upgraded by a newer version of the console (its last migration dates from ` +
    `${new Date(state.last ?? 0).toISOString()}; this version ${PRODUCT_VERSION} knows migrations ` +
    `up to ${known?.tag ?? 'none'}). Start the newer version, or restore a backup made by this ` +
    `one into an empty DATA_DIR (docs/operations.md).`
  );
}
