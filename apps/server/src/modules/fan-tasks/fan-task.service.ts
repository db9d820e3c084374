import { randomUUID } from 'node:crypto';
import type {
  FanTaskCreateBody,
  FanTaskCreateResult,
  FanTaskItem,
  FanTaskListBody,
  FanTaskRowInput,
  FanTaskRowItem,
  FanTaskRowsBody,
  FanTaskState,
  Language,
  ListResult,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Tx } from '../../platform/db.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { keysetRows } from '../../platform/xlsx-export.ts';
import type { AccountRiskEvent } from '../accounts/index.ts';
import { type ConvScope, convScopeOf, scopeHas } from '../conversations/index.ts';
import { TaskLifecycle, taskAccountWxids } from '../task-lifecycle/index.ts';
import { storedStates, toRowItem, toTaskItem } from './fan-task.presenter.ts';
import { storePlan } from './fan-task.plan.repository.ts';
import { fanPushes } from './fan-task.push.ts';
import * as repo from './fan-task.repository.ts';

/** The job kind of friend-adding rows (the scheduler's wake payload). */
export const FAN_JOB = 'fanAdd';
/** How long an import's planner holds the task before it counts as abandoned. */
const IMPORT_LEASE_MS = 10 * 60_000;

/** Bulk friend-adding tasks (issue 14 §3): create, list, rows, pause, restart, delete. */
export class FanTaskService {
  private readonly lifecycle: TaskLifecycle;

  constructor(private readonly deps: Uses<'fanImports' | 'realtime'>) {
    this.lifecycle = new TaskLifecycle(deps, {
      table: repo.FAN_TASK_TABLE,
      job: FAN_JOB,
      publish: fanPushes.publish,
    });
  }

  private get db() {
    return this.deps.db;
  }

  /** A task the caller sees (every account of it in the caller's scope), else 404. */
  private async visibleTask(auth: AuthContext, id: string) {
    const scope = await convScopeOf(this.db, auth);
    const task = await repo.findTask(this.db, scope, id);
    if (!task) throw fail.notFound('fanTaskNotFound');
    return { task, scope };
  }

  /**
   * Creates a task: the accounts must be visible, the rows (inline or from a checked import) at
   * least as many as the accounts. Inline rows are planned at once; an import's in the
   * background while the task shows `importing`.
   */
  async create(auth: AuthContext, body: FanTaskCreateBody): Promise<FanTaskCreateResult> {
    const scope = await convScopeOf(this.db, auth);
    const wanted = [...new Set(body.workWxids)];
    const byWxid = await repo.accountsByWxids(this.db, scope.tenantId, wanted);
    const accountIds = wanted.map((wxid) => {
      const id = byWxid.get(wxid);
      if (!id || !scopeHas(scope, id)) throw fail.notFound('workAccountNotFound');
      return id;
    });
    const now = this.deps.now();
    const startAt = body.startType === 'scheduled' ? (body.startAt ?? now) : now;
    const base = {
      tenantId: scope.tenantId,
      name: body.taskName,
      workAccountIds: accountIds,
      greeting: body.greeting,
      intervalSec: body.intervalSec,
      jitterSec: body.jitterSec,
      dailyCap: body.dailyCap,
      rowsPerPull: body.rowsPerPull,
      startType: body.startType,
      startAt,
      includeTried: body.includeTried,
      createdBy: auth.userId,
      createdAt: now,
    };
    const ready: FanTaskState = startAt > now ? 'pending' : 'running';
    if (body.rows && body.rows.length > 0) {
      if (accountIds.length > body.rows.length) throw fail.invalid('tooManyAccountsForData');
      const rows = body.rows;
      const id = await this.db.transaction(async (tx) => {
        const taskId = await repo.insertTask(tx, {
          ...base,
          status: ready,
          startedAt: ready === 'running' ? now : null,
        });
        await this.plan(tx, scope.tenantId, taskId, rows, accountIds, body.includeTried, now);
        await this.lifecycle.pauseIfAtRisk(tx, scope.tenantId, taskId, accountIds);
        return taskId;
      });
      await this.lifecycle.announce(scope.tenantId, id);
      return { taskId: id };
    }
    return this.createFromImport(scope, auth.userId, body, base, ready);
  }

