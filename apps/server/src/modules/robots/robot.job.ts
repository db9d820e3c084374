import { GatewayError, type ContactDto } from '../../gateway/index.ts';
import type { Uses } from '../../platform/deps.ts';
import { refundLane } from '../../scheduler/lanes.repository.ts';
import {
  Scheduler,
  type Claimed,
  type ClaimScope,
  type JobContext,
  type JobKind,
} from '../../scheduler/scheduler.ts';
import { platformPacing } from '../accounts/index.ts';
import { announceContacts, upsertContacts } from '../contacts/index.ts';
import { callHolder } from '../conversations/index.ts';
import { setContactSources, publishRequests } from '../friend-requests/index.ts';
import { addLinks, contactsOfTargets } from '../tags/index.ts';
import { greetingJobs } from './auto-accept.service.ts';
import { ROBOT_JOB } from './keyword-engine.ts';
import {
  acceptCandidates,
  addJobs,
  claimJobs,
  findJob,
  finishJob,
  releaseJobs,
  sendCandidates,
  type RobotJobRow,
} from './robot-job.repository.ts';
import * as reqRepo from './robot-requests.repository.ts';
import { acceptLaneOf, robotSendPace, sendLaneOf } from './robot.lanes.ts';
import { accountRow } from './robots.repository.ts';

/** A claimed robot job as the scheduler holds it. */
export interface RobotItem {
  id: string;
  kind: RobotJobRow['kind'];
  workAccountId: string;
  /** The day an accept's slot was counted on (a refund goes back to that day). */
  day: string;
}

/** Attempts after which a job that keeps failing is given up. */
export const ROBOT_MAX_ATTEMPTS = 5;
/** How long an accept waits when its account is away before it is tried again. */
const AWAY_RETRY_MS = 30_000;
/** How often the upkeep looks for requests no handler decided. */
const SWEEP_EVERY_MS = 10_000;

function accountAway(err: unknown): boolean {
  return err instanceof GatewayError && (err.code === 'notHeld' || err.code === 'notOnline');
}

/**
 * The robots' work on the scheduler (docs/robots.md): delayed accepts (one lane per account with
 * the daily cap of its settings), greeting messages and keyword replies (one lane per account,
 * in due order). Every effect carries the job's key: an accept is idempotent on the platform, a
 * message is stored once by its `sendingUuid` (key + index), so a retry or a second instance
 * never repeats one.
 */
export class RobotJob implements JobKind<RobotItem> {
  readonly name = ROBOT_JOB;

  private lastSweep = 0;

  constructor(
    private readonly deps: Uses<
      'media' | 'realtime' | 'robots' | 'runtime' | 'scheduler' | 'storage'
    >,
  ) {}

  /**
   * Upkeep: requests whose decision a failed handler left undone reach the auto-accept rule
   * here (every few seconds, a batch at a time).
   */
  async maintain(): Promise<void> {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    await this.deps.robots.autoAccept.decidePending(null);
  }

  async claim(scope: ClaimScope): Promise<Claimed<RobotItem>[]> {
    const out: Claimed<RobotItem>[] = [];
    let budget = scope.budget;
    const item = (row: RobotJobRow, lane: string, at: number): Claimed<RobotItem> => ({
      lane,
      key: row.key,
      at,
      data: { id: row.id, kind: row.kind, workAccountId: row.workAccountId, day: scope.day },
    });
    for (const c of await acceptCandidates(scope.tx, scope.now, 100)) {
      if (budget <= 0) break;
      const lane = acceptLaneOf(c.work_account_id);
      const slots = await scope.reserve({
        key: lane,
        tenantId: c.tenant_id,
        pace: { intervalMs: 0, jitterMs: 0, dailyCap: c.daily_cap },
        want: Math.min(c.n, budget),
      });
      if (!slots) continue;
      const rows = await claimJobs(scope.tx, {
        now: scope.now,
        owner: scope.owner,
        until: scope.leaseUntil(scope.now),
        n: slots.slots.length,
        kinds: ['accept'],
        workAccountId: c.work_account_id,
      });
      await slots.commit(rows.length);
      for (const r of rows) out.push(item(r, lane, scope.now));
      budget -= rows.length;
    }
    // Greetings and replies: one lane per account, spaced as the platform's pacing asks.
    const pace = robotSendPace(platformPacing(this.deps));
    for (const c of await sendCandidates(scope.tx, scope.now, 100)) {
      if (budget <= 0) break;
      const lane = sendLaneOf(c.work_account_id);
      // None when the lane's next message is not due yet, or another instance holds the lane.
      const slots = await scope.reserve({
        key: lane,
        tenantId: c.tenant_id,
        pace,
        want: Math.min(c.n, budget),
      });
      if (!slots) continue;
      const rows = await claimJobs(scope.tx, {
        now: scope.now,
        owner: scope.owner,
        until: scope.leaseUntil(slots.slots[slots.slots.length - 1]!),
        n: slots.slots.length,
        kinds: ['greet', 'reply'],
        workAccountId: c.work_account_id,
      });
      await slots.commit(rows.length);
      rows.forEach((r, i) => out.push(item(r, lane, slots.slots[i]!)));
      budget -= rows.length;
    }
    return out;
  }

