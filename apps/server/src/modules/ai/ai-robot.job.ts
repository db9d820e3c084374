import { MSG_TYPE } from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Claimed, ClaimScope, JobContext, JobKind } from '../../scheduler/scheduler.ts';
import { platformPacing } from '../accounts/index.ts';
import { findByMsgId } from '../conversations/index.ts';
import {
  claimJobs,
  findJob,
  finishJob,
  isRobotEcho,
  releaseJobs,
  type RobotJobRow,
  accountRow,
} from '../robots/index.ts';
import { textOf } from '../sensitive/index.ts';
import { factsOf, robotPrompt } from './ai.prompts.ts';
import { hearVoice } from './ai.transcribe.ts';
import * as repo from './ai.repository.ts';
import { aiCandidates, humanWroteSince, latestInbound, sentWith } from './ai-robot.repository.ts';
import { AI_ROBOT_JOB } from './ai-robot.ts';
import { singleChat } from './ai-conversations.repository.ts';

/** The lane of an account's AI replies: one at a time, paced. */
export const aiLaneOf = (accountId: string) => `aiRobot:${accountId}`;
/**
 * The least time between two AI replies of one account, or the platform's least gap between
 * messages when that is longer; above it the account's mass-send gap between messages (its own,
 * the tenant's, else the platform's default) and its jitter pace the replies.
 */
export const AI_REPLY_GAP_MS = 1500;
/** Attempts of a reply whose provider keeps failing before it is given up. */
export const AI_MAX_ATTEMPTS = 3;
/** How long a failed attempt waits before the next (times the attempt). */
const RETRY_MS = 20_000;
/** A reply not sent within this long of its message is dropped. */
const STALE_MS = 30 * 60_000;
/** How far back a robot's own text counts as an echo (another robot repeating it). */
const ECHO_MS = 5 * 60_000;
/** The name the robot's messages carry. */
export const AI_ROBOT_NAME = 'AI 机器人';

interface AiItem {
  id: string;
  workAccountId: string;
  day: string;
}

/**
 * The AI robot's replies on the scheduler (docs/ai.md): rows of robot_jobs of kind `ai`, claimed
 * with a lease, one lane per account paced like the account's mass sends (at least
 * {@link AI_REPLY_GAP_MS}) and capped per day by the robot's settings; none while the account is
 * at ban risk 危险. A run asks the model and stores the answer in the one outbox as a robot
 * message whose send id is the job's key, so a retry after a crash (`kill -9` mid-call) stores
 * nothing twice, and a lapsed lease hands the row to another instance: nothing is lost.
 */
export class AiRobotJob implements JobKind<AiItem> {
  readonly name = AI_ROBOT_JOB;

  constructor(
    private readonly deps: Uses<
      'ai' | 'aiRobot' | 'media' | 'realtime' | 'runtime' | 'scheduler' | 'storage'
    >,
  ) {}

  async claim(scope: ClaimScope): Promise<Claimed<AiItem>[]> {
    // The platform's human pacing paces what no one set, and no reply goes closer than the least
    // gap it tolerates (nothing goes out before its gateway is up).
    const pacing = platformPacing(this.deps);
    if (!pacing) return [];
    const leastMs = Math.max(AI_REPLY_GAP_MS, pacing.ceilings.messageIntervalSec * 1000);
    const out: Claimed<AiItem>[] = [];
    let budget = scope.budget;
    for (const c of await aiCandidates(scope.tx, scope.now, 100, pacing.defaults)) {
      if (budget <= 0) break;
      const lane = aiLaneOf(c.work_account_id);
      // None when the lane is paced past now, at its daily cap, or held by another instance.
      const slots = await scope.reserve({
        key: lane,
        tenantId: c.tenant_id,
        pace: {
          intervalMs: Math.max(leastMs, c.interval_sec * 1000),
          jitterMs: c.jitter_sec * 1000,
          dailyCap: c.daily_cap,
        },
        want: Math.min(c.n, budget),
      });
      if (!slots) continue;
      const rows = await claimJobs(scope.tx, {
        now: scope.now,
        owner: scope.owner,
        until: scope.leaseUntil(slots.slots[slots.slots.length - 1]!),
        n: slots.slots.length,
        kinds: ['ai'],
        workAccountId: c.work_account_id,
      });
      await slots.commit(rows.length);
      rows.forEach((r, i) =>
        out.push({
          lane,
          key: r.key,
          at: slots.slots[i]!,
          data: { id: r.id, workAccountId: r.workAccountId, day: scope.day },
        }),
      );
      budget -= rows.length;
    }
    return out;
  }

