import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { FRIEND_REQUEST_STATUS } from '@cst/shared';
import { friendRequests, workAccounts } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

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
