import { useQueryClient } from '@tanstack/react-query';
import type { BulkTaskFetchResult, BulkTaskPush } from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { bulkSendKeys } from './api.ts';

/**
 * Keeps the task list live: a `bulkSendTask` push (at most one a second per task) puts the
 * task's state and counts into every cached page that shows it (a task not on screen refetches
 * the list; so does a change of state, whose reason the push does not carry) and refreshes the
 * open details of that task.
 */
export function useBulkTasksLive(): void {
  const client = useQueryClient();
  useRealtimeEvent<BulkTaskPush>('bulkSendTask', (p) => {
    let found = false;
    let moved = false;
    client.setQueriesData<BulkTaskFetchResult>({ queryKey: bulkSendKeys.list }, (old) => {
      if (!old) return old;
      const shown = old.list.find((task) => task.taskId === p.taskId);
      if (!shown) return old;
      found = true;
      moved ||= shown.status !== p.status;
      return {
        ...old,
        list: old.list.map((task) => (task.taskId === p.taskId ? { ...task, ...p } : task)),
      };
    });
    if (!found || moved) void client.invalidateQueries({ queryKey: bulkSendKeys.list });
    void client.invalidateQueries({ queryKey: [...bulkSendKeys.details, p.taskId] });
  });
}