  async run(item: Claimed<AiItem>, ctx: JobContext): Promise<void> {
    const db = this.deps.db;
    const job = await findJob(db, item.data.id);
    if (!job || job.state !== 'claimed' || job.leaseOwner !== ctx.owner) return;
    const skip = (why: string) => finishJob(db, job.id, ctx.owner, 'skipped', why, this.deps.now());
    const peerId = job.payload.peerId ?? '';
    const uuid = `${job.key}:0`;
    // Stored before a crash: only the outcome is left to record.
    if (await sentWith(db, job.workAccountId, uuid)) return this.done(job, ctx, peerId);
    const robot = await repo.robotOf(db, job.workAccountId);
    if (!robot?.enabled) return void (await skip('off'));
    // Held back a long time (the day's cap): a late answer is worse than none.
    if (this.deps.now() - job.dueAt > STALE_MS) return void (await skip('stale'));
    // Queued in the transaction that stored its message: the message and its chat are there.
    const conv = await singleChat(db, job.workAccountId, peerId);
    const account = await accountRow(db, job.tenantId, job.workAccountId);
    if (!conv || !account) return void (await skip('gone'));
    const state = await repo.chatState(db, job.workAccountId, peerId);
    if (state?.handedOverAt) return void (await skip('handedOver'));
    if ((state?.replies ?? 0) >= robot.maxRepliesPerConversation) {
      await this.deps.aiRobot.handOver(account, peerId, 'cap');
      return void (await skip('cap'));
    }
    if (await humanWroteSince(db, conv.id, robot.updatedAt.getTime())) {
      await this.deps.aiRobot.handOver(account, peerId, 'seat');
      return void (await skip('seat'));
    }
    // A newer message of the contact has its own job, which answers with it in view.
    const latest = await latestInbound(db, conv.id);
    if (latest && job.payload.msgId && latest.msgId !== job.payload.msgId) {
      return void (await skip('superseded'));
    }
    // Another robot repeating what a robot said here lately: answering would start a loop.
    const said = latest ? textOf(latest.msgType, latest.content) : null;
    if (said && (await isRobotEcho(db, peerId, account.wxid, said, this.deps.now() - ECHO_MS))) {
      return void (await skip('echo'));
    }
    // A voice is answered by what it says (transcribed once, stored for everyone).
    if (latest?.msgId && latest.msgType === MSG_TYPE.voice) {
      const row = await findByMsgId(db, job.workAccountId, latest.msgId);
      if (row) await hearVoice(this.deps, row, conv);
    }
    const facts = await factsOf(db, conv, {
      userId: null,
      phrases: robot.libraries.includes('phrases'),
      materials: robot.libraries.includes('materials'),
    });
    let text: string;
    try {
      const out = await this.deps.ai.chat(
        job.tenantId,
        'robot',
        robotPrompt(facts, robot.instructions),
        { temperature: 0.5, maxTokens: 500 },
      );
      text = out.text.trim();
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // Not configured, turned off or out of budget: nothing to retry.
      if (
        err.key === 'aiNotConfigured' ||
        err.key === 'aiDisabled' ||
        err.key === 'aiBudgetSpent'
      ) {
        return void (await skip(err.key));
      }
      if (job.attempts >= AI_MAX_ATTEMPTS) return void (await skip(err.key));
      await releaseJobs(db, [job.id], ctx.owner, this.deps.now() + RETRY_MS * job.attempts);
      return;
    }
    if (!text) return void (await skip('empty'));
    // A seat may have written while the model was thinking: the seat wins.
    if (await humanWroteSince(db, conv.id, robot.updatedAt.getTime())) {
      await this.deps.aiRobot.handOver(account, peerId, 'seat');
      return void (await skip('seat'));
    }
    await this.deps.media.outbox.enqueueAs(
      { kind: 'robot', id: job.id, name: AI_ROBOT_NAME },
      account,
      { talkType: 1, peerId },
      [{ msgType: MSG_TYPE.text, content: text, sendingUuid: uuid }],
    );
    await this.done(job, ctx, peerId);
  }

  /** Records the reply: the job done and the chat's count, together. */
  private async done(job: RobotJobRow, ctx: JobContext, peerId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      if (await finishJob(tx, job.id, ctx.owner, 'done', 'sent', this.deps.now())) {
        await repo.countReply(tx, {
          tenantId: job.tenantId,
          workAccountId: job.workAccountId,
          peerId,
        });
      }
    });
  }

  async release(items: Claimed<AiItem>[], ctx: JobContext): Promise<void> {
    await releaseJobs(
      this.deps.db,
      items.map((i) => i.data.id),
      ctx.owner,
    );
  }
}
