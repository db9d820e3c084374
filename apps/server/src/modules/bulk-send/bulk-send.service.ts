import type {
  BulkDetailItem,
  BulkDetailsBody,
  BulkReissueResult,
  BulkSendFilter,
  BulkTaskCreateBody,
  BulkTaskCreateResult,
  BulkTaskFetchBody,
  BulkTaskItem,
  BulkTaskState,
  Language,
  ListResult,
} from '@cst/shared';
import { MAX_TEXT_LENGTH } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { keysetRows } from '../../platform/xlsx-export.ts';
import type { AccountRiskEvent } from '../accounts/index.ts';
import { convScopeOf, scopeHas, accountByWxid } from '../conversations/index.ts';
import { resolveMaterialMessages } from '../material/index.ts';
import { TaskLifecycle, taskAccountWxids } from '../task-lifecycle/index.ts';
import { draftsOf } from './bulk-send.drafts.ts';
import { BULK_JOB } from './bulk-send.job.ts';
import { toDetailItem, toTaskItem } from './bulk-send.presenter.ts';
import { bulkPushes } from './bulk-send.push.ts';
import * as repo from './bulk-send.repository.ts';
import { planTargets } from './bulk-send.targets.ts';

/** The group helper's mass-send tasks (issue 16 §2): create, fetch, details, pause, restart, reissue, delete. */
export class BulkSendService {
  private readonly lifecycle: TaskLifecycle;

  constructor(private readonly deps: Uses<'realtime' | 'storage'>) {
    this.lifecycle = new TaskLifecycle(deps, {
      table: repo.BULK_TASK_TABLE,
      job: BULK_JOB,
      publish: bulkPushes.publish,
    });
  }

  private get db() {
    return this.deps.db;
  }

  /** A task the caller sees (every account of it in the caller's scope), else 404. */
  private async visibleTask(auth: AuthContext, id: string) {
    const scope = await convScopeOf(this.db, auth);
    const task = await repo.findTask(this.db, scope, id);
    if (!task) throw fail.notFound('bulkTaskNotFound');
    return task;
  }

  /**
   * Creates a task: the accounts must be visible, the messages valid; the targets are planned
   * into rows (one per target and message) in the same transaction, so the task is complete
   * before the scheduler sees it.
   */
  async create(auth: AuthContext, body: BulkTaskCreateBody): Promise<BulkTaskCreateResult> {
    const scope = await convScopeOf(this.db, auth);
    const accountIds: string[] = [];
    for (const wxid of new Set(body.workWxids)) {
      const a = await accountByWxid(this.db, scope.tenantId, wxid);
      if (!a || !scopeHas(scope, a.id)) throw fail.notFound('workAccountNotFound');
      accountIds.push(a.id);
    }
    const messages = await resolveMaterialMessages(this.deps, auth, body.messages, MAX_TEXT_LENGTH);
    const drafts = await draftsOf(this.deps, scope.tenantId, messages);
    const now = this.deps.now();
    const sendAt = body.sendType === 'scheduled' ? (body.sendAt ?? now) : now;
    const status: BulkTaskState = sendAt > now ? 'pending' : 'running';
    const taskId = await this.db.transaction(async (tx) => {
      const plan = await planTargets(
        tx,
        scope.tenantId,
        accountIds,
        body.taskType,
        body.targets,
        drafts.length,
      );
      const id = await repo.insertTask(tx, {
        tenantId: scope.tenantId,
        name: body.taskName,
        taskType: body.taskType,
        status,
        workAccountIds: accountIds,
        targetMode: body.targets.mode,
        messages: drafts,
        targets: plan.targets,
        sendType: body.sendType,
        sendAt,
        createdBy: auth.userId,
        createdAt: now,
        startedAt: status === 'running' ? now : null,
      });
      await repo.insertRows(tx, scope.tenantId, id, plan.rows);
      // An account already at 危险 holds its sends: the task starts paused with the reason.
      await this.lifecycle.pauseIfAtRisk(tx, scope.tenantId, id, accountIds);
      return id;
    });
    await this.lifecycle.announce(scope.tenantId, taskId);
    return { taskId };
  }

