import { GatewayError, type MomentDto, type PostMomentCommand } from '../../gateway/index.ts';
import type { Uses } from '../../platform/deps.ts';
import type { Claimed, ClaimScope, JobContext, JobKind } from '../../scheduler/scheduler.ts';
import { callHolder } from '../conversations/index.ts';
import * as repo from './moment-post.repository.ts';
import { MOMENT_JOB } from './moment-post.service.ts';
import { publishPost } from './moment.push.ts';

/** A claimed job as the scheduler holds it. */
export interface MomentItemData {
  jobId: string;
  tenantId: string;
  postId: string;
}

/** Attempts after which a job that keeps failing for other reasons is marked failed. */
export const MOMENT_MAX_ATTEMPTS = 5;

/** The idempotency key of a job's post: the job and its round (a repost is a new round). */
export const momentKey = (jobId: string, round: number) => `moment:${jobId}:${round}`;

/** The lane of an account's posts: one at a time per account. */
const laneOf = (accountId: string) => `momentPost:${accountId}`;

function accountAway(err: unknown): boolean {
  return err instanceof GatewayError && (err.code === 'notHeld' || err.code === 'notOnline');
}

/**
 * Moment posts on the scheduler: due jobs of online accounts are claimed (leased, in the claim's
 * transaction); each run posts through the account's holder with the job's key as idempotency
 * key, and records the outcome if the job is still ours. A crash after the platform call leaves
 * the lease to lapse; the re-claimed job posts with the same key and the platform answers with
 * the moment it already made, so each account's post happens exactly once.
 */
export class MomentPostJob implements JobKind<MomentItemData> {
  readonly name = MOMENT_JOB;

  constructor(private readonly deps: Uses<'realtime' | 'runtime'>) {}

  async claim(scope: ClaimScope): Promise<Claimed<MomentItemData>[]> {
    const rows = await repo.claimJobs(scope.tx, {
      now: scope.now,
      owner: scope.owner,
      leaseMs: scope.leaseUntil(scope.now) - scope.now,
      n: Math.min(scope.budget, 100),
    });
    return rows.map((r) => ({
      lane: laneOf(r.work_account_id),
      key: momentKey(r.id, r.round),
      at: scope.now,
      data: { jobId: r.id, tenantId: r.tenant_id, postId: r.post_id },
    }));
  }

  async run(item: Claimed<MomentItemData>, ctx: JobContext): Promise<void> {
    const db = this.deps.db;
    const row = await repo.loadRunJob(db, item.data.jobId);
    if (!row) return;
    const { job, post } = row;
    if (job.state !== 'claimed' || job.leaseOwner !== ctx.owner) return;
    // A repost since the claim is a new round: this item's key is stale.
    if (momentKey(job.id, job.round) !== item.key) return;
    if (row.accountStatus !== 'online') {
      await repo.releaseJobs(db, [job.id], ctx.owner, this.deps.now());
      return;
    }
    const now = () => this.deps.now();
    let set: Partial<repo.MomentJobRow> | null = null;
    let visibleTo: string[] | undefined;
    if (post.visibility === 'tags') {
      visibleTo = await repo.friendsWithTags(db, job.tenantId, job.workAccountId, post.tagIds);
      // Nobody would see it: the job fails with the reason instead of posting into the void.
      if (visibleTo.length === 0) {
        set = { state: 'failed', reason: '', reasonKey: 'momentTagsEmpty', updatedAt: now() };
      }
    }
    if (!set) set = await this.post(item, row, visibleTo, ctx);
    if (!set) return;
    if (await repo.finishJob(db, job.id, ctx.owner, set)) {
      await publishPost(this.deps, job.tenantId, job.postId);
    }
  }

  /** Posts through the holder; the outcome to record, or null when the job was handed back. */
  private async post(
    item: Claimed<MomentItemData>,
    row: repo.RunJob,
    visibleTo: string[] | undefined,
    ctx: JobContext,
  ): Promise<Partial<repo.MomentJobRow> | null> {
    const { job, post } = row;
    const now = () => this.deps.now();
    try {
      const cmd: PostMomentCommand = {
        workWxid: row.wxid,
        requestId: item.key,
        text: post.text,
        media: post.media.map((m) => ({
          fileUrl: m.fileUrl,
          fileName: m.fileName,
          mime: m.mime,
          size: m.size,
          ...(m.durationMs !== undefined ? { durationMs: m.durationMs } : {}),
        })),
        ...(post.link ? { link: post.link } : {}),
        ...(visibleTo ? { visibleTo } : {}),
      };
      const moment = await callHolder<MomentDto>(this.deps, row.wxid, { name: 'postMoment', cmd });
      return { state: 'posted', momentId: moment.momentId, postedAt: now(), updatedAt: now() };
    } catch (err) {
      if (
        accountAway(err) ||
        (!(err instanceof GatewayError) && job.attempts < MOMENT_MAX_ATTEMPTS)
      ) {
        this.deps.log.warn({ err, job: item.key }, 'moment post not made; retried');
        await repo.releaseJobs(this.deps.db, [job.id], ctx.owner, now());
        return null;
      }
      return {
        state: 'failed',
        reason: err instanceof Error ? err.message : String(err),
        reasonKey: err instanceof GatewayError ? 'momentPlatformRefused' : 'momentTooManyAttempts',
        updatedAt: now(),
      };
    }
  }

  async release(items: Claimed<MomentItemData>[], ctx: JobContext): Promise<void> {
    await repo.releaseJobs(
      this.deps.db,
      items.map((i) => i.data.jobId),
      ctx.owner,
      this.deps.now(),
    );
  }
}
