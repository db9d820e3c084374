import type { Uses } from '../../platform/deps.ts';
import { lockLane, refundLane, type LaneStep } from '../../scheduler/lanes.repository.ts';
import type { Claimed, ClaimScope, JobContext, JobKind } from '../../scheduler/scheduler.ts';
import { platformPacing } from '../accounts/index.ts';
import { startDue, type ChangedTask } from '../task-lifecycle/index.ts';
import { enqueueBulkMessages } from './bulk-send.outbox.ts';
import { bulkPushes } from './bulk-send.push.ts';
import {
  candidates,
  completeFinished,
  failBanned,
  laneOf,
  loadRunRows,
  markClaimed,
  pickRows,
  reconcileOutbox,
  releaseRows,
  type Candidate,
  type PickedRow,
} from './bulk-send-rows.repository.ts';
import { BULK_TASK_TABLE } from './bulk-send.repository.ts';

/** The job kind of mass-send rows (the scheduler's wake payload). */
export const BULK_JOB = 'bulkSend';

/**
 * Claimed rows as the scheduler holds them: consecutive rows of one task and account due at the
 * same instant (intervals of 0, or a target's messages with a message interval of 0) run as one
 * item, handed to the outbox in one transaction.
 */
export interface BulkItem {
  tenantId: string;
  taskId: string;
  /** The rows, in plan order. */
  seqs: number[];
  /** How many are their target's first message (they counted against the daily cap). */
  firsts: number;
  /** The day their slots were counted on (a refund goes back to that day). */
  day: string;
}

/** Rounds an account claims at once when its task has no interval to keep. */
export const ROUNDS_WITHOUT_GAPS = 5;
/** Candidate (task, account) pairs looked at per claim. */
const CANDIDATES_PER_CLAIM = 200;
/** How long a row may sit in the outbox before its state is read off its message. */
const RECONCILE_AFTER_MS = 30_000;
/**
 * How often an instance looks for such rows: a burst hands many rows to the outbox at once, and
 * a join over all of them every round (every poll) would take the database from the sends.
 */
const RECONCILE_EVERY_MS = 10_000;

/** Minutes of the day of an `HH:mm`. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether an instant falls in quiet hours (server time; an end before the start spans midnight). */
export function inQuietHours(now: number, start: string | null, end: string | null): boolean {
  if (!start || !end || start === end) return false;
  const d = new Date(now);
  const m = d.getHours() * 60 + d.getMinutes();
  const s = minutesOf(start);
  const e = minutesOf(end);
  return s < e ? m >= s && m < e : m >= s || m < e;
}

/** The pace of each picked row: the gap after it and whether it counts against the cap. */
function stepsOf(rows: PickedRow[], c: Candidate): LaneStep[] {
  return rows.map((r, i) => {
    const next = rows[i + 1];
    const sameTarget = next !== undefined && next.target === r.target;
    return {
      gapMs: (sameTarget ? c.message_interval_sec : c.target_interval_sec) * 1000,
      jitter: !sameTarget,
      cost: r.msg_index === 0 ? 1 : 0,
    };
  });
}

/**
 * The mass-send task's work on the scheduler: rows are claimed per account (one lane per account
 * and task type: its intervals, jitter and daily cap), each run hands the row's message to the
 * conversations outbox under the row's idempotency key, in one transaction with the row's move,
 * and the outbox's dispatcher sends it from the instance holding the account.
 */
export class BulkSendJob implements JobKind<BulkItem> {
  readonly name = BULK_JOB;

  private reconciledAt = 0;

  constructor(private readonly deps: Uses<'realtime' | 'runtime' | 'taskTimers'>) {}

  async maintain(_ctx: JobContext): Promise<void> {
    const now = this.deps.now();
    const db = this.deps.db;
    const changed: ChangedTask[] = [
      ...(await startDue(db, BULK_TASK_TABLE, now)),
      ...(await failBanned(db)),
    ];
    if (now - this.reconciledAt >= RECONCILE_EVERY_MS) {
      this.reconciledAt = now;
      for (const r of await reconcileOutbox(db, now - RECONCILE_AFTER_MS)) {
        bulkPushes.progressSoon(this.deps, r.tenant_id, r.task_id);
      }
    }
    // Closed with their task.completed events, in one transaction.
    changed.push(
      ...(await db.transaction(async (tx) => {
        const done = await completeFinished(tx, now);
        await bulkPushes.recordCompleted(tx, done, now);
        return done;
      })),
    );
    await bulkPushes.publishChanged(this.deps, changed);
  }

