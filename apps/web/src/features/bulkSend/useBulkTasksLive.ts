import { useQueryClient } from '@tanstack/react-query';
import type { BulkTaskFetchResult, BulkTaskPush } from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { bulkSendKeys } from './api.ts';

/**
 * Keeps the task list live: a `bulkSendTask` push (at most one a second per task) puts the
 * task's state and counts into every cached page that shows it (a task not on screen refetches
 * the list) and refreshes the open details of that task.
 */
export function useBulkTasksLive(): void {
  const client = useQueryClient();
  useRealtimeEvent<BulkTaskPush>('bulkSendTask', (p) => {
    let found = false;
    client.setQueriesData<BulkTaskFetchResult>({ queryKey: bulkSendKeys.list }, (old) => {
      if (!old) return old;
      if (!old.list.some((task) => task.taskId === p.taskId)) return old;
      found = true;
      return {
        ...old,
        list: old.list.map((task) => (task.taskId === p.taskId ? { ...task, ...p } : task)),
      };
    });
    if (!found) void client.invalidateQueries({ queryKey: bulkSendKeys.list });
    void client.invalidateQueries({ queryKey: [...bulkSendKeys.details, p.taskId] });
  });
}
