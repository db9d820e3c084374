import { useQueryClient } from '@tanstack/react-query';
import type { FanTaskListResult, FanTaskPush } from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { fanTasksKeys } from './api.ts';

/**
 * Keeps the task list live: a `fanTask` push puts the task's new state and counts into every
 * cached page that shows it (a task not on screen refetches the list; so does a change of state,
 * whose reason the push does not carry), and refreshes the open rows drawer of that task.
 */
export function useFanTasksLive(): void {
  const client = useQueryClient();
  useRealtimeEvent<FanTaskPush>('fanTask', (p) => {
    let found = false;
    let moved = false;
    client.setQueriesData<FanTaskListResult>({ queryKey: fanTasksKeys.list }, (old) => {
      if (!old) return old;
      const shown = old.list.find((task) => task.taskId === p.taskId);
      if (!shown) return old;
      found = true;
      moved ||= shown.status !== p.status;
      return {
        ...old,
        list: old.list.map((task) =>
          task.taskId === p.taskId ? { ...task, status: p.status, counts: p.counts } : task,
        ),
      };
    });
    if (!found || moved) void client.invalidateQueries({ queryKey: fanTasksKeys.list });
    void client.invalidateQueries({ queryKey: [...fanTasksKeys.rows, p.taskId] });
  });
}