  /** A page of the visible tasks with their live counts. */
  async fetch(
    auth: AuthContext,
    body: BulkTaskFetchBody,
    lang: Language,
  ): Promise<ListResult<BulkTaskItem>> {
    const scope = await convScopeOf(this.db, auth);
    const { rows, total } = await repo.listTasks(
      this.db,
      scope,
      body.status,
      body.page,
      body.pageSize,
    );
    const counts = await repo.countsByTask(
      this.db,
      scope.tenantId,
      rows.map((r) => r.id),
      this.deps.now(),
    );
    const wxids = await taskAccountWxids(this.db, scope.tenantId, rows);
    const reasons = await this.lifecycle.riskReasons(scope.tenantId, rows, lang);
    const list = rows.map((t) => {
      const item = toTaskItem(t, counts.get(t.id), wxids, lang);
      const reason = reasons.get(t.id);
      return reason ? { ...item, reason } : item;
    });
    return { list, total };
  }

  /** An account's ban risk changed: its tasks pause at 危险 and go on after a person's resume. */
  onAccountRisk(ev: AccountRiskEvent): Promise<void> {
    return this.lifecycle.onAccountRisk(ev);
  }

  /** A page of a visible task's sends, in plan order. */
  async details(
    auth: AuthContext,
    body: BulkDetailsBody,
    lang: Language,
  ): Promise<ListResult<BulkDetailItem>> {
    const task = await this.visibleTask(auth, body.taskId);
    const { rows, total } = await repo.detailRows(
      this.db,
      task.tenantId,
      task.id,
      { state: body.state },
      body.page,
      body.pageSize,
      this.deps.now(),
    );
    return { list: rows.map((r) => toDetailItem(r, task.messages, lang)), total };
  }

  /** Every send of a task under the filter, in plan order, read in chunks (export). */
  async *exportDetails(
    auth: AuthContext,
    taskId: string,
    state: BulkSendFilter | undefined,
    lang: Language,
  ): AsyncGenerator<BulkDetailItem> {
    const task = await this.visibleTask(auth, taskId);
    const rows = keysetRows(
      async (after: number | null, size) =>
        (
          await repo.detailRows(
            this.db,
            task.tenantId,
            task.id,
            { state, afterSeq: after ?? 0 },
            1,
            size,
            this.deps.now(),
          )
        ).rows,
      (r) => r.seq,
      500,
    );
    for await (const r of rows) yield toDetailItem(r, task.messages, lang);
  }

  /** Pauses a pending or running task (409 'no task to pause' otherwise). */
  async pause(auth: AuthContext, id: string): Promise<null> {
    const task = await this.visibleTask(auth, id);
    await this.lifecycle.pause(task.tenantId, id);
    return null;
  }

  /** Resumes a paused task (pending again when its send time is still ahead). */
  async restart(auth: AuthContext, id: string): Promise<null> {
    const task = await this.visibleTask(auth, id);
    await this.lifecycle.restart(task.tenantId, id);
    return null;
  }

  /**
   * Sends the failed sends again (only those): each is queued in a new round, a new idempotency
   * key, and a finished task runs again. 409 when nothing failed.
   */
  async reissue(auth: AuthContext, id: string): Promise<BulkReissueResult> {
    const task = await this.visibleTask(auth, id);
    const reissued = await this.db.transaction(async (tx) => {
      const n = await repo.requeueFailed(tx, task.tenantId, id);
      if (n === 0) return 0;
      await repo.setTaskState(tx, task.tenantId, id, ['completed', 'abnormal'], {
        status: 'running',
        endedAt: null,
        reasonKey: null,
      });
      return n;
    });
    if (reissued === 0) throw fail.conflict('bulkNoFailedRows');
    await this.lifecycle.announce(task.tenantId, id);
    return { reissued };
  }

  /** Deletes a task that is not in progress (its sends' records go with it). */
  async remove(auth: AuthContext, id: string): Promise<null> {
    const task = await this.visibleTask(auth, id);
    await this.lifecycle.remove(task.tenantId, id);
    return null;
  }
}
