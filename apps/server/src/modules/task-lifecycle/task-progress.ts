import type { Deps, Uses } from '../../platform/deps.ts';

/** How often one instance pushes a running task's progress at most. */
const PROGRESS_EVERY_MS = 1000;

/** Pushes the state of a kind of task (bulk send, fan adding) after its change committed. */
export type PublishTasks = (
  deps: Uses<'realtime'>,
  tenantId: string,
  ids: string[],
) => Promise<void>;

/**
 * The progress pushes of a kind of task on the scheduler: `soon` pushes a task's state at most
 * once a second per task and instance (rows finish in bursts: a 20,000-target task moves
 * thousands a minute, the browser hears of it once a second); `stop` drops those not sent yet
 * when the server closes. Shared by bulk-send and fan-tasks.
 */
export function taskProgress(publish: PublishTasks, label: string) {
  const pending = new WeakMap<Deps, Map<string, NodeJS.Timeout>>();
  return {
    /** Pushes a task's progress within a second, once for all the changes meanwhile. */
    soon(deps: Uses<'realtime'>, tenantId: string, taskId: string): void {
      let timers = pending.get(deps);
      if (!timers) pending.set(deps, (timers = new Map()));
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
    stop(deps: Deps): void {
      const timers = pending.get(deps);
      if (!timers) return;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}
