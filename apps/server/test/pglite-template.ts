import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../src/platform/db.ts';

// The migrated PGlite template of the tests (test/support.ts) and of the browser tests' servers
// (e2e/server-entry.ts): built once per set of migrations and kept in the temp folder, so a
// new database starts as a copy instead of running every migration again.

/** PGlite's version (its data folder's format may change with it). */
const PGLITE_VERSION = (() => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = path.join(entry.slice(0, entry.lastIndexOf('/dist/')), 'package.json');
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
})();

/** A digest of the migrations (and of PGlite's version): the name of their templates. */
export function migrationsHash(): string {
  const hash = createHash('sha256').update(PGLITE_VERSION);
  const files = fs.readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort();
  for (const f of files) {
    const file = path.join(MIGRATIONS_DIR, f);
    if (!fs.statSync(file).isFile()) continue;
    hash.update(f).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

let pgliteDump: Promise<Uint8Array<ArrayBuffer>> | null = null;

/**
 * PGlite's data folder after every migration, as dumpDataDir writes it: built once per set of
 * migrations and kept in the temp folder, where the test files (each in its own process) find it.
 * Loading it takes less than the start of an empty PGlite plus twenty migrations.
 */
export function pgliteTemplate(): Promise<Uint8Array<ArrayBuffer>> {
  pgliteDump ??= (async () => {
    const file = path.join(os.tmpdir(), `cst-test-pglite-${migrationsHash()}.tar`);
    if (fs.existsSync(file)) return new Uint8Array(fs.readFileSync(file));
    const db = new PGlite();
    try {
      await migratePglite(drizzlePglite({ client: db }), { migrationsFolder: MIGRATIONS_DIR });
      const dump = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
      // Written whole under another name first: a reader sees all of it or nothing.
      const part = `${file}.${process.pid}.part`;
      fs.writeFileSync(part, dump);
      fs.renameSync(part, file);
      return dump;
    } finally {
      await db.close();
    }
  })();
  return pgliteDump;
}

/**
 * Fills `dataDir`'s database folder (dataDir/pg, where openPglite looks) with the migrated
 * template, so a server started on the folder finds every migration applied instead of running
 * them all again.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'pg');
  fs.mkdirSync(dir, { recursive: true });
  const db = new PGlite(dir, { loadDataDir: new Blob([await pgliteTemplate()]) });
  try {
    await db.waitReady;
  } finally {
    await db.close();
  }
}
