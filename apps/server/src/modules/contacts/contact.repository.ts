import { and, count, eq, gt, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import {
  chatGroupMembers,
  chatGroups,
  contacts,
  conversations,
  messages,
  workAccounts,
} from '../../db/schema/index.ts';
import type { ContactSource } from '@cst/shared';
import type { DbOrTx } from '../../platform/db.ts';
import type { ContactDto, GroupDto, GroupMemberDto } from '../../gateway/types.ts';

const BATCH = 500;

function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Where a synced row belongs. */
export interface AccountRef {
  tenantId: string;
  workAccountId: string;
}

/**
 * Inserts or updates friends of a work account. A new friend's `source` is `source` (how the
 * console came to have them; 'phone' = outside the console); a known friend keeps theirs.
 */
export async function upsertContacts(
  db: DbOrTx,
  ref: AccountRef,
  list: ContactDto[],
  now: Date,
  source: ContactSource = 'phone',
) {
  for (const part of chunks(list)) {
    await db
      .insert(contacts)
      .values(
        part.map((c) => ({
          tenantId: ref.tenantId,
          workAccountId: ref.workAccountId,
          wxid: c.wxid,
          alias: c.alias,
          nickname: c.nickname,
          remark: c.remark,
          avatar: c.avatar,
          gender: c.sex,
          province: c.province,
          city: c.city,
          signature: c.signature,
          star: c.star,
          blacklist: c.blacklist,
          pinned: c.topChat ?? false,
          source,
          addedAt: c.addedAt ? new Date(c.addedAt) : null,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [contacts.workAccountId, contacts.wxid],
        set: {
          alias: sql`excluded.alias`,
          nickname: sql`excluded.nickname`,
          remark: sql`excluded.remark`,
          avatar: sql`excluded.avatar`,
          gender: sql`excluded.gender`,
          province: sql`excluded.province`,
          city: sql`excluded.city`,
          signature: sql`excluded.signature`,
          star: sql`excluded.star`,
          blacklist: sql`excluded.blacklist`,
          pinned: sql`excluded.pinned`,
          addedAt: sql`excluded.added_at`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}

/** Removes friends of a work account by wxid. */
export async function deleteContacts(db: DbOrTx, ref: AccountRef, wxids: string[]) {
  for (const part of chunks(wxids)) {
    await db
      .delete(contacts)
      .where(and(eq(contacts.workAccountId, ref.workAccountId), inArray(contacts.wxid, part)));
  }
}

/** Removes friends of a work account that are not in `keep`. */
export async function deleteContactsExcept(db: DbOrTx, ref: AccountRef, keep: string[]) {
  const conds = [eq(contacts.workAccountId, ref.workAccountId)];
  if (keep.length) conds.push(notInArray(contacts.wxid, keep));
  await db.delete(contacts).where(and(...conds));
}

/**
 * Inserts or updates a group as the platform showed it at `observedAt`; returns its row id, or
 * null when the stored row was observed later (a slow, older read never overwrites a newer one).
 */
export async function upsertGroup(
  db: DbOrTx,
  ref: AccountRef,
  g: GroupDto,
  observedAt: Date,
): Promise<string | null> {
  const now = observedAt;
  const rows = await db
    .insert(chatGroups)
    .values({
      tenantId: ref.tenantId,
      workAccountId: ref.workAccountId,
      groupId: g.groupId,
      name: g.name,
      avatar: g.avatar,
      ownerWxid: g.ownerWxid,
      notice: g.notice,
      myCard: g.myCard,
      memberCount: g.memberCount,
      createdAt: g.createdAt ? new Date(g.createdAt) : null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [chatGroups.workAccountId, chatGroups.groupId],
      set: {
        name: sql`excluded.name`,
        avatar: sql`excluded.avatar`,
        ownerWxid: sql`excluded.owner_wxid`,
        notice: sql`excluded.notice`,
        myCard: sql`excluded.my_card`,
        memberCount: sql`excluded.member_count`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`${chatGroups.updatedAt} <= excluded.updated_at`,
    })
    .returning({ id: chatGroups.id });
  return rows[0]?.id ?? null;
}

/** Replaces the members of a group. */
export async function replaceMembers(
  db: DbOrTx,
  tenantId: string,
  chatGroupId: string,
  members: GroupMemberDto[],
) {
  await db.delete(chatGroupMembers).where(eq(chatGroupMembers.chatGroupId, chatGroupId));
  for (const part of chunks(members)) {
    await db
      .insert(chatGroupMembers)
      .values(
        part.map((m) => ({
          tenantId,
          chatGroupId,
          wxid: m.wxid,
          nickname: m.nickname,
          card: m.card,
          avatar: m.avatar,
          isOwner: m.isOwner,
          isAdmin: m.isAdmin,
          isFriend: m.isFriend,
          banned: m.banned,
          joinedAt: m.joinedAt ? new Date(m.joinedAt) : null,
        })),
      )
      .onConflictDoNothing();
  }
}

/** Removes groups of a work account by platform id; returns the platform ids of those removed. */
export async function deleteGroups(
  db: DbOrTx,
  ref: AccountRef,
  groupIds: string[],
): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .delete(chatGroups)
    .where(
      and(eq(chatGroups.workAccountId, ref.workAccountId), inArray(chatGroups.groupId, groupIds)),
    )
    .returning({ groupId: chatGroups.groupId });
  return rows.map((r) => r.groupId);
}

/**
 * Serialises the writes of one group of a work account until the transaction ends, so that two
 * stores of the same change (a command's read and the platform's report) see each other's rows.
 */
export async function lockGroup(db: DbOrTx, ref: AccountRef, groupId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`chat_group:${ref.workAccountId}:${groupId}`}))`,
  );
}

/**
 * What a change of a stored group is judged by, as one comparable string, or null when the group
 * is not stored: its name, avatar, owner, announcement and the account's card, and who its members
 * are with their cards, roles and mutes. (Members' own names and avatars are the people's, not
 * the group's; the count follows the members.)
 */
export async function groupState(
  db: DbOrTx,
  ref: AccountRef,
  groupId: string,
): Promise<string | null> {
  const [g] = await db
    .select({
      id: chatGroups.id,
      name: chatGroups.name,
      avatar: chatGroups.avatar,
      ownerWxid: chatGroups.ownerWxid,
      notice: chatGroups.notice,
      myCard: chatGroups.myCard,
    })
    .from(chatGroups)
    .where(and(eq(chatGroups.workAccountId, ref.workAccountId), eq(chatGroups.groupId, groupId)))
    .limit(1);
  if (!g) return null;
  const members = await db
    .select({
      wxid: chatGroupMembers.wxid,
      card: chatGroupMembers.card,
      isOwner: chatGroupMembers.isOwner,
      isAdmin: chatGroupMembers.isAdmin,
      banned: chatGroupMembers.banned,
    })
    .from(chatGroupMembers)
    .where(eq(chatGroupMembers.chatGroupId, g.id))
    .orderBy(chatGroupMembers.wxid);
  return JSON.stringify([
    [g.name, g.avatar, g.ownerWxid, g.notice, g.myCard],
    members.map((m) => [m.wxid, m.card, m.isOwner, m.isAdmin, m.banned]),
  ]);
}

/** Removes groups of a work account that are not in `keep`. */
export async function deleteGroupsExcept(
  db: DbOrTx,
  ref: AccountRef,
  keep: string[],
): Promise<string[]> {
  const conds = [eq(chatGroups.workAccountId, ref.workAccountId)];
  if (keep.length) conds.push(notInArray(chatGroups.groupId, keep));
  const rows = await db
    .delete(chatGroups)
    .where(and(...conds))
    .returning({ groupId: chatGroups.groupId });
  return rows.map((r) => r.groupId);
}

/**
 * Marks the login's full read of a work account done at `at`; returns when the one before it was
 * done (null for the account's first). The row stays locked until the transaction ends, so two
 * reads of one account are one after the other.
 */
export async function markContactsSynced(
  db: DbOrTx,
  workAccountId: string,
  at: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ syncedAt: workAccounts.contactsSyncedAt })
    .from(workAccounts)
    .where(eq(workAccounts.id, workAccountId))
    .for('update');
  await db
    .update(workAccounts)
    .set({ contactsSyncedAt: at })
    .where(eq(workAccounts.id, workAccountId));
  return row?.syncedAt ?? null;
}

/** The row id of a group of a work account. */
export async function findGroupRowId(db: DbOrTx, ref: AccountRef, groupId: string) {
  const rows = await db
    .select({ id: chatGroups.id })
    .from(chatGroups)
    .where(and(eq(chatGroups.workAccountId, ref.workAccountId), eq(chatGroups.groupId, groupId)))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** Friends and groups of a work account. */
export async function countsOf(db: DbOrTx, workAccountId: string) {
  const [c] = await db
    .select({ n: count() })
    .from(contacts)
    .where(eq(contacts.workAccountId, workAccountId));
  const [g] = await db
    .select({ n: count() })
    .from(chatGroups)
    .where(eq(chatGroups.workAccountId, workAccountId));
  return { contactCount: Number(c?.n ?? 0), groupCount: Number(g?.n ?? 0) };
}

/** Friends of a work account (name order) for pickers. */
export async function listContactsOf(db: DbOrTx, workAccountId: string) {
  return db
    .select({
      wxid: contacts.wxid,
      nickname: contacts.nickname,
      remark: contacts.remark,
      avatar: contacts.avatar,
    })
    .from(contacts)
    .where(eq(contacts.workAccountId, workAccountId))
    .orderBy(contacts.nickname);
}

/** Groups of a work account with their members (name order) for pickers. */
export async function listGroupsWithMembers(db: DbOrTx, workAccountId: string) {
  const groups = await db
    .select({ id: chatGroups.id, groupId: chatGroups.groupId, name: chatGroups.name })
    .from(chatGroups)
    .where(eq(chatGroups.workAccountId, workAccountId))
    .orderBy(chatGroups.name);
  if (groups.length === 0) return [];
  const members = await db
    .select({
      chatGroupId: chatGroupMembers.chatGroupId,
      wxid: chatGroupMembers.wxid,
      nickname: chatGroupMembers.nickname,
      card: chatGroupMembers.card,
    })
    .from(chatGroupMembers)
    .where(
      inArray(
        chatGroupMembers.chatGroupId,
        groups.map((g) => g.id),
      ),
    );
  return groups.map((g) => ({
    groupId: g.groupId,
    name: g.name,
    members: members
      .filter((m) => m.chatGroupId === g.id)
      .map((m) => ({ wxid: m.wxid, nickname: m.nickname, card: m.card })),
  }));
}

/** A friend of a work account by wxid, or null. */
export async function findContact(db: DbOrTx, workAccountId: string, wxid: string) {
  const rows = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.workAccountId, workAccountId), eq(contacts.wxid, wxid)))
    .limit(1);
  return rows[0] ?? null;
}

/** A conversation of a work account with a friend (talkType 1) or a group (talkType 2), or null. */
export async function findConversationWith(
  db: DbOrTx,
  workAccountId: string,
  talkType: 1 | 2,
  peerId: string,
) {
  const rows = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.workAccountId, workAccountId),
        eq(conversations.talkType, talkType),
        eq(conversations.peerId, peerId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Whether a person is a known member of a group of the account, or wrote in it since `since`. */
export async function seenInGroup(
  db: DbOrTx,
  workAccountId: string,
  groupId: string,
  wxid: string,
  since: number,
): Promise<boolean> {
  const member = await db
    .select({ id: chatGroupMembers.id })
    .from(chatGroupMembers)
    .innerJoin(chatGroups, eq(chatGroups.id, chatGroupMembers.chatGroupId))
    .where(
      and(
        eq(chatGroups.workAccountId, workAccountId),
        eq(chatGroups.groupId, groupId),
        eq(chatGroupMembers.wxid, wxid),
      ),
    )
    .limit(1);
  if (member.length > 0) return true;
  const conv = await findConversationWith(db, workAccountId, 2, groupId);
  if (!conv) return false;
  const wrote = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conv.id),
        gt(messages.msgTime, since),
        eq(messages.memberWxid, wxid),
      ),
    )
    .limit(1);
  return wrote.length > 0;
}

/** Sets the remark of a stored friend and of the account's single chat with them. */
export async function setRemark(db: DbOrTx, workAccountId: string, wxid: string, remark: string) {
  const now = new Date();
  await db
    .update(contacts)
    .set({ remark, updatedAt: now })
    .where(and(eq(contacts.workAccountId, workAccountId), eq(contacts.wxid, wxid)));
  return db
    .update(conversations)
    .set({ remark })
    .where(
      and(
        eq(conversations.workAccountId, workAccountId),
        eq(conversations.talkType, 1),
        eq(conversations.peerId, wxid),
      ),
    )
    .returning();
}

/**
 * Copies changed friends' remark, nickname and avatar to the account's single chats with them;
 * returns the conversations that changed.
 */
export async function refreshConversationNames(db: DbOrTx, ref: AccountRef, list: ContactDto[]) {
  const changed: (typeof conversations.$inferSelect)[] = [];
  for (const c of list) {
    const rows = await db
      .update(conversations)
      .set({ remark: c.remark, nickname: c.nickname, avatar: c.avatar })
      .where(
        and(
          eq(conversations.workAccountId, ref.workAccountId),
          eq(conversations.talkType, 1),
          eq(conversations.peerId, c.wxid),
          or(
            ne(conversations.remark, c.remark),
            ne(conversations.nickname, c.nickname),
            ne(conversations.avatar, c.avatar),
          ),
        ),
      )
      .returning();
    changed.push(...rows);
  }
  return changed;
}
