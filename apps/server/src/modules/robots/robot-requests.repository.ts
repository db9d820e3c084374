import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { FRIEND_REQUEST_STATUS } from '@cst/shared';
import { friendRequests, workAccounts } from '../../db/schema/index.ts';
import { rowsOf, type DbOrTx, type Tx } from '../../platform/db.ts';

// The robots' reads and writes of friend requests: a received request by its platform id, the
// requests of new friends, and the robot's accept (origin autoAccept).

export type ReceivedRow = typeof friendRequests.$inferSelect;

/** A received request of an account by the platform's id. */
export async function receivedByPlatformId(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  platformRequestId: string,
): Promise<ReceivedRow | null> {
  const [row] = await db
    .select()
    .from(friendRequests)
    .where(
      and(
        eq(friendRequests.tenantId, tenantId),
        eq(friendRequests.workAccountId, workAccountId),
        eq(friendRequests.direction, 'in'),
        eq(friendRequests.platformRequestId, platformRequestId),
      ),
    );
  return row ?? null;
}

/** A received request as the auto-accept rule decides it. */
export interface UndecidedRequest {
  id: string;
  tenantId: string;
  workAccountId: string;
  status: number;
  verifyContent: string;
}

/**
 * Takes up to `limit` received requests the auto-accept rule has not decided (of one account, or
 * of any), oldest first, clearing their flag in the caller's transaction: the decision commits
 * with the flag, so each request is decided exactly once. Rows another transaction is deciding
 * are skipped.
 */
export async function takeUndecided(
  tx: Tx,
  account: { tenantId: string; id: string } | null,
  limit: number,
): Promise<UndecidedRequest[]> {
  const rows = rowsOf<{
    id: string;
    tenant_id: string;
    work_account_id: string;
    status: number;
    verify_content: string;
  }>(
    await tx.execute(sql`
      with picked as materialized (
        select id from friend_requests
        where auto_accept_pending
          ${account ? sql`and tenant_id = ${account.tenantId} and work_account_id = ${account.id}` : sql``}
        order by work_account_id, created_at
        limit ${limit}
        for update skip locked)
      update friend_requests f set auto_accept_pending = false
      from picked where f.id = picked.id
      returning f.id, f.tenant_id, f.work_account_id, f.status, f.verify_content`),
  );
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenant_id,
    workAccountId: r.work_account_id,
    status: r.status,
    verifyContent: r.verify_content,
  }));
}

/** Received requests of an account from these people, answered or not, made since a time. */
export function receivedFrom(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  wxids: string[],
  since: Date,
): Promise<ReceivedRow[]> {
  if (wxids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(friendRequests)
    .where(
      and(
        eq(friendRequests.tenantId, tenantId),
        eq(friendRequests.workAccountId, workAccountId),
        eq(friendRequests.direction, 'in'),
        inArray(friendRequests.wxid, wxids),
        gt(friendRequests.createdAt, since),
      ),
    );
}

/** A request with its account, as the accept job needs it. */
export async function requestForAccept(db: DbOrTx, tenantId: string, id: string) {
  const [row] = await db
    .select({
      id: friendRequests.id,
      status: friendRequests.status,
      wxid: friendRequests.wxid,
      platformRequestId: friendRequests.platformRequestId,
      workAccountId: friendRequests.workAccountId,
      workWxid: workAccounts.wxid,
      accountStatus: workAccounts.status,
    })
    .from(friendRequests)
    .innerJoin(workAccounts, eq(workAccounts.id, friendRequests.workAccountId))
    .where(and(eq(friendRequests.tenantId, tenantId), eq(friendRequests.id, id)));
  return row ?? null;
}

/** Marks a pending request as the robot's (its friend gets source autoAccept). */
export async function markAutoAccept(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db
    .update(friendRequests)
    .set({ origin: 'autoAccept' })
    .where(
      and(
        eq(friendRequests.tenantId, tenantId),
        eq(friendRequests.id, id),
        eq(friendRequests.status, FRIEND_REQUEST_STATUS.requested),
      ),
    );
}

/** Settles a request the robot accepted (status 3, no seat); false when it was answered otherwise. */
export async function settleRobotAccept(
  db: DbOrTx,
  tenantId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .update(friendRequests)
    .set({ status: FRIEND_REQUEST_STATUS.succeeded, origin: 'autoAccept', updatedAt: new Date() })
    .where(
      and(
        eq(friendRequests.tenantId, tenantId),
        eq(friendRequests.id, id),
        sql`(${friendRequests.status} = 1 or (${friendRequests.status} = 3 and ${friendRequests.handledBy} is null))`,
      ),
    )
    .returning({ id: friendRequests.id });
  return rows.length > 0;
}
