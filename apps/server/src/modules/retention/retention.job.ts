import type { Uses } from '../../platform/deps.ts';
import { periodicJob } from '../../scheduler/periodic.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import {
  deleteFileRows,
  deleteMessages,
  leftoverFiles,
  oldMessages,
  tenantsWithRetention,
  type StoredFileToDelete,
} from './retention.repository.ts';

/** How often retention runs, and how many rows one statement deletes. */
export const RETENTION_EVERY_MS = 60 * 60_000;
export const RETENTION_BATCH = 1000;

/** Deletes every object of the files (a missing one is fine: deleting is idempotent). */
async function deleteObjects(storage: ObjectStorage, files: StoredFileToDelete[]): Promise<void> {
  for (const f of files) for (const key of f.keys) await storage.delete(key);
}

/**
 * One pass of retention: for each tenant with a limit, its messages older than the limit go in
 * batches (each its own short transaction, so sends and receipts run in between) with their
 * files (cached received ones, and those a seat uploaded into the chat to send); then the files
 * of that age no message shows: cached received ones whose message had gone already, and uploads
 * into a chat's folder that never went into a message. The statistics rollups stay. Files a
 * message kept still shows, and library files, stay. Returns what went.
 *
 * Crash-safe: a file's objects are deleted before the rows that point to it (its own, and its
 * messages'), and those rows are deleted in one transaction once the objects are gone. A pass
 * stopped anywhere (kill -9 included) leaves every row whose objects may remain, and the next
 * pass finds the same messages and files again and finishes: no object is left without a row.
 */
export async function runRetention(
  deps: Uses<'storage'>,
  batch = RETENTION_BATCH,
): Promise<{ messages: number; files: number }> {
  let messages = 0;
  let files = 0;
  const storage = deps.storage;
  for (const t of await tenantsWithRetention(deps.db)) {
    const before = deps.now() - t.days * 86_400_000;
    for (;;) {
      const r = await oldMessages(deps.db, t.id, before, batch);
      await deleteObjects(storage, r.files);
      await deleteMessages(
        deps.db,
        t.id,
        r.ids,
        r.files.map((f) => f.id),
      );
      messages += r.ids.length;
      files += r.files.length;
      if (r.ids.length < batch) break;
    }
    for (const sweep of ['media', 'upload'] as const) {
      let after: string | null = null;
      for (;;) {
        const r = await leftoverFiles(deps.db, t.id, sweep, before, batch, after);
        await deleteObjects(storage, r.files);
        await deleteFileRows(
          deps.db,
          t.id,
          r.files.map((f) => f.id),
        );
        files += r.files.length;
        if (r.seen < batch) break;
        after = r.next;
      }
    }
  }
  return { messages, files };
}

/** Retention as a periodic job of the one scheduler (hourly). */
export function retentionJob(deps: Uses<'storage'>) {
  return periodicJob('retention', RETENTION_EVERY_MS, async () => {
    const r = await runRetention(deps);
    if (r.messages || r.files) deps.log.info(r, 'retention deleted old messages and files');
  });
}
