import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MomentJobState } from '@cst/shared';
import { momentJobs, momentPosts, users, workAccounts } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';
import type { ConvScope } from '../conversations/index.ts';

export type { MomentFileRow, MomentPostMedia } from '../../db/schema/index.ts';

// The only SQL on moment_posts and moment_jobs: posts, their jobs, and the scheduler's claims.

export type MomentPostRow = typeof momentPosts.$inferSelect;
export type MomentJobRow = typeof momentJobs.$inferSelect;

/** The jobs' accounts of a scope (every account of the tenant, or the listed ones). */
function jobScope(scope: ConvScope): SQL {
  const cond = eq(momentJobs.tenantId, scope.tenantId);
  if (scope.accountIds === 'all') return cond;
  if (scope.accountIds.length === 0) return sql`false`;
  return and(cond, inArray(momentJobs.workAccountId, scope.accountIds))!;
}

/** Stores a post and its jobs. */
export async function insertPost(
  tx: Tx,
  post: typeof momentPosts.$inferInsert,
  jobs: { workAccountId: string; dueAt: number }[],
  now: number,
): Promise<string> {
  const [row] = await tx.insert(momentPosts).values(post).returning({ id: momentPosts.id });
  await tx.insert(momentJobs).values(
    jobs.map((j) => ({
      tenantId: post.tenantId,
      postId: row!.id,
      workAccountId: j.workAccountId,
      dueAt: j.dueAt,
      state: 'pending' as const,
      updatedAt: now,
    })),
  );
  return row!.id;
}

/** A filter of the history list. */
export interface PostFilter {
  workAccountId?: string;
  state?: MomentJobState;
  keyword?: string;
}

