import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { GroupNoticeKind, GroupRole } from '@cst/shared';
import {
  chatGroupMembers,
  chatGroupNotices,
  chatGroups,
  contacts,
  conversations,
  workAccounts,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { ConvScope } from '../conversations/index.ts';

/** A row of `chat_group_notices` as stored. */
export type GroupNoticeRow = typeof chatGroupNotices.$inferSelect;

/** A stored group with the account it belongs to and the account's role in it. */
export interface GroupRow {
  id: string;
  workAccountId: string;
  workWxid: string;
  accountName: string;
  groupId: string;
  name: string;
  avatar: string;
  memberCount: number;
  ownerWxid: string;
  ownerName: string;
  myRole: GroupRole;
  notice: string;
  myCard: string;
  createdAt: Date | null;
}

/** The account's own member row's admin flag decides `admin`; the owner id decides `owner`. */
const myRoleSql = sql<GroupRole>`case
  when ${chatGroups.ownerWxid} = ${workAccounts.wxid} then 'owner'
  when exists (select 1 from ${chatGroupMembers} me where me.chat_group_id = ${chatGroups.id}
    and me.wxid = ${workAccounts.wxid} and me.is_admin) then 'admin'
  else 'member' end`;

const ownerNameSql = sql<string>`coalesce((select coalesce(nullif(o.card, ''), o.nickname)
  from ${chatGroupMembers} o where o.chat_group_id = ${chatGroups.id}
  and o.wxid = ${chatGroups.ownerWxid} limit 1), '')`;

const groupColumns = {
  id: chatGroups.id,
  workAccountId: chatGroups.workAccountId,
  workWxid: workAccounts.wxid,
  accountName: sql<string>`coalesce(nullif(${workAccounts.remark}, ''), ${workAccounts.nickname})`,
  groupId: chatGroups.groupId,
  name: chatGroups.name,
  avatar: chatGroups.avatar,
  memberCount: chatGroups.memberCount,
  ownerWxid: chatGroups.ownerWxid,
  ownerName: ownerNameSql,
  myRole: myRoleSql,
  notice: chatGroups.notice,
  myCard: chatGroups.myCard,
  createdAt: chatGroups.createdAt,
};

function scopeCondition(scope: ConvScope): SQL {
  const tenant = eq(chatGroups.tenantId, scope.tenantId);
  if (scope.accountIds === 'all') return tenant;
  if (scope.accountIds.length === 0) return sql`false`;
  return and(tenant, inArray(chatGroups.workAccountId, scope.accountIds))!;
}

/** Filters of the groups list. */
export interface GroupFilter {
  workAccountId?: string;
  keyword?: string;
  myRole?: GroupRole;
}

/** A page of the groups of a scope, by name. */
export async function listGroups(
  db: DbOrTx,
  scope: ConvScope,
  filter: GroupFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: GroupRow[]; total: number }> {
  const conds: SQL[] = [scopeCondition(scope)];
  if (filter.workAccountId) conds.push(eq(chatGroups.workAccountId, filter.workAccountId));
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(chatGroups.name, like), ilike(chatGroups.groupId, like))!);
  }
  if (filter.myRole) conds.push(sql`(${myRoleSql}) = ${filter.myRole}`);
  const where = and(...conds);
  const rows = await db
    .select(groupColumns)
    .from(chatGroups)
    .innerJoin(workAccounts, eq(workAccounts.id, chatGroups.workAccountId))
    .where(where)
    .orderBy(asc(chatGroups.name), asc(workAccounts.wxid), asc(chatGroups.groupId))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(chatGroups)
    .innerJoin(workAccounts, eq(workAccounts.id, chatGroups.workAccountId))
    .where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One stored group of a work account, or null. */
