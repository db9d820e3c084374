import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openPglite, rowsOf, runMigrations } from '../../platform/db.ts';
import { codeMigrations, migrationState } from '../../platform/migration-state.ts';
import { startServer } from '../../server.ts';
import {
  createTestDatabase,
  DB_KIND,
  seedPgliteDataDir,
  testConfig,
  useTempDir,
} from '../../../test/support.ts';
import { readHistory } from './backup-history.ts';
import { extractArchive } from './backup-archive.ts';
import { upgradeSafely } from './upgrade.ts';

// Safe upgrades (issue 36 §4): a database newer than the code refuses to start; a migration that
// fails leaves the database as it was; the embedded database is backed up before migrating.

const dir = useTempDir('cst-upg-');

/** A copy of the migrations with one more, `0999_next`, whose statements are `statements`. */
function migrationsPlus(name: string, statements: string[]): string {
  const folder = path.join(dir, name);
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '0999_next' });
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  fs.writeFileSync(
    path.join(folder, '0999_next.sql'),
    statements.join('\n--> statement-breakpoint\n'),
  );
  return folder;
}

async function tableExists(db: Parameters<typeof migrationState>[0]['db'], name: string) {
  const [r] = rowsOf<{ t: string | null }>(
    await db.execute(sql`select to_regclass(${name})::text as t`),
  );
  return r?.t != null;
}

describe('upgrades', () => {
  it('refuse to start on a database a newer version migrated', async () => {
    const database = await createTestDatabase();
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', ${Date.UTC(2099, 0, 1)})`,
    );
    await expect(startServer(testConfig({ port: 0 }), { database })).rejects.toThrow(
      /upgraded by a newer version of the console/,
    );
    await database.close();
  });

  it('leave the database as it was when a migration fails', async () => {
    const database = await createTestDatabase();
    try {
      const before = await migrationState(database);
      const folder = migrationsPlus('failing', [
        'CREATE TABLE "upgrade_probe" ("id" integer)',
        'ALTER TABLE "no_such_table" ADD COLUMN "x" integer',
      ]);
      await expect(runMigrations(database, folder)).rejects.toThrow();
      expect(await tableExists(database.db, 'upgrade_probe')).toBe(false);
      expect((await migrationState(database)).applied).toBe(before.applied);
    } finally {
      await database.close();
    }
  });

  it.skipIf(DB_KIND !== 'pglite')(
    'back the embedded database up before migrating it',
    async () => {
      const dataDir = path.join(dir, 'data');
      await seedPgliteDataDir(dataDir);
      const database = await openPglite(dataDir);
      const backupDir = path.join(dir, 'backups');
      try {
        const folder = migrationsPlus('next', ['CREATE TABLE "upgrade_probe" ("id" integer)']);
        const config = testConfig({
          dataDir,
          backup: { dir: backupDir, everyMs: null, keep: 7 },
        });
        await upgradeSafely(config, database, () => Date.UTC(2026, 0, 2), folder);
        expect(await tableExists(database.db, 'upgrade_probe')).toBe(true);
        const [name] = fs.readdirSync(backupDir).filter((n) => n.startsWith('cst-pre-upgrade-'));
        const tag = codeMigrations().at(-1)!.tag;
        expect(name).toBe(`cst-pre-upgrade-${tag}-20260102T000000Z.tar.gz`);
        const manifest = await extractArchive(
          path.join(backupDir, name!),
          fs.mkdtempSync(path.join(dir, 'x-')),
        );
        // The archive holds the database as it was before the migration.
        expect(manifest.database.tables.upgrade_probe).toBeUndefined();
        expect(manifest.database.lastMigration?.tag).toBe(tag);
        expect(readHistory(backupDir)?.entries[0]).toMatchObject({ ok: true, trigger: 'upgrade' });
      } finally {
        await database.close();
      }
    },
    60_000,
  );
});
