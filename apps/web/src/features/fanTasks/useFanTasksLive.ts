import { useQueryClient } from '@tanstack/react-query';
import type { FanTaskListResult, FanTaskPush } from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { fanTasksKeys } from './api.ts';

/**
 * Keeps the task list live: a `fanTask` push puts the task's new state and counts into every
 * cached page that shows it (a task not on screen refetches the list), and refreshes the open
 * rows drawer of that task.
 */
export function useFanTasksLive(): void {
  const client = useQueryClient();
  useRealtimeEvent<FanTaskPush>('fanTask', (p) => {
    let found = false;
    client.setQueriesData<FanTaskListResult>({ queryKey: fanTasksKeys.list }, (old) => {
      if (!old) return old;
      if (!old.list.some((task) => task.taskId === p.taskId)) return old;
      found = true;
      return {
        ...old,
        list: old.list.map((task) =>
          task.taskId === p.taskId ? { ...task, status: p.status, counts: p.counts } : task,
        ),
      };
    });
    if (!found) void client.invalidateQueries({ queryKey: fanTasksKeys.list });
    void client.invalidateQueries({ queryKey: [...fanTasksKeys.rows, p.taskId] });
  });
}
