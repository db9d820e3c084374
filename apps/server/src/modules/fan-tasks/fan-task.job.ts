import { FRIEND_REQUEST_STATUS } from '@cst/shared';
import { GatewayError, type FriendInfoDto } from '../../gateway/index.ts';
import type { Uses } from '../../platform/deps.ts';
import { refundLane } from '../../scheduler/lanes.repository.ts';
import type { Claimed, ClaimScope, JobContext, JobKind } from '../../scheduler/scheduler.ts';
import { accountByWxid, callHolder } from '../conversations/index.ts';
import { sendFriendRequest } from '../friend-requests/index.ts';
import { startDue, type ChangedTask } from '../task-lifecycle/index.ts';
import { rowKey } from './fan-task.presenter.ts';
import { FAN_TASK_TABLE } from './fan-task.repository.ts';
import { fanPushes } from './fan-task.push.ts';
import {
  candidates,
  claimRows,
  closeAbandonedImports,
  completeFinished,
  finishRow,
  isFriendNow,
  laneOf,
  loadRunRow,
  releaseRows,
  type RowOutcome,
  type RunRow,
} from './fan-task-rows.repository.ts';
import { FAN_JOB } from './fan-task.service.ts';

/** A claimed row as the scheduler holds it. */
export interface FanItem {
  tenantId: string;
  taskId: string;
  seq: number;
  /** The day its slot was counted on (a refund goes back to that day). */
  day: string;
}

/** Attempts after which a row that keeps failing for other reasons is marked failed. */
export const FAN_MAX_ATTEMPTS = 5;
/** Candidate (task, account) pairs looked at per claim. */
const CANDIDATES_PER_CLAIM = 200;

/** Whether a gateway error means the account cannot send now (its rows wait, they do not fail). */
function accountAway(err: unknown): boolean {
  return err instanceof GatewayError && (err.code === 'notHeld' || err.code === 'notOnline');
}

/**
 * The friend-adding task's work on the scheduler: rows are claimed per account (one lane per
 * account: its interval, jitter and daily cap), each run searches the target and sends the
 * request with the row's key (`taskId:seq`) as idempotency key, and records the outcome if the row is still ours.
 */
export class FanAddJob implements JobKind<FanItem> {
  readonly name = FAN_JOB;

  constructor(private readonly deps: Uses<'realtime' | 'runtime' | 'taskTimers'>) {}

  async maintain(_ctx: JobContext): Promise<void> {
    const now = this.deps.now();
    const changed: ChangedTask[] = [
      ...(await startDue(this.deps.db, FAN_TASK_TABLE, now)),
      // Completed with their task.completed events, in one transaction.
      ...(await this.deps.db.transaction(async (tx) => {
        const done = await completeFinished(tx, now);
        await fanPushes.recordCompleted(tx, done, now);
        return done;
      })),
      ...(await closeAbandonedImports(this.deps.db, now)),
    ];
    await fanPushes.publishChanged(this.deps, changed);
  }

  async claim(scope: ClaimScope): Promise<Claimed<FanItem>[]> {
    const pairs = await candidates(scope.tx, scope.now, scope.day, CANDIDATES_PER_CLAIM);
    const out: Claimed<FanItem>[] = [];
    const accounts = new Set<string>();
    let budget = scope.budget;
    for (const c of pairs) {
      if (budget <= 0) break;
      // One pull per account a round: the lane decides its pace whichever task the rows are of.
      if (accounts.has(c.account_id)) continue;
      accounts.add(c.account_id);
      const lane = laneOf(c.account_id);
      const slots = await scope.reserve({
        key: lane,
        tenantId: c.tenant_id,
        pace: {
          intervalMs: c.interval_sec * 1000,
          jitterMs: c.jitter_sec * 1000,
          dailyCap: c.daily_cap,
        },
        want: Math.min(c.rows_per_pull, budget),
      });
      if (!slots) continue;
      const rows = await claimRows(scope.tx, {
        taskId: c.task_id,
        accountId: c.account_id,
        now: scope.now,
        owner: scope.owner,
        until: scope.leaseUntil(slots.slots[slots.slots.length - 1]!),
        n: slots.slots.length,
      });
      await slots.commit(rows.length);
      rows.forEach((r, i) =>
        out.push({
          lane,
          key: rowKey(c.task_id, r.seq),
          at: slots.slots[i]!,
          data: { tenantId: c.tenant_id, taskId: c.task_id, seq: r.seq, day: scope.day },
        }),
      );
      budget -= rows.length;
    }
    return out;
  }

