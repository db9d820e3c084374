import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { BackupEntry } from '@cst/shared';

/** Entries kept in the record. */
const KEPT = 50;

/** The record of the backups taken into a BACKUP_DIR: `history.json` there. */
export interface BackupHistory {
  /** When scheduled backups began here (the first check): the clock of "none for two periods". */
  since: number;
  /** Newest first. */
  entries: BackupEntry[];
}

function fileOf(dir: string): string {
  return path.join(dir, 'history.json');
}

/** Reads the record (an empty one when there is none yet). */
export function readHistory(dir: string): BackupHistory | null {
  try {
    return JSON.parse(fs.readFileSync(fileOf(dir), 'utf8')) as BackupHistory;
  } catch {
    return null;
  }
}

/** Writes the record whole under another name, then renames it. */
export async function writeHistory(dir: string, history: BackupHistory): Promise<void> {
  await fsp.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.history.${randomUUID()}.json`);
  await fsp.writeFile(
    tmp,
    JSON.stringify({ ...history, entries: history.entries.slice(0, KEPT) }, null, 2),
  );
  await fsp.rename(tmp, fileOf(dir));
}

/** Adds an entry (newest first). */
export async function recordBackup(dir: string, entry: BackupEntry, now: number): Promise<void> {
  const h = readHistory(dir) ?? { since: now, entries: [] };
  await writeHistory(dir, { ...h, entries: [entry, ...h.entries] });
}

/** The warning of the console: the last backup failed, or none succeeded for two periods. */
export function warningOf(
  history: BackupHistory | null,
  everyMs: number | null,
  now: number,
): 'failed' | 'overdue' | null {
  const last = history?.entries[0];
  if (last && !last.ok) return 'failed';
  if (everyMs === null || !history) return null;
  const lastOk = history.entries.find((e) => e.ok)?.at ?? history.since;
  return now - lastOk > 2 * everyMs ? 'overdue' : null;
}

/** Scheduled archives' names: `cst-backup-<UTC time>.tar.gz`, in time order. */
export function scheduledName(now: number): string {
  return `cst-backup-${new Date(now)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;
}

/** Deletes the oldest scheduled archives beyond `keep` (pre-upgrade ones stay); their names. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  if (!fs.existsSync(dir)) return [];
  const names = (await fsp.readdir(dir))
    .filter((n) => /^cst-backup-\d{8}T\d{6}Z(-\d+)?\.tar\.gz$/.test(n))
    .sort();
  const gone = names.slice(0, Math.max(0, names.length - keep));
  for (const n of gone) await fsp.rm(path.join(dir, n), { force: true });
  return gone;
}
