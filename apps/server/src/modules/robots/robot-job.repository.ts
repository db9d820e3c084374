import { and, eq, sql } from 'drizzle-orm';
import { robotJobs, type RobotJobKind, type RobotJobPayload } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';

// The scheduler's side of robot_jobs: adding work (once per key), claiming due rows under a
// lease (`FOR UPDATE SKIP LOCKED`, marked in the claim's transaction), recording outcomes.

export type RobotJobRow = typeof robotJobs.$inferSelect;

/** A job to add. */
export interface NewRobotJob {
  tenantId: string;
  workAccountId: string;
  kind: RobotJobKind;
  key: string;
  payload: RobotJobPayload;
  dueAt: number;
}

/** Adds jobs; a key stored before is not added again. How many were new. */
export async function addJobs(db: DbOrTx, jobs: NewRobotJob[], now: number): Promise<number> {
  if (jobs.length === 0) return 0;
  const rows = await db
    .insert(robotJobs)
    .values(jobs.map((j) => ({ ...j, state: 'queued' as const, createdAt: now })))
    .onConflictDoNothing({ target: robotJobs.key })
    .returning({ id: robotJobs.id });
  return rows.length;
}

/** Accounts with due accept jobs, and the daily cap those jobs carry. */
export async function acceptCandidates(tx: Tx, now: number, limit: number) {
  return rowsOf<{ work_account_id: string; tenant_id: string; daily_cap: number; n: number }>(
    await tx.execute(sql`
      select work_account_id, tenant_id, min((payload->>'dailyCap')::int) as daily_cap,
             count(*)::int as n
      from robot_jobs
      where kind = 'accept' and state in ('queued', 'claimed') and due_at <= ${now}
        and (state = 'queued' or lease_until < ${now})
      group by work_account_id, tenant_id
      limit ${limit}`),
  );
}

/** Accounts with due robot messages (greetings and keyword replies), with how many are due. */
export async function sendCandidates(tx: Tx, now: number, limit: number) {
  return rowsOf<{ work_account_id: string; tenant_id: string; n: number }>(
    await tx.execute(sql`
      select work_account_id, tenant_id, count(*)::int as n
      from robot_jobs
      where kind in ('greet', 'reply') and state in ('queued', 'claimed') and due_at <= ${now}
        and (state = 'queued' or lease_until < ${now})
      group by work_account_id, tenant_id
      limit ${limit}`),
  );
}

/**
 * Claims up to `n` due jobs (of one account's accepts, or of the sends), queued or with a lapsed
 * lease, oldest due first, marking them leased to `owner` until `until`. A materialized CTE: as
 * an `IN (subquery)` the limit could be applied again per row.
 */
export async function claimJobs(
  tx: Tx,
  c: {
    now: number;
    owner: string;
    until: number;
    n: number;
    kinds: RobotJobKind[];
    workAccountId?: string;
  },
): Promise<RobotJobRow[]> {
  if (c.n <= 0) return [];
  const kinds = sql.join(
    c.kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with picked as materialized (
        select id from robot_jobs
        where state in ('queued', 'claimed') and due_at <= ${c.now}
          and (state = 'queued' or lease_until < ${c.now})
          and kind in (${kinds})
          ${c.workAccountId ? sql`and work_account_id = ${c.workAccountId}` : sql``}
        order by due_at, id
        limit ${c.n}
        for update skip locked)
      update robot_jobs j
      set state = 'claimed', lease_owner = ${c.owner}, lease_until = ${c.until},
          attempts = j.attempts + 1
      from picked
      where j.id = picked.id
      returning j.id`),
  );
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  return tx
    .select()
    .from(robotJobs)
    .where(sql`${robotJobs.id} = any(${sql.param(ids)}::uuid[])`)
    .orderBy(robotJobs.dueAt, robotJobs.id);
}

/** One job. */
export async function findJob(db: DbOrTx, id: string): Promise<RobotJobRow | null> {
  const [row] = await db.select().from(robotJobs).where(eq(robotJobs.id, id));
  return row ?? null;
}

/** Records a job's outcome if this instance still holds it; false when it is not ours. */
export async function finishJob(
  db: DbOrTx,
  id: string,
  owner: string,
  state: 'done' | 'skipped',
  result: string,
  now: number,
): Promise<boolean> {
  const rows = await db
    .update(robotJobs)
    .set({ state, result, doneAt: now, leaseOwner: null, leaseUntil: null })
    .where(
      and(eq(robotJobs.id, id), eq(robotJobs.state, 'claimed'), eq(robotJobs.leaseOwner, owner)),
    )
    .returning({ id: robotJobs.id });
  return rows.length > 0;
}

/** Hands jobs back to the queue (due at `dueAt` when given). */
export async function releaseJobs(
  db: DbOrTx,
  ids: string[],
  owner: string,
  dueAt?: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(robotJobs)
    .set({
      state: 'queued',
      leaseOwner: null,
      leaseUntil: null,
      ...(dueAt !== undefined ? { dueAt } : {}),
    })
    .where(
      and(
        sql`${robotJobs.id} = any(${sql.param(ids)}::uuid[])`,
        eq(robotJobs.state, 'claimed'),
        eq(robotJobs.leaseOwner, owner),
      ),
    );
}

/** Jobs of an account (tests, operations). */
export function jobsOfAccount(db: DbOrTx, workAccountId: string): Promise<RobotJobRow[]> {
  return db
    .select()
    .from(robotJobs)
    .where(eq(robotJobs.workAccountId, workAccountId))
    .orderBy(robotJobs.createdAt, robotJobs.key);
}
