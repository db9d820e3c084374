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
 * batches (each its own short transaction, so sends and receipts run in between), then the
 * cached received files of that age; the statistics rollups stay. Returns what went.
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
      files += r.keys.length;
      if (r.deleted < batch) break;
    }
    for (;;) {
      const keys = await deleteOldCachedFiles(deps.db, t.id, before, batch);
      for (const key of keys) await storage.delete(key);
      files += keys.length;
      if (keys.length < batch) break;
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
