import type { Deps } from '../../platform/deps.ts';
import { periodicJob } from '../../scheduler/periodic.ts';
import { storageOf } from '../../storage/storage.ts';
import {
  deleteOldCachedFiles,
  deleteOldMessages,
  tenantsWithRetention,
} from './retention.repository.ts';

/** How often retention runs, and how many rows one statement deletes. */
export const RETENTION_EVERY_MS = 60 * 60_000;
export const RETENTION_BATCH = 1000;

/**
 * One pass of retention: for each tenant with a limit, its messages older than the limit go in
 * batches (each its own short transaction, so sends and receipts run in between) with their
 * files (cached received ones, and those a seat uploaded into the chat to send), then cached
 * received files of that age whose message had gone already; the statistics rollups stay. Files
 * a message kept still shows, and library files, stay. Returns what went.
 */
export async function runRetention(
  deps: Deps,
  batch = RETENTION_BATCH,
): Promise<{ messages: number; files: number }> {
  let messages = 0;
  let files = 0;
  const storage = storageOf(deps);
  for (const t of await tenantsWithRetention(deps.db)) {
    const before = deps.now() - t.days * 86_400_000;
    for (;;) {
      const r = await deleteOldMessages(deps.db, t.id, before, batch);
      messages += r.deleted;
      for (const key of r.keys) await storage.delete(key);
      files += r.files;
      if (r.deleted < batch) break;
    }
    let after: { at: number; id: string } | null = null;
    for (;;) {
      const r = await deleteOldCachedFiles(deps.db, t.id, before, batch, after);
      for (const key of r.keys) await storage.delete(key);
      files += r.files;
      if (r.seen < batch) break;
      after = r.next;
    }
  }
  return { messages, files };
}

/** Retention as a periodic job of the one scheduler (hourly). */
export function retentionJob() {
  return periodicJob('retention', RETENTION_EVERY_MS, async (deps) => {
    const r = await runRetention(deps);
    if (r.messages || r.files) deps.log.info(r, 'retention deleted old messages and files');
  });
}
