import type { Language } from '@cst/shared';
import type { Tx } from '../../platform/db.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { Scheduler } from '../../scheduler/scheduler.ts';
import {
  lockAccountsAtDanger,
  RISK_PAUSE_REASON,
  riskPauseTexts,
  type AccountRiskEvent,
} from '../accounts/index.ts';
import {
  deleteTask,
  pauseForRisk,
  pauseNewForRisk,
  pauseTask,
  restartTask,
  resumeAfterRisk,
} from './task-lifecycle.repository.ts';
import type { TaskTable } from './task-table.ts';

/** A kind of task as its lifecycle sees it. */
export interface TaskKind {
  table: TaskTable;
  /** The scheduler's job kind that works the tasks' rows (woken when a task may run). */
  job: string;
  /** Pushes tasks' state after their change committed (`taskPushes(…).publish`). */
  publish: (deps: Uses<'realtime'>, tenantId: string, ids: string[]) => Promise<void>;
}

/**
 * The lifecycle every kind of task shares (mass send, friend adding): a person pauses, restarts
 * or deletes a task; an account at ban risk 危险 pauses the tasks it still has work in, and a
 * person's resume of the account lets them go on; a task list says why a task is paused for risk.
 * Each change is pushed after its commit; a change that lets a task run wakes its job.
 * The caller has checked that the caller may see the task.
 */
export class TaskLifecycle {
  constructor(
    private readonly deps: Uses<'realtime'>,
    private readonly kind: TaskKind,
  ) {}

  /** After a commit: the console hears of the task, the schedulers wake. */
  async announce(tenantId: string, taskId: string): Promise<void> {
    await this.kind.publish(this.deps, tenantId, [taskId]);
    await Scheduler.wake(this.deps, this.kind.job);
  }

  /** Pauses a pending or running task (409 'no task to pause' otherwise). */
  async pause(tenantId: string, id: string): Promise<void> {
    if (!(await pauseTask(this.deps.db, this.kind.table, tenantId, id))) {
      throw fail.conflict('noTaskToPause');
    }
    await this.kind.publish(this.deps, tenantId, [id]);
  }

  /**
   * Resumes a paused task: pending again when its start is still ahead, else running. A person's
   * restart: the task runs even when an account is still at 危险 (the scheduler holds that one).
   */
  async restart(tenantId: string, id: string): Promise<void> {
    const done = await restartTask(this.deps.db, this.kind.table, tenantId, id, this.deps.now());
    if (!done) throw fail.conflict('noTaskToRestart');
    await this.announce(tenantId, id);
  }

  /** Deletes a task that is not in progress (409 otherwise); its rows go with it. */
  async remove(tenantId: string, id: string): Promise<void> {
    if (!(await deleteTask(this.deps.db, this.kind.table, tenantId, id))) {
      throw fail.conflict('cannotDeleteRunningTask');
    }
  }

  /**
   * In the transaction that planned a task: when one of its accounts is already at 危险 and has
   * work in it, the task starts paused with the reason (the accounts' rows are locked, so a risk
   * change committing at the same time either is seen here or pauses the task once it is saved).
   */
  async pauseIfAtRisk(
    tx: Tx,
    tenantId: string,
    taskId: string,
    accountIds: string[],
  ): Promise<void> {
    const danger = await lockAccountsAtDanger(tx, tenantId, accountIds);
    await pauseNewForRisk(tx, this.kind.table, tenantId, taskId, danger, RISK_PAUSE_REASON);
  }

  /**
   * An account's ban risk changed: at 危险 its tasks with work left pause with the reason; when a
   * person resumes it, the tasks it paused run again (unless another of their accounts is still
   * at 危险).
   */
  async onAccountRisk(ev: AccountRiskEvent): Promise<void> {
    const { db } = this.deps;
    if (ev.risk === 'danger') {
      const ids = await pauseForRisk(
        db,
        this.kind.table,
        ev.tenantId,
        ev.accountId,
        RISK_PAUSE_REASON,
      );
      await this.kind.publish(this.deps, ev.tenantId, ids);
    } else if (ev.risk === 'normal' && ev.by !== null) {
      const ids = await resumeAfterRisk(
        db,
        this.kind.table,
        ev.tenantId,
        ev.accountId,
        RISK_PAUSE_REASON,
        this.deps.now(),
      );
      if (ids.length > 0) {
        await this.kind.publish(this.deps, ev.tenantId, ids);
        await Scheduler.wake(this.deps, this.kind.job);
      }
    }
  }

  /**
   * Why each of a page's tasks that is paused for risk is paused (the accounts at 危险 and the
   * platform's words), by task id: one query for the page.
   */
  async riskReasons(
    tenantId: string,
    tasks: { id: string; status: string; reasonKey: string | null; workAccountIds: string[] }[],
    lang: Language,
  ): Promise<Map<string, string>> {
    const paused = tasks.filter((t) => t.status === 'paused' && t.reasonKey === RISK_PAUSE_REASON);
    return riskPauseTexts(this.deps.db, tenantId, paused, lang);
  }
}
