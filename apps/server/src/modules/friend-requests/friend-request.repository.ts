import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { FriendRequestDirection, FriendRequestOrigin, FriendRequestStatus } from '@cst/shared';
import {
  chatGroupMembers,
  chatGroups,
  contacts,
  friendRequests,
  workAccounts,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { ConvScope } from '../conversations/index.ts';

export type FriendRequestRow = typeof friendRequests.$inferSelect;
/** A request with its work account's platform id. */
export type FriendRequestWithAccount = FriendRequestRow & { workWxid: string };

const withAccount = { ...getTableColumns(friendRequests), workWxid: workAccounts.wxid };

/** The condition of a scope on requests (always the tenant). */
function scopeCondition(scope: ConvScope): SQL {
  const tenant = eq(friendRequests.tenantId, scope.tenantId);
  if (scope.accountIds === 'all') return tenant;
  if (scope.accountIds.length === 0) return sql`false`;
  return and(tenant, inArray(friendRequests.workAccountId, scope.accountIds))!;
}

/** Filters of the request list. */
export interface RequestFilter {
  workAccountId?: string;
  direction?: FriendRequestDirection;
  status?: FriendRequestStatus;
}

/** A page of the scope's requests, newest first, and the total. */
export async function listRequests(
  db: DbOrTx,
  scope: ConvScope,
  filter: RequestFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: FriendRequestWithAccount[]; total: number }> {
  const conds: SQL[] = [scopeCondition(scope)];
  if (filter.workAccountId) conds.push(eq(friendRequests.workAccountId, filter.workAccountId));
  if (filter.direction) conds.push(eq(friendRequests.direction, filter.direction));
  if (filter.status) conds.push(eq(friendRequests.status, filter.status));
  const where = and(...conds);
  const [rows, counted] = await Promise.all([
    db
      .select(withAccount)
      .from(friendRequests)
      .innerJoin(workAccounts, eq(workAccounts.id, friendRequests.workAccountId))
      .where(where)
      .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(friendRequests)
      .where(where),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** One request of a tenant by id, with its account's wxid. */
export async function findRequest(
  db: DbOrTx,
  tenantId: string,
  id: string,
): Promise<FriendRequestWithAccount | null> {
  const rows = await db
    .select(withAccount)
    .from(friendRequests)
    .innerJoin(workAccounts, eq(workAccounts.id, friendRequests.workAccountId))
    .where(and(eq(friendRequests.tenantId, tenantId), eq(friendRequests.id, id)));
  return rows[0] ?? null;
}

/** Requests by id (a tenant's), with their account's wxid. */
export async function findRequests(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select(withAccount)
    .from(friendRequests)
    .innerJoin(workAccounts, eq(workAccounts.id, friendRequests.workAccountId))
    .where(and(eq(friendRequests.tenantId, tenantId), inArray(friendRequests.id, ids)));
}

/** A received request as the platform announced it. */
export interface ReceivedInput {
  tenantId: string;
  workAccountId: string;
  platformRequestId: string;
  wxid: string;
  nickname: string;
  avatar: string;
  verifyContent: string;
  source: string;
  status: FriendRequestStatus;
  reasonKey: string | null;
  createdAt: Date;
}

/**
 * Stores a received request (idempotent by the platform's id; a repeated event updates the
 * person and the status). Returns the row id.
 */
export async function upsertReceived(db: DbOrTx, input: ReceivedInput): Promise<string> {
  return (await upsertReceivedRow(db, input)).id;
}

/** {@link upsertReceived}, telling whether the request is new (inserted, not a repeat). */
export async function upsertReceivedRow(
  db: DbOrTx,
  input: ReceivedInput,
): Promise<{ id: string; inserted: boolean }> {
  const [row] = await db
    .insert(friendRequests)
    // A new pending request waits for the auto-accept rule (once: a repeat keeps the flag).
    .values({ ...input, direction: 'in', autoAcceptPending: input.status === 1 })
    .onConflictDoUpdate({
      target: [
        friendRequests.workAccountId,
        friendRequests.direction,
        friendRequests.platformRequestId,
      ],
      targetWhere: sql`${friendRequests.platformRequestId} is not null`,
      set: {
        nickname: sql`excluded.nickname`,
        avatar: sql`excluded.avatar`,
        verifyContent: sql`excluded.verify_content`,
        // A handled request keeps the console's answer.
        status: sql`case when ${friendRequests.status} = 1 then excluded.status else ${friendRequests.status} end`,
        reasonKey: sql`case when ${friendRequests.status} = 1 then excluded.reason_key else ${friendRequests.reasonKey} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: friendRequests.id, inserted: sql<boolean>`(xmax = 0)` });
  return { id: row!.id, inserted: row!.inserted === true || String(row!.inserted) === 'true' };
}

/** A request the console sent as the platform answered it. */
export interface SentInput {
  tenantId: string;
  workAccountId: string;
  wxid: string;
  nickname: string;
  avatar: string;
  verifyContent: string;
  source: string;
  origin: FriendRequestOrigin;
  status: FriendRequestStatus;
  reason: string;
  platformRequestId: string | null;
  groupId: string | null;
  handledBy: string | null;
  createdAt: Date;
}

/** Stores a sent request: one row per account and person, a new send replaces the last. */
export async function upsertSent(db: DbOrTx, input: SentInput): Promise<string> {
  const [row] = await db
    .insert(friendRequests)
    .values({ ...input, direction: 'out', reasonKey: null })
    .onConflictDoUpdate({
      target: [friendRequests.workAccountId, friendRequests.wxid],
      targetWhere: sql`${friendRequests.direction} = 'out'`,
      set: {
        nickname: sql`excluded.nickname`,
        avatar: sql`excluded.avatar`,
        verifyContent: sql`excluded.verify_content`,
        source: sql`excluded.source`,
        origin: sql`excluded.origin`,
        status: sql`excluded.status`,
        reason: sql`excluded.reason`,
        reasonKey: null,
        platformRequestId: sql`excluded.platform_request_id`,
        groupId: sql`excluded.group_id`,
        handledBy: sql`excluded.handled_by`,
        createdAt: sql`excluded.created_at`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: friendRequests.id });
  return row!.id;
}

/** Moves a pending request to a final status; null when it was no longer pending. */
export async function settle(
  db: DbOrTx,
  tenantId: string,
  id: string,
  patch: {
    status: FriendRequestStatus;
    reason?: string;
    reasonKey?: string | null;
    origin?: FriendRequestOrigin;
    handledBy?: string | null;
  },
): Promise<string | null> {
  const rows = await db
    .update(friendRequests)
    .set({ ...patch, updatedAt: new Date() })
    .where(
      and(
        eq(friendRequests.tenantId, tenantId),
        eq(friendRequests.id, id),
        eq(friendRequests.status, 1),
      ),
    )
    .returning({ id: friendRequests.id });
  return rows[0]?.id ?? null;
}

/**
 * Marks a received request accepted by a seat. The platform's `contactsChanged` may have settled
 * it already (status 3, nobody's answer): that still counts as this seat's acceptance. Null when
 * it was answered otherwise.
 */
export async function settleAccepted(
  db: DbOrTx,
  tenantId: string,
  id: string,
  handledBy: string,
): Promise<string | null> {
  const rows = await db
    .update(friendRequests)
    .set({ status: 3, origin: 'manual', handledBy, updatedAt: new Date() })
    .where(
      and(
        eq(friendRequests.tenantId, tenantId),
        eq(friendRequests.id, id),
        sql`(${friendRequests.status} = 1 or (${friendRequests.status} = 3 and ${friendRequests.handledBy} is null))`,
      ),
    )
    .returning({ id: friendRequests.id });
  return rows[0]?.id ?? null;
}

/**
 * Pending requests with people who are now friends of the account (both directions): they are
 * added (status 3). Returns the ids and origins of the rows changed.
 */
export async function settleAdded(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  wxids: string[],
): Promise<{ id: string; wxid: string; origin: FriendRequestOrigin | null }[]> {
  if (wxids.length === 0) return [];
  return db
    .update(friendRequests)
    .set({ status: 3, reason: '', reasonKey: null, updatedAt: new Date() })
    .where(
      and(
        eq(friendRequests.tenantId, tenantId),
        eq(friendRequests.workAccountId, workAccountId),
        inArray(friendRequests.wxid, wxids),
        eq(friendRequests.status, 1),
      ),
    )
    .returning({ id: friendRequests.id, wxid: friendRequests.wxid, origin: friendRequests.origin });
}

/** A sent request refused by the person (status 2 with the platform's reason). */
export async function settleRefused(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  wxid: string,
  reason: string,
): Promise<string | null> {
  const rows = await db
    .update(friendRequests)
    .set({
      status: 2,
      reason,
      reasonKey: reason ? null : 'friendRequestRefused',
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(friendRequests.tenantId, tenantId),
        eq(friendRequests.workAccountId, workAccountId),
        eq(friendRequests.direction, 'out'),
        eq(friendRequests.wxid, wxid),
        eq(friendRequests.status, 1),
      ),
    )
    .returning({ id: friendRequests.id });
  return rows[0]?.id ?? null;
}

/** Sets the source of friends who came through the console's requests. */
export async function setContactSources(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  sources: { wxid: string; source: FriendRequestOrigin }[],
): Promise<void> {
  for (const s of sources) {
    await db
      .update(contacts)
      .set({ source: s.source })
      .where(
        and(
          eq(contacts.tenantId, tenantId),
          eq(contacts.workAccountId, workAccountId),
          eq(contacts.wxid, s.wxid),
        ),
      );
  }
}

/** A person as the account's stored rows know them: a friend or a group member. */
export async function knownPerson(
  db: DbOrTx,
  workAccountId: string,
  wxid: string,
): Promise<{ nickname: string; avatar: string } | null> {
  const friend = await db
    .select({ nickname: contacts.nickname, avatar: contacts.avatar })
    .from(contacts)
    .where(and(eq(contacts.workAccountId, workAccountId), eq(contacts.wxid, wxid)))
    .limit(1);
  if (friend[0]) return friend[0];
  const member = await db
    .select({ nickname: chatGroupMembers.nickname, avatar: chatGroupMembers.avatar })
    .from(chatGroupMembers)
    .innerJoin(chatGroups, eq(chatGroups.id, chatGroupMembers.chatGroupId))
    .where(and(eq(chatGroups.workAccountId, workAccountId), eq(chatGroupMembers.wxid, wxid)))
    .limit(1);
  return member[0] ?? null;
}

/** Members of one of the account's groups (null when the account has no such group). */
export async function groupMembers(
  db: DbOrTx,
  workAccountId: string,
  groupId: string,
): Promise<string[] | null> {
  const [group] = await db
    .select({ id: chatGroups.id })
    .from(chatGroups)
    .where(and(eq(chatGroups.workAccountId, workAccountId), eq(chatGroups.groupId, groupId)));
  if (!group) return null;
  const rows = await db
    .select({ wxid: chatGroupMembers.wxid })
    .from(chatGroupMembers)
    .where(eq(chatGroupMembers.chatGroupId, group.id))
    .orderBy(chatGroupMembers.wxid);
  return rows.map((r) => r.wxid);
}

/** Which of these people are friends of the account. */
export async function friendsAmong(
  db: DbOrTx,
  workAccountId: string,
  wxids: string[],
): Promise<Set<string>> {
  if (wxids.length === 0) return new Set();
  const rows = await db
    .select({ wxid: contacts.wxid })
    .from(contacts)
    .where(and(eq(contacts.workAccountId, workAccountId), inArray(contacts.wxid, wxids)));
  return new Set(rows.map((r) => r.wxid));
}
