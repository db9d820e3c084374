import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeMigrations, PRODUCT_VERSION } from '../../platform/migration-state.ts';
import { BackupError, extractArchive, writeArchive, type Manifest } from './backup-archive.ts';
import { restoreBackup } from './backup.service.ts';
import { stageFiles } from './snapshot.repository.ts';

// The archive's own checks, without a database: what `npm run restore` refuses before it moves
// anything into DATA_DIR.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cst-bka-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const last = codeMigrations().at(-1)!;
const base: Omit<Manifest, 'parts'> = {
  format: 1,
  product: 'cst-console',
  version: PRODUCT_VERSION,
  createdAt: new Date(0).toISOString(),
  database: { kind: 'pglite', migrations: 1, lastMigration: last, tables: { messages: 1 } },
  storage: { kind: 'local', files: 1 },
};

let n = 0;
/** An archive of a small staging folder (a fake database file, a stored file, an empty folder). */
async function archiveOf(manifest = base): Promise<string> {
  const staging = path.join(dir, `staging-${++n}`);
  fs.mkdirSync(path.join(staging, 'pg/pg_notify'), { recursive: true });
  fs.mkdirSync(path.join(staging, 'files/a'), { recursive: true });
  fs.writeFileSync(path.join(staging, 'pg/PG_VERSION'), '17\n');
  const long = `files/a/${'长名'.repeat(40)}.txt`;
  fs.writeFileSync(path.join(staging, ...long.split('/')), Buffer.alloc(3000, 7));
  const out = path.join(dir, `b-${n}.tar.gz`);
  await writeArchive(staging, manifest, out);
  return out;
}

function emptyTarget(): { dataDir: string; databaseUrl: undefined } {
  return { dataDir: path.join(dir, `data-${++n}`), databaseUrl: undefined };
}

describe('a backup archive', () => {
  it('fails, and only fails, when its folder is gone (no unhandled rejection ends the server)', async () => {
    const staging = path.join(dir, `staging-${++n}`);
    fs.mkdirSync(path.join(staging, 'pg'), { recursive: true });
    for (let i = 0; i < 50; i++) {
      fs.writeFileSync(path.join(staging, `pg/f${i}`), Buffer.alloc(64 * 1024, i));
    }
    const out = path.join(dir, 'gone', 'b.tar.gz');
    await expect(writeArchive(staging, base, out)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(fs.existsSync(path.join(dir, 'gone'))).toBe(false);
  });

  it('reads back whole: parts, empty folders and long names', async () => {
    const file = await archiveOf();
    const into = fs.mkdtempSync(path.join(dir, 'x-'));
    const manifest = await extractArchive(file, into);
    expect(manifest.parts.map((p) => p.path).sort()).toEqual(
      ['pg/PG_VERSION', `files/a/${'长名'.repeat(40)}.txt`].sort(),
    );
    expect(fs.statSync(path.join(into, 'pg/pg_notify')).isDirectory()).toBe(true);
    const target = emptyTarget();
    await restoreBackup(target, file);
    expect(fs.readFileSync(path.join(target.dataDir, 'pg/PG_VERSION'), 'utf8')).toBe('17\n');
  });

  it('is refused with one byte flipped', async () => {
    const file = await archiveOf();
    const bytes = fs.readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    fs.writeFileSync(file, bytes);
    const target = emptyTarget();
    await expect(restoreBackup(target, file)).rejects.toThrow(/damaged|altered/);
    expect(fs.existsSync(target.dataDir)).toBe(false);
  });

  it('is refused when truncated', async () => {
    const file = await archiveOf();
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(file, bytes.subarray(0, bytes.length - 200));
    await expect(restoreBackup(emptyTarget(), file)).rejects.toThrow(/truncated|damaged/);
  });

  it('is refused from a newer version or with migrations this code lacks', async () => {
    const newer = await archiveOf({ ...base, version: '99.0.0' });
    await expect(restoreBackup(emptyTarget(), newer)).rejects.toThrow(/newer version/);
    const ahead = await archiveOf({
      ...base,
      database: { ...base.database, lastMigration: { tag: '9999_future', when: last.when + 1 } },
    });
    await expect(restoreBackup(emptyTarget(), ahead)).rejects.toThrow(/newer version/);
  });

  it('is restored only into an empty DATA_DIR', async () => {
    const file = await archiveOf();
    const target = emptyTarget();
    fs.mkdirSync(target.dataDir);
    fs.writeFileSync(path.join(target.dataDir, 'keep.txt'), 'mine');
    const refused = restoreBackup(target, file);
    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(/not empty/);
    expect(fs.readdirSync(target.dataDir)).toEqual(['keep.txt']);
  });

  it('stages the stored files without writes under way or slices of unfinished uploads', async () => {
    const root = path.join(dir, `store-${++n}`);
    const put = (rel: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), rel);
    };
    for (const rel of ['t/1/u/2/a.pdf', '.tmp/w-1', 'slices/1/2/abc/0', 'slices/1/2/abc/1']) {
      put(rel);
    }
    const into = path.join(dir, `staged-${n}`);
    await stageFiles(root, into);
    expect(fs.readdirSync(into)).toEqual(['t']);
    expect(fs.readFileSync(path.join(into, 't/1/u/2/a.pdf'), 'utf8')).toBe('t/1/u/2/a.pdf');
  });
});