  private async createFromImport(
    scope: ConvScope,
    userId: string,
    body: FanTaskCreateBody,
    base: Omit<Parameters<typeof repo.insertTask>[1], 'status'>,
    ready: FanTaskState,
  ): Promise<FanTaskCreateResult> {
    const { source } = this.deps.fanImports;
    const importId = body.importId!;
    const importer = { tenantId: scope.tenantId, userId };
    const rows = source ? await source(this.db, importer, importId) : null;
    if (!rows || rows.length === 0) throw fail.notFound('fanImportNotFound');
    if (base.workAccountIds.length > rows.length) throw fail.invalid('tooManyAccountsForData');
    const owner = `import-${randomUUID()}`;
    const taskId = await repo.insertTask(this.db, {
      ...base,
      importId,
      status: 'importing',
      leaseOwner: owner,
      leaseUntil: this.deps.now() + IMPORT_LEASE_MS,
    });
    await fanPushes.publish(this.deps, scope.tenantId, [taskId]);
    // Planned after the answer: a long list shows `importing` meanwhile. A planner that dies
    // leaves the lease to lapse, and the scheduler's upkeep closes the task abnormally.
    void (async () => {
      const now = this.deps.now();
      const done = await this.db.transaction(async (tx) => {
        await this.plan(
          tx,
          scope.tenantId,
          taskId,
          rows,
          base.workAccountIds,
          base.includeTried ?? false,
          now,
        );
        const planned = await repo.setTaskState(tx, scope.tenantId, taskId, ['importing'], {
          status: ready,
          startedAt: ready === 'running' ? now : null,
          leaseOwner: null,
          leaseUntil: null,
        });
        if (planned)
          await this.lifecycle.pauseIfAtRisk(tx, scope.tenantId, taskId, base.workAccountIds);
        return planned;
      });
      if (done) await this.lifecycle.announce(scope.tenantId, taskId);
    })().catch(async (err: unknown) => {
      this.deps.log.error({ err, taskId }, 'planning an imported task failed');
      await repo
        .setTaskState(this.db, scope.tenantId, taskId, ['importing'], {
          status: 'abnormal',
          reasonKey: 'fanImportFailed',
          endedAt: this.deps.now(),
          leaseOwner: null,
          leaseUntil: null,
        })
        .catch(() => undefined);
      await fanPushes.publish(this.deps, scope.tenantId, [taskId]).catch(() => undefined);
    });
    return { taskId };
  }

  /** Stores the planned rows and puts their targets into the data pool (one statement). */
  private async plan(
    tx: Tx,
    tenantId: string,
    taskId: string,
    rows: FanTaskRowInput[],
    accountIds: string[],
    includeTried: boolean,
    now: number,
  ): Promise<void> {
    const counts = await storePlan(tx, { tenantId, taskId, rows, accountIds, includeTried, now });
    await repo.setPlannedCounts(tx, taskId, counts.total, counts.skipped);
  }

  /** A page of the visible tasks with their live counts. */
  async list(
    auth: AuthContext,
    body: FanTaskListBody,
    lang: Language,
  ): Promise<ListResult<FanTaskItem>> {
    const scope = await convScopeOf(this.db, auth);
    const { rows, total } = await repo.listTasks(
      this.db,
      scope,
      { status: body.status, keyword: body.keyword || undefined },
      body.page,
      body.pageSize,
    );
    const wxids = await taskAccountWxids(this.db, scope.tenantId, rows);
    const reasons = await this.lifecycle.riskReasons(scope.tenantId, rows, lang);
    const list = rows.map((t) => {
      const item = toTaskItem(t, wxids, lang);
      const reason = reasons.get(t.id);
      return reason ? { ...item, reason } : item;
    });
    return { list, total };
  }

  /** An account's ban risk changed: its tasks pause at 危险 and go on after a person's resume. */
  onAccountRisk(ev: AccountRiskEvent): Promise<void> {
    return this.lifecycle.onAccountRisk(ev);
  }

  /** A page of a visible task's rows, in list order. */
  async rows(
    auth: AuthContext,
    body: Omit<FanTaskRowsBody, 'page' | 'pageSize'>,
    page: number,
    pageSize: number,
    lang: Language,
  ): Promise<ListResult<FanTaskRowItem>> {
    const { task } = await this.visibleTask(auth, body.taskId);
    const { rows, total } = await repo.listRows(
      this.db,
      task.tenantId,
      task.id,
      {
        state: body.state ? storedStates(body.state) : undefined,
        status: body.status,
        keyword: body.keyword || undefined,
      },
      page,
      pageSize,
    );
    return { list: rows.map((r) => toRowItem(r, task.greeting, lang)), total };
  }

  /**
   * Every row of a task under the filter, in the list's order, read in chunks that each continue
   * after the previous one's last row (a task may hold a million rows).
   */
  async *exportRows(
    auth: AuthContext,
    body: Omit<FanTaskRowsBody, 'page' | 'pageSize'>,
    lang: Language,
    chunk = 500,
  ): AsyncGenerator<FanTaskRowItem> {
    const { task } = await this.visibleTask(auth, body.taskId);
    const filter = {
      state: body.state ? storedStates(body.state) : undefined,
      status: body.status,
      keyword: body.keyword || undefined,
    };
    const rows = keysetRows(
      (after: number | null, size) =>
        repo.rowsAfter(this.db, task.tenantId, task.id, filter, after, size),
      (r) => r.seq,
      chunk,
    );
    for await (const r of rows) yield toRowItem(r, task.greeting, lang);
  }

  /** Pauses a pending or running task (409 'no task to pause' otherwise). */
  async pause(auth: AuthContext, id: string): Promise<null> {
    const { task } = await this.visibleTask(auth, id);
    await this.lifecycle.pause(task.tenantId, id);
    return null;
  }

  /** Resumes a paused task (pending again when its start time is still ahead). */
  async restart(auth: AuthContext, id: string): Promise<null> {
    const { task } = await this.visibleTask(auth, id);
    await this.lifecycle.restart(task.tenantId, id);
    return null;
  }

  /** Deletes a task that is not in progress (its rows go; the data pool keeps the targets). */
  async remove(auth: AuthContext, id: string): Promise<null> {
    const { task } = await this.visibleTask(auth, id);
    await this.lifecycle.remove(task.tenantId, id);
    return null;
  }
}