  async run(item: Claimed<FanItem>, ctx: JobContext): Promise<void> {
    const db = this.deps.db;
    const row = await loadRunRow(db, item.data.taskId, item.data.seq);
    if (!row) {
      // The task was deleted: its slot is given back.
      await refundLane(db, item.lane, item.data.day, 1);
      return;
    }
    // Our lease lapsed and another instance holds the row now: it is theirs to send.
    if (row.state !== 'claimed' || row.lease_owner !== ctx.owner) return;
    if (row.task_status !== 'running' || row.account_status !== 'online') {
      await this.giveBack([item], ctx);
      return;
    }
    let outcome: RowOutcome;
    try {
      outcome = await this.send(row, item.key);
    } catch (err) {
      if (accountAway(err) || row.attempts < FAN_MAX_ATTEMPTS) {
        this.deps.log.warn(
          { err, row: item.key },
          'friend request of a task row not sent; retried',
        );
        await this.giveBack([item], ctx);
        return;
      }
      outcome = {
        status: FRIEND_REQUEST_STATUS.failed,
        reason: err instanceof Error ? err.message : String(err),
        reasonKey: 'fanTooManyAttempts',
        wxid: null,
        nickname: '',
      };
    }
    const now = this.deps.now();
    const done = await db.transaction((tx) =>
      finishRow(tx, row.task_id, row.seq, ctx.owner, now, outcome),
    );
    if (done) fanPushes.progressSoon(this.deps, row.tenant_id, row.task_id);
  }

  /**
   * Finds the target and sends the request (idempotency key: the row's key), through the one
   * send path of friend requests: recorded as sent with origin `task`, so the friend it brings
   * gets source `task`.
   */
  private async send(row: RunRow, key: string): Promise<RowOutcome> {
    const failed = (reasonKey: string, reason = ''): RowOutcome => ({
      status: FRIEND_REQUEST_STATUS.failed,
      reason,
      reasonKey,
      wxid: null,
      nickname: '',
    });
    const account = await accountByWxid(this.deps.db, row.tenant_id, row.work_wxid);
    if (!account) return failed('fanAccountGone');
    const found = await callHolder<FriendInfoDto | null>(this.deps, account.wxid, {
      name: 'searchUser',
      keyword: row.target,
    });
    if (!found) return failed('contactNotFound');
    if (found.wxid === account.wxid) return failed('addSelf');
    const person = { wxid: found.wxid, nickname: found.name };
    try {
      const answer = await sendFriendRequest(this.deps, account, null, {
        wxid: found.wxid,
        verifyContent: row.greeting,
        ticket: found.ticket || undefined,
        origin: 'task',
        idempotencyKey: key,
        nickname: found.name,
        avatar: found.smallHeadImage,
      });
      let status = answer.status;
      // The person may have accepted before this row is recorded: the answer is not lost.
      if (
        status === FRIEND_REQUEST_STATUS.requested &&
        (await isFriendNow(this.deps.db, account.id, found.wxid))
      ) {
        status = FRIEND_REQUEST_STATUS.succeeded;
      }
      return { status, reason: answer.reason, reasonKey: null, ...person };
    } catch (err) {
      if (err instanceof GatewayError && err.code === 'alreadyFriend') {
        return {
          status: FRIEND_REQUEST_STATUS.alreadyFriend,
          reason: '',
          reasonKey: null,
          ...person,
        };
      }
      if (err instanceof GatewayError && (err.code === 'notFound' || err.code === 'invalid')) {
        return {
          ...failed(err.code === 'notFound' ? 'contactNotFound' : '', err.message),
          ...person,
        };
      }
      throw err;
    }
  }

  async release(items: Claimed<FanItem>[], ctx: JobContext): Promise<void> {
    await this.giveBack(items, ctx);
  }

  /** Rows back to the queue, their slots back to their lanes' day counts. */
  private async giveBack(items: Claimed<FanItem>[], ctx: JobContext): Promise<void> {
    const byAccount = await releaseRows(
      this.deps.db,
      items.map((i) => ({ taskId: i.data.taskId, seq: i.data.seq })),
      ctx.owner,
    );
    const days = new Map(items.map((i) => [i.lane, i.data.day]));
    for (const r of byAccount) {
      const lane = laneOf(r.work_account_id);
      await refundLane(this.deps.db, lane, days.get(lane) ?? '', Number(r.n));
    }
  }
}
