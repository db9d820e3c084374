import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TagOp, TagTargetFilter } from '@cst/shared';
import { tagsApi, tagsKeys } from './api.ts';

/** Where a bulk tagging is: running with its progress, done, or stopped by an error. */
export type BulkRunState =
  | { phase: 'idle' }
  | { phase: 'running'; processed: number; changed: number; total: number }
  | { phase: 'done' | 'failed'; processed: number; changed: number; total: number; op: TagOp };

/**
 * Runs a bulk tagging step after step (`tags/bulk/apply`, 25,000 contacts a step), so the
 * progress bar moves with the work; each step continues after the last contact of the one
 * before. A failed step stops the run; running it again skips what is done.
 */
export function useBulkTagRun() {
  const client = useQueryClient();
  const [state, setState] = useState<BulkRunState>({ phase: 'idle' });

  const run = async (filter: TagTargetFilter, tagIds: string[], op: TagOp, total: number) => {
    let processed = 0;
    let changed = 0;
    let after: string | undefined;
    setState({ phase: 'running', processed, changed, total });
    try {
      for (;;) {
        const r = await tagsApi.bulkApply({ filter, tagIds, op, after });
        processed += r.processed;
        changed += r.changed;
        setState({ phase: 'running', processed, changed, total: Math.max(total, processed) });
        if (!r.next) break;
        after = r.next;
      }
      setState({ phase: 'done', processed, changed, total: Math.max(total, processed), op });
    } catch {
      // The client showed the server's message.
      setState({ phase: 'failed', processed, changed, total, op });
    } finally {
      void client.invalidateQueries({ queryKey: tagsKeys.all });
      void client.invalidateQueries({ queryKey: ['friends'] });
    }
  };
  return { state, run, reset: () => setState({ phase: 'idle' }) };
}
