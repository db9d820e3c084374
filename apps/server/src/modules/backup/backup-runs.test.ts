import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BackupStatus } from '@cst/shared';
import { openPglite, rowsOf, type Database } from '../../platform/db.ts';
import { startServer } from '../../server.ts';
import {
  createTestDatabase,
  DB_KIND,
  seedPgliteDataDir,
  testConfig,
  useTempDir,
} from '../../../test/support.ts';
import { apiAs, signIn } from '../accounts/account.test-support.ts';
import { extractArchive } from './backup-archive.ts';
import { readHistory, scheduledName } from './backup-history.ts';
import {
  activeRun,
  claimRun,
  enqueueRun,
  finishRun,
  markRestoredRun,
  releaseRuns,
} from './backup-runs.repository.ts';
import { restoreBackup } from './backup.service.ts';

// Backups as work of the one scheduler (issue 36 §3): the schedule and the console's button ask
// for a run (`backup_runs`), claimed with FOR UPDATE SKIP LOCKED and leased, keyed, so a run
// whose server died is taken by the next one and never twice.

const dir = useTempDir('cst-bkr-');

async function stateOf(db: Database['db'], key: string) {
  const [r] = rowsOf<{ state: string; lease_owner: string | null }>(
    await db.execute(sql`select state, lease_owner from backup_runs where key = ${key}`),
  );
  return r;
}

