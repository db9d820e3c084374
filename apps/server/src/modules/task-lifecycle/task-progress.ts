import type { Uses } from '../../platform/deps.ts';

/** How often one instance pushes a running task's progress at most. */
const PROGRESS_EVERY_MS = 1000;

/** Pushes the state of a kind of task (bulk send, fan adding) after its change committed. */
export type PublishTasks = (
  deps: Uses<'realtime'>,
  tenantId: string,
  ids: string[],
) => Promise<void>;

declare module '../../platform/deps.ts' {
  interface Services {
    /**
     * The progress pushes not sent yet of a server instance, by kind of task (its label) and
     * task id (built once, modules/services.ts).
     */
    taskTimers: Map<string, Map<string, NodeJS.Timeout>>;
  }
}

/**
 * The progress pushes of a kind of task on the scheduler: `soon` pushes a task's state at most
 * once a second per task and instance (rows finish in bursts: a 20,000-target task moves
 * thousands a minute, the browser hears of it once a second); `stop` drops those not sent yet
 * when the server closes. Shared by bulk-send and fan-tasks.
 */
export function taskProgress(publish: PublishTasks, label: string) {
  return {
    /** Pushes a task's progress within a second, once for all the changes meanwhile. */
    soon(deps: Uses<'realtime' | 'taskTimers'>, tenantId: string, taskId: string): void {
      let timers = deps.taskTimers.get(label);
      if (!timers) deps.taskTimers.set(label, (timers = new Map()));
      if (timers.has(taskId)) return;
      const map = timers;
      const t = setTimeout(() => {
        map.delete(taskId);
        void publish(deps, tenantId, [taskId]).catch((err: unknown) =>
          deps.log.warn({ err }, label),
        );
      }, PROGRESS_EVERY_MS);
      t.unref();
      map.set(taskId, t);
    },
    /** Drops the progress pushes not sent yet (the server is closing). */
    stop(deps: Uses<'taskTimers'>): void {
      const timers = deps.taskTimers.get(label);
      if (!timers) return;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}