  async claim(scope: ClaimScope): Promise<Claimed<BulkItem>[]> {
    // The platform's human pacing paces what no one set (nothing goes out before its gateway).
    const pacing = platformPacing(this.deps);
    if (!pacing) return [];
    const pairs = await candidates(
      scope.tx,
      scope.now,
      scope.day,
      CANDIDATES_PER_CLAIM,
      pacing.defaults,
      pacing.warmupDays,
    );
    const out: Claimed<BulkItem>[] = [];
    const lanes = new Set<string>();
    let budget = scope.budget;
    for (const c of pairs) {
      if (budget <= 0) break;
      const lane = laneOf(c.task_type, c.account_id);
      // One pull per lane a round: the lane decides its pace whichever task the rows are of.
      if (lanes.has(lane)) continue;
      lanes.add(lane);
      if (inQuietHours(scope.now, c.quiet_start, c.quiet_end)) continue;
      // The lane first: while this claim holds it no other instance picks the account's rows,
      // so a target's later message cannot be claimed before its earlier one.
      if (!(await lockLane(scope.tx, { key: lane, tenantId: c.tenant_id, day: scope.day }))) {
        continue;
      }
      // With every interval at 0 the slots of the coming rounds are all "now": one claim takes
      // several rounds (the pace is the same), so the claims leave the database to the sends.
      const pulls =
        c.target_interval_sec === 0 && c.message_interval_sec === 0 ? ROUNDS_WITHOUT_GAPS : 1;
      const picked = await pickRows(scope.tx, {
        taskId: c.task_id,
        accountId: c.account_id,
        now: scope.now,
        n: Math.min(c.per_round_count * Math.max(1, c.message_count) * pulls, budget),
      });
      if (picked.length === 0) continue;
      const slots = await scope.reserve({
        key: lane,
        tenantId: c.tenant_id,
        pace: {
          intervalMs: c.target_interval_sec * 1000,
          jitterMs: c.jitter_sec * 1000,
          dailyCap: c.daily_cap,
        },
        want: picked.length,
        steps: stepsOf(picked, c),
      });
      if (!slots) continue;
      const take = picked.slice(0, slots.slots.length);
      const until = scope.leaseUntil(slots.slots[slots.slots.length - 1]!);
      const marked = await markClaimed(
        scope.tx,
        c.task_id,
        take.map((r) => r.seq),
        { owner: scope.owner, until, now: scope.now },
      );
      await slots.commit(marked.length);
      // Rows due at the same instant go out together (one item, one transaction to the outbox).
      const rounds = new Map(marked.map((m) => [m.seq, m.round]));
      let burst: Claimed<BulkItem> | null = null;
      take.forEach((r, i) => {
        const at = slots.slots[i]!;
        if (!burst || burst.at !== at) {
          burst = {
            lane,
            key: `${c.task_id}:${r.seq}:${rounds.get(r.seq) ?? 1}`,
            at,
            data: { tenantId: c.tenant_id, taskId: c.task_id, seqs: [], firsts: 0, day: scope.day },
          };
          out.push(burst);
        }
        burst.data.seqs.push(r.seq);
        if (r.msg_index === 0) burst.data.firsts += 1;
      });
      budget -= take.length;
    }
    return out;
  }

  async run(item: Claimed<BulkItem>, ctx: JobContext): Promise<void> {
    const db = this.deps.db;
    const rows = await loadRunRows(db, item.data.taskId, item.data.seqs);
    if (rows.length === 0) {
      // The task was deleted: its slots are given back.
      await refundLane(db, item.lane, item.data.day, item.data.firsts);
      return;
    }
    // Rows whose lease lapsed and another instance holds now are theirs to send.
    const mine = rows.filter((r) => r.state === 'claimed' && r.lease_owner === ctx.owner);
    const row = mine[0];
    if (!row) return;
    if (row.task_status !== 'running' || row.account_status !== 'online') {
      await this.giveBack([item], ctx);
      return;
    }
    const { moved, blocked, held } = await enqueueBulkMessages(this.deps, mine, ctx.owner);
    if (moved.length > 0 || held.length > 0)
      bulkPushes.progressSoon(this.deps, row.tenant_id, row.task_id);
    // An earlier message of a target is claimed elsewhere (our lease of it lapsed) or waits:
    // the later ones go back to the queue and are claimed after it, never sent before it.
    if (blocked.length > 0) {
      await this.giveBack([{ ...item, data: { ...item.data, seqs: blocked } }], ctx);
    }
  }

  async release(items: Claimed<BulkItem>[], ctx: JobContext): Promise<void> {
    await this.giveBack(items, ctx);
  }

  /** Rows back to the queue, their slots back to their lanes' day counts. */
  private async giveBack(items: Claimed<BulkItem>[], ctx: JobContext): Promise<void> {
    const back = await releaseRows(
      this.deps.db,
      items.flatMap((i) => i.data.seqs.map((seq) => ({ taskId: i.data.taskId, seq }))),
      ctx.owner,
    );
    const days = new Map(items.map((i) => [i.lane, i.data.day]));
    for (const r of back) {
      const lane = laneOf(r.task_type, r.work_account_id);
      await refundLane(this.deps.db, lane, days.get(lane) ?? '', Number(r.cost));
    }
  }
}