/** Posts with at least one job in the scope (and the filter), newest first. */
export async function listPosts(
  db: DbOrTx,
  scope: ConvScope,
  filter: PostFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: (MomentPostRow & { creator: string | null })[]; total: number }> {
  const jobConds = [jobScope(scope), sql`${momentJobs.postId} = ${momentPosts.id}`];
  if (filter.workAccountId) jobConds.push(eq(momentJobs.workAccountId, filter.workAccountId));
  if (filter.state) {
    jobConds.push(
      filter.state === 'pending'
        ? inArray(momentJobs.state, ['pending', 'claimed'])
        : eq(momentJobs.state, filter.state),
    );
  }
  const conds = [
    eq(momentPosts.tenantId, scope.tenantId),
    sql`exists (select 1 from ${momentJobs} where ${and(...jobConds)})`,
  ];
  if (filter.keyword) {
    conds.push(sql`strpos(lower(${momentPosts.text}), lower(${filter.keyword})) > 0`);
  }
  const where = and(...conds);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(momentPosts)
    .where(where);
  const rows = await db
    .select({ post: momentPosts, creator: users.nickname })
    .from(momentPosts)
    .leftJoin(users, eq(users.id, momentPosts.createdBy))
    .where(where)
    .orderBy(desc(momentPosts.createdAt), desc(momentPosts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    rows: rows.map((r) => ({ ...r.post, creator: r.creator })),
    total: Number(count?.n ?? 0),
  };
}

/** A job with its account's platform id and name. */
export type JobWithAccount = MomentJobRow & { wxid: string; nickname: string };

/** The jobs of posts in the scope, by post. */
export async function jobsOfPosts(
  db: DbOrTx,
  scope: ConvScope,
  postIds: string[],
): Promise<JobWithAccount[]> {
  if (postIds.length === 0) return [];
  const rows = await db
    .select({ job: momentJobs, wxid: workAccounts.wxid, nickname: workAccounts.nickname })
    .from(momentJobs)
    .innerJoin(workAccounts, eq(workAccounts.id, momentJobs.workAccountId))
    .where(and(jobScope(scope), inArray(momentJobs.postId, postIds)))
    .orderBy(momentJobs.dueAt, workAccounts.wxid);
  return rows.map((r) => ({ ...r.job, wxid: r.wxid, nickname: r.nickname }));
}

/** A post of the tenant that has a job in the scope; null otherwise. */
export async function visiblePost(
  db: DbOrTx,
  scope: ConvScope,
  postId: string,
): Promise<MomentPostRow | null> {
  const [row] = await db
    .select()
    .from(momentPosts)
    .where(
      and(
        eq(momentPosts.tenantId, scope.tenantId),
        eq(momentPosts.id, postId),
        sql`exists (select 1 from ${momentJobs} where ${and(jobScope(scope), sql`${momentJobs.postId} = ${momentPosts.id}`)})`,
      ),
    );
  return row ?? null;
}

/** Moves the scope's jobs of a post (one, or all) from some states to another; how many moved. */
export async function moveJobs(
  db: DbOrTx,
  scope: ConvScope,
  postId: string,
  jobId: string | undefined,
  from: MomentJobRow['state'][],
  set: Partial<MomentJobRow>,
): Promise<number> {
  const conds = [jobScope(scope), eq(momentJobs.postId, postId), inArray(momentJobs.state, from)];
  if (jobId) conds.push(eq(momentJobs.id, jobId));
  const rows = await db
    .update(momentJobs)
    .set(set)
    .where(and(...conds))
    .returning({ id: momentJobs.id });
  return rows.length;
}

/** Reposts: failed or cancelled jobs go back to pending as a new round, due now. */
export async function requeueJobs(
  db: DbOrTx,
  scope: ConvScope,
  postId: string,
  jobId: string | undefined,
  now: number,
): Promise<number> {
  const conds = [
    jobScope(scope),
    eq(momentJobs.postId, postId),
    inArray(momentJobs.state, ['failed', 'cancelled']),
  ];
  if (jobId) conds.push(eq(momentJobs.id, jobId));
  const rows = await db
    .update(momentJobs)
    .set({
      state: 'pending',
      round: sql`${momentJobs.round} + 1`,
      dueAt: now,
      attempts: 0,
      reason: '',
      reasonKey: null,
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: now,
    })
    .where(and(...conds))
    .returning({ id: momentJobs.id });
  return rows.length;
}

// ---- the scheduler's side ----

/** A claimed job as the runner gets it. */
export interface ClaimedJob {
  id: string;
  tenant_id: string;
  post_id: string;
  work_account_id: string;
  round: number;
  due_at: number;
}

/**
 * Claims due jobs of online accounts (pending, or claimed with a lapsed lease), marking them
 * leased to `owner` in the same statement (`FOR UPDATE SKIP LOCKED`, a materialized pick).
 */
export async function claimJobs(
  tx: Tx,
  c: { now: number; owner: string; leaseMs: number; n: number },
): Promise<ClaimedJob[]> {
  return rowsOf<ClaimedJob>(
    await tx.execute(sql`
      with picked as materialized (
        select j.id from moment_jobs j
        join work_accounts a on a.id = j.work_account_id and a.tenant_id = j.tenant_id
        where j.state in ('pending', 'claimed') and j.due_at <= ${c.now}
          and (j.state = 'pending' or j.lease_until < ${c.now})
          and a.status = 'online'
        order by j.due_at, j.id
        limit ${c.n}
        for update of j skip locked)
      update moment_jobs j
      set state = 'claimed', lease_owner = ${c.owner}, lease_until = ${c.now + c.leaseMs},
          attempts = j.attempts + 1, updated_at = ${c.now}
      from picked
      where j.id = picked.id
      returning j.id, j.tenant_id, j.post_id, j.work_account_id, j.round, j.due_at`),
  );
}

/** What a run needs: the job (if still there), its post and its account. */
export interface RunJob {
  job: MomentJobRow;
  post: MomentPostRow;
  wxid: string;
  accountStatus: string;
}

/** A claimed job with its post and account; null when deleted. */
export async function loadRunJob(db: DbOrTx, id: string): Promise<RunJob | null> {
  const [row] = await db
    .select({
      job: momentJobs,
      post: momentPosts,
      wxid: workAccounts.wxid,
      accountStatus: workAccounts.status,
    })
    .from(momentJobs)
    .innerJoin(momentPosts, eq(momentPosts.id, momentJobs.postId))
    .innerJoin(workAccounts, eq(workAccounts.id, momentJobs.workAccountId))
    .where(eq(momentJobs.id, id));
  return row ?? null;
}

/** Records a job's outcome if this instance still holds it; false otherwise. */
export async function finishJob(
  db: DbOrTx,
  id: string,
  owner: string,
  set: Partial<MomentJobRow>,
): Promise<boolean> {
  const rows = await db
    .update(momentJobs)
    .set({ ...set, leaseOwner: null, leaseUntil: null })
    .where(
      and(eq(momentJobs.id, id), eq(momentJobs.state, 'claimed'), eq(momentJobs.leaseOwner, owner)),
    )
    .returning({ id: momentJobs.id });
  return rows.length > 0;
}

/** Hands claimed jobs back (pending again) if this instance still holds them. */
export async function releaseJobs(
  db: DbOrTx,
  ids: string[],
  owner: string,
  now: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(momentJobs)
    .set({ state: 'pending', leaseOwner: null, leaseUntil: null, updatedAt: now })
    .where(
      and(
        inArray(momentJobs.id, ids),
        eq(momentJobs.state, 'claimed'),
        eq(momentJobs.leaseOwner, owner),
      ),
    );
}

/** Friends of an account with any of the tags (the audience of a post by tags). */
export async function friendsWithTags(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  tagIds: string[],
): Promise<string[]> {
  if (tagIds.length === 0) return [];
  const rows = rowsOf<{ wxid: string }>(
    await db.execute(sql`
      select distinct c.wxid from contacts c
      join contact_tags ct on ct.contact_id = c.id and ct.tenant_id = c.tenant_id
      where c.tenant_id = ${tenantId} and c.work_account_id = ${workAccountId}
        and ct.tag_id = any(${sql.param(tagIds)}::uuid[])`),
  );
  return rows.map((r) => r.wxid);
}

/** The accounts of a post's jobs (the audience of its pushes). */
export async function accountsOfPost(
  db: DbOrTx,
  tenantId: string,
  postId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: momentJobs.workAccountId })
    .from(momentJobs)
    .where(and(eq(momentJobs.tenantId, tenantId), eq(momentJobs.postId, postId)));
  return rows.map((r) => r.id);
}