  async run(item: Claimed<RobotItem>, ctx: JobContext): Promise<void> {
    const job = await findJob(this.deps.db, item.data.id);
    // Deleted with its account, or our lease lapsed and another instance holds it now.
    if (!job || job.state !== 'claimed' || job.leaseOwner !== ctx.owner) return;
    if (job.kind === 'accept') await this.accept(job, item, ctx);
    else await this.send(job, ctx);
  }

  /** Stores the job's messages in the outbox as robot messages (once, by key + index). */
  private async send(job: RobotJobRow, ctx: JobContext): Promise<void> {
    const db = this.deps.db;
    const account = await accountRow(db, job.tenantId, job.workAccountId);
    const p = job.payload;
    if (!account || !p.peerId || !p.drafts) {
      await finishJob(db, job.id, ctx.owner, 'skipped', 'gone', this.deps.now());
      return;
    }
    await this.deps.media.outbox.enqueueAs(
      { kind: 'robot', id: job.id, name: robotName(job.kind) },
      account,
      { talkType: p.talkType === 2 ? 2 : 1, peerId: p.peerId },
      p.drafts.map((d, i) => ({ ...d, sendingUuid: `${job.key}:${i}` })),
    );
    await finishJob(db, job.id, ctx.owner, 'done', 'sent', this.deps.now());
  }

  /** Accepts the request on the platform, then records it, tags the friend, queues the greeting. */
  private async accept(job: RobotJobRow, item: Claimed<RobotItem>, ctx: JobContext) {
    const db = this.deps.db;
    const requestId = job.payload.friendRequestId ?? '';
    const req = await reqRepo.requestForAccept(db, job.tenantId, requestId);
    const skip = async (why: string) => {
      await finishJob(db, job.id, ctx.owner, 'skipped', why, this.deps.now());
      await refundLane(db, item.lane, item.data.day, 1);
    };
    if (!req || !req.platformRequestId) return skip('gone');
    // Answered meanwhile by a seat, the phone or the platform: nothing for the robot to do.
    if (req.status !== 1 && req.status !== 3) return skip('answered');
    if (req.accountStatus !== 'online') return this.later(job, item, ctx);
    let contact: ContactDto | null = null;
    if (req.status === 1) {
      await reqRepo.markAutoAccept(db, job.tenantId, req.id);
      try {
        contact = await callHolder<ContactDto>(this.deps, req.workWxid, {
          name: 'acceptFriendRequest',
          requestId: req.platformRequestId,
        });
      } catch (err) {
        if (accountAway(err)) return this.later(job, item, ctx);
        if (err instanceof GatewayError && (err.code === 'notFound' || err.code === 'invalid')) {
          return skip('notOnPlatform');
        }
        if (job.attempts < ROBOT_MAX_ATTEMPTS) return this.later(job, item, ctx);
        return skip(err instanceof Error ? err.message.slice(0, 200) : 'failed');
      }
    }
    const now = this.deps.now();
    const ref = { id: req.workAccountId, tenantId: job.tenantId, wxid: req.workWxid };
    const settled = await db.transaction(async (tx) => {
      if (!(await finishJob(tx, job.id, ctx.owner, 'done', 'accepted', now))) return false;
      await reqRepo.settleRobotAccept(tx, job.tenantId, req.id);
      if (contact) {
        await upsertContacts(
          tx,
          { tenantId: job.tenantId, workAccountId: req.workAccountId },
          [contact],
          new Date(now),
          'autoAccept',
        );
      }
      await setContactSources(tx, job.tenantId, req.workAccountId, [
        { wxid: req.wxid, source: 'autoAccept' },
      ]);
      const tagIds = job.payload.tagIds ?? [];
      if (tagIds.length > 0) {
        const found = await contactsOfTargets(
          tx,
          { tenantId: job.tenantId, accountIds: [req.workAccountId] },
          [{ workWxid: req.workWxid, friendWxid: req.wxid }],
        );
        await addLinks(
          tx,
          job.tenantId,
          found.map((c) => c.id),
          tagIds,
        );
      }
      await addJobs(tx, await greetingJobs(tx, ref, req, now), now);
      return true;
    });
    if (!settled) return;
    await publishRequests(this.deps, job.tenantId, [req.id]);
    await announceContacts(this.deps, ref);
    await Scheduler.wake(this.deps, ROBOT_JOB);
  }

  /** The account is away (or the platform failed): the accept waits and its slot is refunded. */
  private async later(job: RobotJobRow, item: Claimed<RobotItem>, ctx: JobContext) {
    await releaseJobs(this.deps.db, [job.id], ctx.owner, this.deps.now() + AWAY_RETRY_MS);
    await refundLane(this.deps.db, item.lane, item.data.day, 1);
  }

  async release(items: Claimed<RobotItem>[], ctx: JobContext): Promise<void> {
    await releaseJobs(
      this.deps.db,
      items.map((i) => i.data.id),
      ctx.owner,
    );
    for (const i of items) {
      if (i.data.kind === 'accept') await refundLane(this.deps.db, i.lane, i.data.day, 1);
    }
  }
}

/** The name a robot's messages carry: what kind of robot sent them. */
function robotName(kind: RobotJobRow['kind']): string {
  return kind === 'greet' ? '好友通过问候' : '关键词自动回复';
}
