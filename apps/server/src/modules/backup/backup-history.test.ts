import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BackupEntry } from '@cst/shared';
import { pruneBackups, scheduledName, warningOf, type BackupHistory } from './backup-history.ts';

// The console's warning and the pruning of scheduled archives (BACKUP_KEEP).

const DAY = 86_400_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cst-bkh-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const entry = (at: number, ok: boolean): BackupEntry => ({
  at,
  file: scheduledName(at),
  size: ok ? 10 : 0,
  ok,
  error: ok ? null : 'disk full',
  trigger: 'schedule',
  ms: 5,
});

describe('backup history', () => {
  it('warns when the last backup failed, or none succeeded for two periods', () => {
    const now = 100 * DAY;
    const h = (entries: BackupEntry[], since = now - 10 * DAY): BackupHistory => ({
      since,
      entries,
    });
    expect(warningOf(h([entry(now - DAY, true)]), DAY, now)).toBeNull();
    expect(warningOf(h([entry(now - DAY, false), entry(now - 2 * DAY, true)]), DAY, now)).toBe(
      'failed',
    );
    expect(warningOf(h([entry(now - 2 * DAY - 1, true)]), DAY, now)).toBe('overdue');
    // A new install: the clock starts at the first check.
    expect(warningOf(h([], now - DAY), DAY, now)).toBeNull();
    expect(warningOf(h([], now - 3 * DAY), DAY, now)).toBe('overdue');
    expect(warningOf(h([], now - 3 * DAY), null, now)).toBeNull();
  });

  it('keeps the newest scheduled archives and every pre-upgrade one', async () => {
    const names = [1, 2, 3, 4].map((d) => scheduledName(d * DAY));
    for (const n of [...names, 'cst-pre-upgrade-0001_x-19700101T000000Z.tar.gz', 'mine.tar.gz']) {
      fs.writeFileSync(path.join(dir, n), 'x');
    }
    expect(await pruneBackups(dir, 2)).toEqual(names.slice(0, 2));
    expect(fs.readdirSync(dir).sort()).toEqual(
      ['cst-pre-upgrade-0001_x-19700101T000000Z.tar.gz', 'mine.tar.gz', ...names.slice(2)].sort(),
    );
  });
});