export async function findGroup(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  groupId: string,
): Promise<GroupRow | null> {
  const rows = await db
    .select(groupColumns)
    .from(chatGroups)
    .innerJoin(workAccounts, eq(workAccounts.id, chatGroups.workAccountId))
    .where(
      and(
        eq(chatGroups.tenantId, tenantId),
        eq(chatGroups.workAccountId, workAccountId),
        eq(chatGroups.groupId, groupId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Stored members of a group: owner, admins, then by join time. */
export async function listMembers(
  db: DbOrTx,
  tenantId: string,
  chatGroupId: string,
  keyword?: string,
) {
  const conds: SQL[] = [
    eq(chatGroupMembers.tenantId, tenantId),
    eq(chatGroupMembers.chatGroupId, chatGroupId),
  ];
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        ilike(chatGroupMembers.nickname, like),
        ilike(chatGroupMembers.card, like),
        ilike(chatGroupMembers.wxid, like),
      )!,
    );
  }
  return db
    .select()
    .from(chatGroupMembers)
    .where(and(...conds))
    .orderBy(
      desc(chatGroupMembers.isOwner),
      desc(chatGroupMembers.isAdmin),
      asc(chatGroupMembers.joinedAt),
      asc(chatGroupMembers.wxid),
    );
}
export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/** Sets the muted flag of stored members. */
export async function setBanned(
  db: DbOrTx,
  tenantId: string,
  chatGroupId: string,
  wxids: string[],
  banned: boolean,
) {
  await db
    .update(chatGroupMembers)
    .set({ banned })
    .where(
      and(
        eq(chatGroupMembers.tenantId, tenantId),
        eq(chatGroupMembers.chatGroupId, chatGroupId),
        inArray(chatGroupMembers.wxid, wxids),
      ),
    );
}

/** Makes the stored muted flags those of the platform's ban list. */
export async function replaceBanned(
  db: DbOrTx,
  tenantId: string,
  chatGroupId: string,
  bannedWxids: string[],
) {
  await db
    .update(chatGroupMembers)
    .set({
      banned: bannedWxids.length
        ? sql`${chatGroupMembers.wxid} in (${sql.join(
            bannedWxids.map((w) => sql`${w}`),
            sql`, `,
          )})`
        : false,
    })
    .where(
      and(eq(chatGroupMembers.tenantId, tenantId), eq(chatGroupMembers.chatGroupId, chatGroupId)),
    );
}

/** Stores a group notice once (by the platform's notice id); returns whether it was new. */
export async function insertNotice(
  db: DbOrTx,
  row: {
    tenantId: string;
    workAccountId: string;
    groupId: string;
    noticeId: string;
    kind: GroupNoticeKind;
    text: string;
    wxids: string[];
    at: Date;
  },
): Promise<boolean> {
  const rows = await db
    .insert(chatGroupNotices)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: chatGroupNotices.id });
  return rows.length > 0;
}

/** A page of a group's notices, newest first. */
export async function listNotices(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  groupId: string,
  kind: GroupNoticeKind | undefined,
  page: { page: number; pageSize: number },
) {
  const conds: SQL[] = [
    eq(chatGroupNotices.tenantId, tenantId),
    eq(chatGroupNotices.workAccountId, workAccountId),
    eq(chatGroupNotices.groupId, groupId),
  ];
  if (kind) conds.push(eq(chatGroupNotices.kind, kind));
  const where = and(...conds);
  const rows = await db
    .select()
    .from(chatGroupNotices)
    .where(where)
    .orderBy(desc(chatGroupNotices.at), desc(chatGroupNotices.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(chatGroupNotices).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * Copies a group's name and avatar to the account's group chat; returns it when that changed it
 * (none when the chat already showed them, or the account has no chat with the group).
 */
export async function refreshGroupConversation(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  groupId: string,
  name: string,
  avatar: string,
) {
  const changed = await db
    .update(conversations)
    .set({ nickname: name, avatar })
    .where(
      and(
        eq(conversations.tenantId, tenantId),
        eq(conversations.workAccountId, workAccountId),
        eq(conversations.talkType, 2),
        eq(conversations.peerId, groupId),
        or(sql`${conversations.nickname} <> ${name}`, sql`${conversations.avatar} <> ${avatar}`),
      ),
    )
    .returning({ id: conversations.id });
  if (changed.length === 0) return [];
  return groupConversations(db, tenantId, workAccountId, groupId);
}

/**
 * The account's chat with a group, with the group's member count as the list shows it: a
 * created group's chat or one whose members changed is told to the lists with its size.
 */
export async function groupConversations(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  groupId: string,
) {
  return db
    .select({
      ...getTableColumns(conversations),
      memberCount: sql<number | null>`(select ${chatGroups.memberCount} from ${chatGroups}
        where ${chatGroups.workAccountId} = ${conversations.workAccountId}
          and ${chatGroups.groupId} = ${conversations.peerId})`,
    })
    .from(conversations)
    .where(
      and(
        eq(conversations.tenantId, tenantId),
        eq(conversations.workAccountId, workAccountId),
        eq(conversations.talkType, 2),
        eq(conversations.peerId, groupId),
      ),
    );
}

/** Whether every wxid is a friend of the account. */
export async function allFriends(db: DbOrTx, workAccountId: string, wxids: string[]) {
  const rows = await db
    .select({ wxid: contacts.wxid })
    .from(contacts)
    .where(and(eq(contacts.workAccountId, workAccountId), inArray(contacts.wxid, wxids)));
  return new Set(rows.map((r) => r.wxid)).size === new Set(wxids).size;
}

/** Sets a group's member count from its stored members (after people joined or left). */
export async function recountMembers(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  groupId: string,
): Promise<boolean> {
  const counted = sql`(select count(*)::int from ${chatGroupMembers} m
    where m.chat_group_id = ${chatGroups.id})`;
  const changed = await db
    .update(chatGroups)
    .set({ memberCount: counted })
    .where(
      and(
        eq(chatGroups.tenantId, tenantId),
        eq(chatGroups.workAccountId, workAccountId),
        eq(chatGroups.groupId, groupId),
        sql`${chatGroups.memberCount} is distinct from ${counted}`,
      ),
    )
    .returning({ id: chatGroups.id });
  return changed.length > 0;
}