describe('backup runs', () => {
  it('are asked once per key, claimed by one holder, and again once its lease lapsed', async () => {
    const database = await createTestDatabase();
    const { db } = database;
    try {
      const ask = (key: string, onlyIfIdle = false) =>
        enqueueRun(
          db,
          {
            key,
            trigger: key.startsWith('schedule:') ? 'schedule' : 'console',
            name: 'cst-backup-x.tar.gz',
            dir,
            // The scheduled run asked a moment later: claims take the oldest first.
            now: key.startsWith('schedule:') ? 1001 : 1000,
          },
          onlyIfIdle,
        );
      const first = await ask('console:a');
      expect(first).toMatchObject({ key: 'console:a', file: 'cst-backup-x.tar.gz' });
      expect(await ask('console:a')).toBeNull();
      // The button refuses while one of its own is queued; the schedule's key is still taken,
      // under another name, and a scheduled run does not refuse the button's.
      expect(await ask('console:b', true)).toBeNull();
      expect(await ask('schedule:1')).toMatchObject({ file: 'cst-backup-x-1.tar.gz' });

      const claim = (owner: string, now: number) =>
        db.transaction((tx) => claimRun(tx, owner, now, now + 1000));
      expect(await claim('A', 2000)).toMatchObject({ key: 'console:a' });
      expect(await claim('B', 2000)).toMatchObject({ key: 'schedule:1' });
      // Both held: nothing for a third, until A's lease lapses (A died).
      expect(await claim('C', 2500)).toBeNull();
      expect(await claim('C', 3001)).toMatchObject({ key: 'console:a' });
      // A, back, cannot record over C.
      await finishRun(db, first!.id, 'A', { ok: true, error: null, at: 3100 });
      expect(await stateOf(db, 'console:a')).toEqual({ state: 'claimed', lease_owner: 'C' });
      await finishRun(db, first!.id, 'C', { ok: true, error: null, at: 3100 });
      expect(await stateOf(db, 'console:a')).toEqual({ state: 'done', lease_owner: null });

      // A shutdown hands B's run back; a restore marks the run of its archive done.
      const run = await activeRun(db);
      await releaseRuns(db, [run!.id], 'B');
      expect(await stateOf(db, 'schedule:1')).toEqual({ state: 'queued', lease_owner: null });
      // A scheduled run queued does not refuse the button: its run queues behind.
      expect(await ask('console:c', true)).toMatchObject({ key: 'console:c' });
      await markRestoredRun(db, 'schedule:1', 4000);
      expect(await stateOf(db, 'schedule:1')).toMatchObject({ state: 'done' });
      expect(await activeRun(db)).toMatchObject({ key: 'console:c' });
    } finally {
      await database.close();
    }
  });

  it.skipIf(DB_KIND !== 'pglite')(
    'run the console’s button on the scheduler, and a dead holder’s run once',
    async () => {
      const dataDir = path.join(dir, 'data');
      const backupDir = path.join(dir, 'backups');
      await seedPgliteDataDir(dataDir);
      const database = await openPglite(dataDir);
      // The real time (sessions are signed by it), held still.
      let t = Math.floor(Date.now() / 1000) * 1000;
      const asked = scheduledName(t);
      const complete = scheduledName(t - 2 * 3_600_000);
      const partial = scheduledName(t - 3_600_000);
      const server = await startServer(
        testConfig({ dataDir, port: 0, backup: { dir: backupDir, everyMs: null, keep: 7 } }),
        { database, now: () => t },
      );
      try {
        const admin = apiAs(server, await signIn(server, 'admin'));
        const start = await admin.post<BackupStatus>('/system-api/system/backups', {});
        expect(start.status).toBe(200);
        expect(start.data.running).toBe(true);
        // Asked, not taken in the request: the scheduler takes it.
        expect(fs.existsSync(path.join(backupDir, asked))).toBe(false);
        expect((await admin.post('/system-api/system/backups', {})).status).toBe(409);
        await server.scheduler.drain();
        const status = await admin.get<BackupStatus>('/system-api/system/backups');
        expect(status.data).toMatchObject({ running: false, warning: null });
        expect(status.data.entries).toMatchObject([{ file: asked, ok: true, trigger: 'console' }]);
        const [done] = rowsOf<{ key: string; state: string }>(
          await database.db.execute(sql`select key, state from backup_runs`),
        );
        expect(done!.state).toBe('done');
        const manifest = await extractArchive(
          path.join(backupDir, asked),
          fs.mkdtempSync(path.join(dir, 'x-')),
        );
        expect(manifest.run).toBe(done!.key);

        // A holder that died (kill -9) after its archive was complete: the run is claimed again
        // once the lease lapses, finds the archive and records it, without taking another.
        fs.copyFileSync(path.join(backupDir, asked), path.join(backupDir, complete));
        const size = fs.statSync(path.join(backupDir, complete)).size;
        // And one that died while writing: only its part file is left.
        fs.writeFileSync(path.join(backupDir, `.${partial}.dead.part`), 'half');
        for (const [i, [key, file]] of [
          ['schedule:1', complete],
          ['schedule:2', partial],
        ].entries()) {
          await database.db.execute(sql`
            insert into backup_runs (key, trigger, file, state, requested_at, lease_owner,
              lease_until)
            values (${key}, 'schedule', ${file}, 'claimed', ${t - 2000 + i}, 'dead-server', ${t + 60_000})`);
        }
        await server.scheduler.drain();
        // The lease holds: nothing is taken meanwhile.
        expect(fs.existsSync(path.join(backupDir, partial))).toBe(false);
        t += 61_000;
        await server.scheduler.drain();
        const runs = rowsOf<{ key: string; state: string }>(
          await database.db.execute(sql`select key, state from backup_runs order by key`),
        );
        expect(runs.filter((r) => r.key.startsWith('schedule'))).toEqual([
          { key: 'schedule:1', state: 'done' },
          { key: 'schedule:2', state: 'done' },
        ]);
        expect(fs.statSync(path.join(backupDir, complete)).size).toBe(size);
        expect(fs.existsSync(path.join(backupDir, partial))).toBe(true);
        const entries = readHistory(backupDir)!.entries;
        expect(entries.map((e) => [e.file, e.ok])).toEqual([
          [partial, true],
          [complete, true],
          [asked, true],
        ]);
      } finally {
        await server.stop();
      }

      // The archive's own run, under way in its snapshot, is not taken again after a restore.
      const restored = path.join(dir, 'restored');
      await restoreBackup(
        { dataDir: restored, databaseUrl: undefined },
        path.join(backupDir, partial),
      );
      const copy = await openPglite(restored);
      try {
        expect(await activeRun(copy.db)).toBeNull();
      } finally {
        await copy.close();
      }
    },
    120_000,
  );
});
