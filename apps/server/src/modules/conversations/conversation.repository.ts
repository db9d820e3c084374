import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  lt,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { CONVERSATION_STATUSES, MSG_TYPE, bulkRequestIdOf, messagePreview } from '@cst/shared';
import {
  chatGroups,
  contactTags,
  contacts,
  conversationCounts,
  conversationNotes,
  conversationViewCounts,
  conversations,
  messageHides,
  messages,
  sessionGroupItems,
  sessionGroups,
  workAccounts,
} from '../../db/schema/index.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  fieldRowsFromJson,
  jsonRowsOf,
  preparedSelect,
  preparedSql,
  rowsOf,
  selectRows,
  tableRowsFromJson,
  type DbOrTx,
} from '../../platform/db.ts';
import type { NoteRow } from './conversation-note.repository.ts';

export type ConversationRow = typeof conversations.$inferSelect;
/** A conversation with its group's member count where known (a group chat the lists show). */
export type SizedConversation = ConversationRow & { memberCount?: number | null };
export type MessageRow = typeof messages.$inferSelect;

/** Which accounts' conversations a caller may read: the whole tenant, or a list of accounts. */
export type ConvScope = {
  tenantId: string;
  accountIds: string[] | 'all';
  /** Chats served by the caller's seats after an accepted transfer, beside its accounts'. */
  convIds?: string[];
};

/** The SQL condition "message not hidden" for queries on messages. */
export function notHidden() {
  return sql`not exists (select 1 from ${messageHides} h where h.message_id = ${messages.id})`;
}

/** The condition on conversations for a scope (always filters the tenant). */
export function convScopeCondition(scope: ConvScope): SQL {
  const tenant = eq(conversations.tenantId, scope.tenantId);
  if (scope.accountIds === 'all') return tenant;
  const served = scope.convIds?.length ? inArray(conversations.id, scope.convIds) : null;
  if (scope.accountIds.length === 0) return served ? and(tenant, served)! : sql`false`;
  const accounts = inArray(conversations.workAccountId, scope.accountIds);
  return and(tenant, served ? or(accounts, served) : accounts)!;
}

/** Filters of the conversation list. */
export interface ListFilter {
  /** The account by platform id (looked up inside the list query). */
  workWxid?: string;
  unreadOnly?: boolean;
  pinnedOnly?: boolean;
  sessionGroupId?: string;
  keyword?: string;
  talkType?: number;
  /** Single chats whose contact carries any of these tags. */
  tagIds?: string[];
  /** Chats assigned to this seat, or (null) unassigned ones. */
  assignee?: string | null;
  status?: string;
  /** Leaves resolved chats out (the 我的 and 未分配 views). */
  activeOnly?: boolean;
  /**
   * Only chats assigned to this seat or to nobody: a seat that may not see all chats (without
   * `conversation.assign`) has no 全部 view, so chats assigned to others leave its lists.
   */
  mineOrFree?: string;
  /** Chats whose latest message is at or after this time (ms; the public API's `updatedSince`). */
  updatedSince?: number;
}

/**
 * What the list reads of a conversation: all but its tenant and account ids, which it filters on,
 * a group's member count and whether its last message is a failed send. Its two times are read
 * as milliseconds since the epoch (all the item shows of them): a timestamp's text in the page's
 * JSON and its parse into a `Date` were a fifth of the statement's time on PGlite.
 */
export type ConversationListRow = Omit<
  ConversationRow,
  'tenantId' | 'workAccountId' | 'createdAt' | 'updatedAt' | 'searchKey'
> & {
  createdAt: number;
  updatedAt: number;
  memberCount?: number | null;
  lastFailed?: boolean | null;
};
const {
  tenantId: _tenant,
  workAccountId: _account,
  createdAt: _created,
  updatedAt: _updated,
  searchKey: _searchKey,
  ...listColumns
} = getTableColumns(conversations);
const listPage = preparedSelect<ConversationListRow & { total: number }>();
const listCount = preparedSql();
const v = (name: string): SQL => sql`${sql.placeholder(name)}`;

/**
 * A page of conversations, pinned first then newest, and the total — one query: the total rides
 * along as an uncorrelated subquery (computed once) when a rollup keeps it. A first page that is
 * not full is its own total; an empty later page, and a page of filters no rollup counts (a
 * keyword: a second read of every chat) that does not hold every match, count on their own.
 *
 * The statement is built once per shape (which filters, the page size), its values given apart.
 * The page size is a literal, and the first page has no offset: a kept statement's generic plan
 * then knows how many rows it reads, as a custom plan does, so PostgreSQL keeps that plan instead
 * of planning each call.
 */
export async function listConversations(
  db: DbOrTx,
  scope: ConvScope,
  filter: ListFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: ConversationListRow[]; total: number }> {
  const some = scope.accountIds !== 'all';
  const served = some && !!scope.convIds?.length;
  if (some && scope.accountIds.length === 0 && !served) return { rows: [], total: 0 };
  const values = {
    tenantId: scope.tenantId,
    accountIds: some ? scope.accountIds : null,
    convIds: served ? scope.convIds! : null,
    workWxid: filter.workWxid ?? null,
    talkType: filter.talkType ?? null,
    tagIds: filter.tagIds ?? null,
    sessionGroupId: filter.sessionGroupId ?? null,
    like: filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
    offset: (page - 1) * pageSize,
    assignee: filter.assignee ?? null,
    mineOrFree: filter.mineOrFree ?? null,
    since: filter.updatedSince ?? null,
  };
  const has = {
    some,
    served,
    account: !!filter.workWxid,
    unread: !!filter.unreadOnly,
    pinned: !!filter.pinnedOnly,
    talkType: !!filter.talkType,
    group: !!filter.sessionGroupId,
    keyword: !!filter.keyword,
    keywordLines: !!filter.keyword?.includes('\n'),
    tags: !!filter.tagIds,
    assignee: !!filter.assignee,
    unassigned: filter.assignee === null,
    status: !!filter.status,
    active: !!filter.activeOnly,
    mineOrFree: !!filter.mineOrFree,
    since: filter.updatedSince !== undefined,
  };
  // The total is read from a rollup when the filters are of its key: the account counts for the
  // account and talk type alone, the view counts when an assignee or a status is asked too.
  const rolledUp = !(
    has.unread ||
    has.pinned ||
    has.group ||
    has.keyword ||
    has.tags ||
    has.served ||
    has.since
  );
  const byView = has.assignee || has.unassigned || has.status || has.active || has.mineOrFree;
  // A status asked is written into the statement (one of four), as its partial index wants.
  const status = filter.status ? statusLiteral(filter.status) : null;
  const shape = `${Object.entries(has)
    .filter(([, on]) => on)
    .map(([k]) => k)
    .join(',')}|${filter.status ?? ''}|${pageSize}|${page === 1 ? 'first' : 'offset'}`;

  const parts = () => {
    const conds: SQL[] = [eq(conversations.tenantId, v('tenantId'))];
    if (has.served) {
      conds.push(
        sql`(${conversations.workAccountId} = any(${v('accountIds')}::uuid[]) or ${conversations.id} = any(${v('convIds')}::uuid[]))`,
      );
    } else if (has.some) {
      conds.push(sql`${conversations.workAccountId} = any(${v('accountIds')}::uuid[])`);
    }
    const account = has.account ? accountIdOfWxid(v('tenantId'), v('workWxid')) : null;
    if (account) conds.push(eq(conversations.workAccountId, account));
    if (has.unread) conds.push(gt(conversations.unread, 0));
    if (has.pinned) conds.push(eq(conversations.isPin, true));
    if (has.talkType) conds.push(sql`${conversations.talkType} = ${v('talkType')}`);
    if (has.assignee) conds.push(sql`${conversations.assigneeUid} = ${v('assignee')}::uuid`);
    if (has.unassigned) conds.push(sql`${conversations.assigneeUid} is null`);
    if (status) conds.push(sql`${conversations.status} = ${status}`);
    if (has.active) conds.push(sql`${conversations.status} <> 'resolved'`);
    if (has.mineOrFree) {
      conds.push(
        sql`(${conversations.assigneeUid} is null or ${conversations.assigneeUid} = ${v('mineOrFree')}::uuid)`,
      );
    }
    if (has.since) conds.push(sql`${conversations.latestMsgTime} >= ${v('since')}::bigint`);
    if (has.group) {
      conds.push(
        sql`${conversations.id} in (select ${sessionGroupItems.conversationId} from ${sessionGroupItems} where ${sessionGroupItems.groupId} = ${v('sessionGroupId')})`,
      );
    }
    if (has.keyword) {
      // `ilike` on the three columns is `like` on their lowercased key, one line each (the
      // pattern lowercased once, as an init plan), byte-wise and cheap: the pattern's only
      // wildcards are its ends, so a keyword without a line break matches within one column.
      // One with a line break could match across two: then the columns are checked too.
      conds.push(sql`${conversations.searchKey} like (select lower(${v('like')}))`);
      if (has.keywordLines) {
        conds.push(
          sql`(${conversations.nickname} ilike ${v('like')} or ${conversations.remark} ilike ${v('like')} or ${conversations.peerId} ilike ${v('like')})`,
        );
      }
    }
    if (has.tags) {
      // The tagged contacts' chats: a semi-join on the tag's links (hashed), not a probe per chat.
      conds.push(
        sql`${conversations.talkType} = 1 and (${conversations.workAccountId}, ${conversations.peerId}) in (select ${contacts.workAccountId}, ${contacts.wxid} from ${contactTags} join ${contacts} on ${contacts.id} = ${contactTags.contactId} where ${contactTags.tenantId} = ${v('tenantId')} and ${contactTags.tagId} = any(${v('tagIds')}::uuid[]))`,
      );
    }
    const where = and(...conds)!;
    const count = !rolledUp
      ? sql`(select count(*) from ${conversations} where ${where})`
      : byView
        ? viewCountedSql(has, account, status)
        : countedSql(has.some, has.talkType, account);
    // A total no rollup keeps (a keyword's, the unread or pinned chats', a tag's, changes since)
    // is a count of the matching chats, as long to read as a page of them all (a keyword reads
    // every chat of the tenant): counted apart, and only when the page does not hold every match.
    const total = rolledUp ? count : sql`null`;
    return { where, total, count };
  };

  const rows = await listPage(
    db,
    shape,
    () => {
      const { where, total } = parts();
      return (
        db
          .select({
            ...listColumns,
            createdAt: epochMs(conversations.createdAt).as('created_at'),
            updatedAt: epochMs(conversations.updatedAt).as('updated_at'),
            // A group's member count (null for a single chat or an unsynced group): one index
            // lookup per group of the page, after the limit. The CASE runs the subquery only for
            // a group: a subquery's start costs even when a condition of its own rules it out.
            // The list's columns are written without their table, so the row's own are named
            // with it (`chat_groups` has a `work_account_id` too).
            memberCount: sql<number | null>`case when ${own(conversations.talkType)} = 2 then
              (select g.member_count from ${chatGroups} g
                where g.work_account_id = ${own(conversations.workAccountId)}
                  and g.group_id = ${own(conversations.peerId)}) end`.as('member_count'),
            // Whether the last message is a send that failed (the row's mark), likewise after
            // it, for a chat that has a last message.
            lastFailed: sql<
              boolean | null
            >`case when ${own(conversations.lastMessageId)} is not null
              then (select m.failed from ${messages} m
                where m.id = ${own(conversations.lastMessageId)}) end`.as('last_failed'),
            total: sql<number>`${total}::int`.as('total'),
          })
          .from(conversations)
          .where(where)
          // As the order indexes are declared (DESC NULLS LAST), so the page is read off an index.
          .orderBy(
            sql`${conversations.isPin} desc nulls last`,
            sql`${conversations.latestMsgTime} desc nulls last`,
            asc(conversations.id),
          )
          .limit(literal(pageSize))
          .offset(page === 1 ? 0 : sql.placeholder('offset'))
      );
    },
    values,
  );
  // A first page that is not full holds every match: a keyword found in a few chats (a name) is
  // then read once, not twice. (An empty first page: nothing matches, whatever the filters.)
  if (page === 1 && rows.length < pageSize) return { rows, total: rows.length };
  // Each row keeps its copy of the total (the presenter reads only its own fields): copying
  // every row without it cost more than the field does.
  if (rows.length > 0 && rolledUp) return { rows, total: Number(rows[0]!.total) };
  const [r] = rowsOf<{ n: number }>(
    await listCount(db, shape, () => sql`select ${parts().count}::int as n`, values),
  );
  return { rows, total: Number(r?.n ?? 0) };
}

/** A column of `conversations` named with its table (a subquery's own columns come first). */
function own(column: AnyPgColumn): SQL {
  return sql`${sql.identifier('conversations')}.${sql.identifier(column.name)}`;
}

/** A timestamp column as whole milliseconds since the epoch (as `Date#getTime` gives it). */
function epochMs(column: AnyPgColumn): SQL<number> {
  return sql<number>`floor(extract(epoch from ${own(column)}) * 1000)::bigint`.mapWith(Number);
}

/**
 * A chat's status written into the statement's text: the list's partial index of the status views
 * (`conversations_status_order`, `status <> 'open'`) applies only to a condition the planner can
 * see at planning, and a kept statement is planned for any value of its parameters.
 */
function statusLiteral(status: string): SQL {
  if (!(CONVERSATION_STATUSES as readonly string[]).includes(status)) {
    throw new Error(`not a conversation status: ${status}`);
  }
  return sql.raw(`'${status}'`);
}

/** A number written into the statement's text (a validated page size). */
function literal(n: number): number {
  return sql.raw(String(Math.trunc(n))) as unknown as number;
}

/** Which messages a page of a conversation holds: newest first, below `before`, after `since`. */
export interface MessagePageSpec {
  before: number | null;
  since: number;
  limit: number;
}

/**
 * What a chat's page reads of a message: the fields `presentMessage` shows, none of the row's
 * keys (tenant, conversation, account), its dispatch state or its raw media and mentions.
 */
const {
  tenantId: _mTenant,
  conversationId: _mConversation,
  workAccountId: _mAccount,
  fileMime: _mMime,
  media: _mMedia,
  senderUserId: _mSenderUser,
  mentions: _mMentions,
  dispatchState: _mDispatch,
  ...shownColumns
} = getTableColumns(messages);
export type ShownMessageRow = Pick<MessageRow, keyof typeof shownColumns>;
/** The columns of {@link ShownMessageRow} (tests compare a page with a plain select of them). */
export const shownMessageColumns = shownColumns;

const conversationPage = preparedSql();

/**
 * One conversation of an account (by platform id) by peer, with a page of its messages (newest
 * first) and the chat's notes among them, in one round trip: the conversation as `row_to_json`,
 * the page as `json_agg` of the messages' select, and the notes (oldest first, at most 500) whose
 * ids fall after the oldest message shown (when the page has more beyond it), below `before` and
 * inside the window. `spec.limit` counts the one extra row that says whether there are more.
 * Built once per shape (a first page or one before a message).
 */
export async function findConversationWithPage(
  db: DbOrTx,
  tenantId: string,
  workWxid: string,
  talkType: number,
  peerId: string,
  spec: MessagePageSpec,
): Promise<{ conv: ConversationRow; rows: ShownMessageRow[]; notes: NoteRow[] } | null> {
  const first = spec.before === null;
  const build = () => {
    const page = db
      .select(shownColumns)
      .from(messages)
      .where(
        pageWhere(sql`${conversations.id}`, {
          before: first ? null : v('before'),
          since: v('since'),
        }),
      )
      .orderBy(desc(messages.id))
      .limit(sql.placeholder('limit'));
    const key = conversationKey(
      v('tenantId'),
      accountIdOfWxid(v('tenantId'), v('workWxid')),
      v('talkType'),
      v('peerId'),
    );
    const n = conversationNotes;
    const noteConds = [
      sql`${n.conversationId} = ${conversations.id}`,
      sql`${n.msgTime} > ${v('since')}`,
      // After the oldest message shown when there are older ones (then the next page has them).
      sql`${n.id} > coalesce(pg.after, 0)`,
    ];
    if (!first) noteConds.push(sql`${n.id} < ${v('before')}`);
    return sql`
      select row_to_json(${conversations}) as conv, pg.page,
        (select coalesce(json_agg(nt), '[]'::json) from (
          select * from ${n} where ${sql.join(noteConds, sql` and `)} order by ${n.id} limit 500
        ) nt) as notes
      from ${conversations}
      cross join lateral (
        select ${jsonRowsOf('p', shownColumns)} as page,
          case when count(*) > ${v('shown')}::int then (array_agg(p.id))[${v('shown')}::int] end as after
        from (${page}) p
      ) pg
      where ${key}
      limit 1`;
  };
  const [found] = rowsOf<{
    conv: Record<string, unknown>;
    page: unknown[][];
    notes: Record<string, unknown>[];
  }>(
    await conversationPage(db, first ? 'first' : 'before', build, {
      tenantId,
      workWxid,
      talkType,
      peerId,
      ...spec,
      shown: spec.limit - 1,
    }),
  );
  if (!found) return null;
  return {
    conv: tableRowsFromJson(conversations, [found.conv])[0]!,
    rows: fieldRowsFromJson(shownColumns, found.page) as ShownMessageRow[],
    notes: tableRowsFromJson(conversationNotes, found.notes),
  };
}

/** The id of a tenant's work account by platform id, as a subquery (null when there is none). */
export function accountIdOfWxid(tenantId: string | SQL, wxid: string | SQL): SQL {
  return sql`(select ${workAccounts.id} from ${workAccounts} where ${workAccounts.tenantId} = ${tenantId} and ${workAccounts.wxid} = ${wxid})`;
}

/**
 * The number of conversations of a scope (its accounts, one account, one talk type) from the kept
 * counts, with the placeholders `listConversations` fills.
 */
function countedSql(some: boolean, talkType: boolean, account: SQL | null): SQL {
  const conds: SQL[] = [eq(conversationCounts.tenantId, v('tenantId'))];
  if (some) conds.push(sql`${conversationCounts.workAccountId} = any(${v('accountIds')}::uuid[])`);
  if (account) conds.push(eq(conversationCounts.workAccountId, account));
  if (talkType) conds.push(sql`${conversationCounts.talkType} = ${v('talkType')}`);
  return sql`(select coalesce(sum(${conversationCounts.n}), 0) from ${conversationCounts} where ${and(...conds)})`;
}

/**
 * The list's total from the view counts (per account, talk type, assignee and status): the same
 * conditions as the list's on those columns, summed over a few rows.
 */
function viewCountedSql(
  has: {
    some: boolean;
    talkType: boolean;
    assignee: boolean;
    unassigned: boolean;
    status: boolean;
    active: boolean;
    mineOrFree: boolean;
  },
  account: SQL | null,
  status: SQL | null,
): SQL {
  const c = conversationViewCounts;
  const conds: SQL[] = [eq(c.tenantId, v('tenantId'))];
  if (has.some) conds.push(sql`${c.workAccountId} = any(${v('accountIds')}::uuid[])`);
  if (account) conds.push(eq(c.workAccountId, account));
  if (has.talkType) conds.push(sql`${c.talkType} = ${v('talkType')}`);
  if (has.assignee) conds.push(sql`${c.assigneeUid} = ${v('assignee')}::uuid`);
  if (has.unassigned) conds.push(sql`${c.assigneeUid} is null`);
  if (status) conds.push(sql`${c.status} = ${status}`);
  if (has.active) conds.push(sql`${c.status} <> 'resolved'`);
  if (has.mineOrFree) {
    conds.push(sql`(${c.assigneeUid} is null or ${c.assigneeUid} = ${v('mineOrFree')}::uuid)`);
  }
  return sql`(select coalesce(sum(${c.n}), 0) from ${c} where ${and(...conds)})`;
}

/** One conversation of an account (its id, or `accountIdOfWxid`), by peer. */
export async function findConversation(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string | SQL,
  talkType: number,
  peerId: string,
): Promise<ConversationRow | null> {
  const rows = await db
    .select()
    .from(conversations)
    .where(conversationKey(tenantId, workAccountId, talkType, peerId))
    .limit(1);
  return rows[0] ?? null;
}

/** The condition that finds one conversation of an account by peer (a unique key). */
function conversationKey(
  tenantId: string | SQL,
  workAccountId: string | SQL,
  talkType: number | SQL,
  peerId: string | SQL,
): SQL {
  return and(
    eq(conversations.tenantId, tenantId),
    eq(conversations.workAccountId, workAccountId),
    eq(conversations.talkType, talkType),
    eq(conversations.peerId, peerId),
  )!;
}

/** Creates the conversation when missing (names from the contact or group), returns it. */
export async function ensureConversation(
  db: DbOrTx,
  v: {
    tenantId: string;
    workAccountId: string;
    workWxid: string;
    talkType: number;
    peerId: string;
  },
): Promise<ConversationRow> {
  const existing = await findConversation(db, v.tenantId, v.workAccountId, v.talkType, v.peerId);
  if (existing) return existing;
  await upsertConversations(db, [v]);
  return (await findConversation(db, v.tenantId, v.workAccountId, v.talkType, v.peerId))!;
}

/** A conversation key of a batch. */
export interface ConvKey {
  tenantId: string;
  workAccountId: string;
  workWxid: string;
  talkType: number;
  peerId: string;
}

/**
 * Creates the conversations of a batch that do not exist yet, with names from the contact or
 * group; returns every conversation of the batch by `accountId|talkType|peerId`.
 */
export async function upsertConversations(
  db: DbOrTx,
  keys: ConvKey[],
  now = Date.now(),
): Promise<Map<string, SizedConversation>> {
  // Most arrivals are in conversations that exist: read first, insert only the missing ones.
  const out = await conversationsByKey(db, keys);
  const missing = keys.filter((k) => !out.has(convKeyOf(k.workAccountId, k.talkType, k.peerId)));
  if (missing.length === 0) return out;
  const values = sql.join(
    missing.map(
      (k) =>
        sql`(${k.tenantId}::uuid, ${k.workAccountId}::uuid, ${k.workWxid}, ${k.talkType}::smallint, ${k.peerId})`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    insert into conversations (tenant_id, work_account_id, work_wxid, talk_type, peer_id, nickname, remark, avatar, latest_msg_time)
    select v.tenant_id, v.work_account_id, v.work_wxid, v.talk_type, v.peer_id,
      coalesce(ct.nickname, cg.name, ''), coalesce(ct.remark, ''), coalesce(ct.avatar, cg.avatar, ''), ${now}::bigint
    from (values ${values}) as v(tenant_id, work_account_id, work_wxid, talk_type, peer_id)
    left join ${contacts} ct on v.talk_type = 1 and ct.work_account_id = v.work_account_id and ct.wxid = v.peer_id
    left join ${chatGroups} cg on v.talk_type = 2 and cg.work_account_id = v.work_account_id and cg.group_id = v.peer_id
    on conflict (work_account_id, talk_type, peer_id) do nothing`);
  const created: Map<string, SizedConversation> = await conversationsByKey(db, missing);
  // A new group chat is told to the lists with the group's size (its rows come after the sync).
  const groupIds = missing.filter((k) => k.talkType === 2);
  if (groupIds.length > 0) {
    const sizes = await db
      .select({
        workAccountId: chatGroups.workAccountId,
        groupId: chatGroups.groupId,
        memberCount: chatGroups.memberCount,
      })
      .from(chatGroups)
      .where(
        or(
          ...groupIds.map((k) =>
            and(eq(chatGroups.workAccountId, k.workAccountId), eq(chatGroups.groupId, k.peerId)),
          ),
        ),
      );
    for (const g of sizes) {
      const row = created.get(convKeyOf(g.workAccountId, 2, g.groupId));
      if (row) row.memberCount = g.memberCount;
    }
  }
  for (const [k, row] of created) out.set(k, row);
  return out;
}

async function conversationsByKey(
  db: DbOrTx,
  keys: ConvKey[],
): Promise<Map<string, ConversationRow>> {
  const out = new Map<string, ConversationRow>();
  if (keys.length === 0) return out;
  // One text for any number of keys (the arrays are parameters): parsed and planned once, where a
  // condition per key made a new statement of every batch.
  const [first] = rowsOf<{ page: Record<string, unknown>[] }>(
    await conversationsOfKeys(
      db,
      'byKey',
      () => sql`
        select coalesce(json_agg(c), '[]'::json) as page
        from ${conversations} c
        join unnest(${sql.placeholder('a')}::uuid[], ${sql.placeholder('t')}::smallint[],
          ${sql.placeholder('p')}::text[]) as k(a, t, p)
          on c.work_account_id = k.a and c.talk_type = k.t and c.peer_id = k.p`,
      {
        a: keys.map((k) => k.workAccountId),
        t: keys.map((k) => k.talkType),
        p: keys.map((k) => k.peerId),
      },
    ),
  );
  for (const r of tableRowsFromJson(conversations, first?.page ?? [])) {
    out.set(convKeyOf(r.workAccountId, r.talkType, r.peerId), r);
  }
  return out;
}

const conversationsOfKeys = preparedSql();

/** The map key of a conversation. */
export function convKeyOf(workAccountId: string, talkType: number, peerId: string): string {
  return `${workAccountId}|${talkType}|${peerId}`;
}

/** What a batch changes on one conversation. */
export interface ConvBump {
  id: string;
  unreadInc: number;
  latestMsgTime: number;
  lastMessageId: number;
  lastMsgType: number;
  msgText: string;
}

/** Applies new messages to their conversations (blocked ones keep their place and count). */
export async function bumpConversations(db: DbOrTx, bumps: ConvBump[]): Promise<ConversationRow[]> {
  if (bumps.length === 0) return [];
  // The batch as arrays: one statement text whatever its size (parsed and planned once).
  const [first] = rowsOf<{ page: Record<string, unknown>[] }>(
    await bumpStatement(
      db,
      'bump',
      () => sql`
        with u as (
          update ${conversations} c set unread = c.unread + v.inc,
            latest_msg_time = greatest(c.latest_msg_time, v.t), last_message_id = v.mid,
            last_msg_type = v.mtype, msg_text = v.txt, updated_at = now()
          from unnest(${sql.placeholder('id')}::uuid[], ${sql.placeholder('inc')}::int[],
            ${sql.placeholder('t')}::bigint[], ${sql.placeholder('mid')}::bigint[],
            ${sql.placeholder('mtype')}::smallint[], ${sql.placeholder('txt')}::text[])
            as v(id, inc, t, mid, mtype, txt)
          where c.id = v.id and not c.blocked
          returning c.*)
        select coalesce(json_agg(u), '[]'::json) as page from u`,
      {
        id: bumps.map((b) => b.id),
        inc: bumps.map((b) => b.unreadInc),
        t: bumps.map((b) => b.latestMsgTime),
        mid: bumps.map((b) => b.lastMessageId),
        mtype: bumps.map((b) => b.lastMsgType),
        txt: bumps.map((b) => b.msgText),
      },
    ),
  );
  return tableRowsFromJson(conversations, first?.page ?? []);
}

const bumpStatement = preparedSql();

/** A message from the platform as the inbound pipeline stores it. */
export interface ReceivedMessage {
  tenantId: string;
  conversationId: string;
  workAccountId: string;
  msgId: string;
  msgType: number;
  sendSide: number;
  content: string;
  fileName?: string | null;
  fileLen?: number | null;
  fileId?: string | null;
  fileMime?: string | null;
  media: { width?: number; height?: number; durationMs?: number } | null;
  memberWxid?: string | null;
  memberName?: string | null;
  memberAvatar?: string | null;
  refMsgId?: string | null;
  refContent?: string | null;
  displayName?: string | null;
  sendOk: boolean;
  senderKind?: 'phone' | null;
  senderName?: string | null;
  msgTime: number;
}

/**
 * Inserts messages from the platform in their order; rows whose platform id the account already
 * has (a message passed on again) are skipped. Returns the new rows, in id order. The batch goes
 * as one array per column, so the statement's text is the same for any batch: parsed and
 * planned once, and built without a parameter per value.
 */
export async function insertMessages(db: DbOrTx, rows: ReceivedMessage[]): Promise<MessageRow[]> {
  if (rows.length === 0) return [];
  const col = <K extends keyof ReceivedMessage>(k: K) => rows.map((r) => r[k] ?? null);
  const [first] = rowsOf<{ page: Record<string, unknown>[] }>(
    await insertStatement(
      db,
      'received',
      () => sql`
        with ins as (
          insert into ${messages} (tenant_id, conversation_id, work_account_id, msg_id, msg_type,
            send_side, content, file_name, file_len, file_id, file_mime, media, member_wxid,
            member_name, member_avatar, ref_msg_id, ref_content, display_name, send_ok,
            sender_kind, sender_name, msg_time)
          select v.tenant_id, v.conversation_id, v.work_account_id, v.msg_id, v.msg_type,
            v.send_side, v.content, v.file_name, v.file_len, v.file_id, v.file_mime,
            v.media::jsonb, v.member_wxid, v.member_name, v.member_avatar, v.ref_msg_id,
            v.ref_content, v.display_name, v.send_ok, v.sender_kind, v.sender_name, v.msg_time
          from unnest(${sql.placeholder('tenant')}::uuid[], ${sql.placeholder('conv')}::uuid[],
            ${sql.placeholder('account')}::uuid[], ${sql.placeholder('msgId')}::text[],
            ${sql.placeholder('msgType')}::smallint[], ${sql.placeholder('side')}::smallint[],
            ${sql.placeholder('content')}::text[], ${sql.placeholder('fileName')}::text[],
            ${sql.placeholder('fileLen')}::bigint[], ${sql.placeholder('fileId')}::text[],
            ${sql.placeholder('fileMime')}::text[], ${sql.placeholder('media')}::text[],
            ${sql.placeholder('memberWxid')}::text[], ${sql.placeholder('memberName')}::text[],
            ${sql.placeholder('memberAvatar')}::text[], ${sql.placeholder('refMsgId')}::text[],
            ${sql.placeholder('refContent')}::text[], ${sql.placeholder('displayName')}::text[],
            ${sql.placeholder('sendOk')}::boolean[], ${sql.placeholder('senderKind')}::text[],
            ${sql.placeholder('senderName')}::text[], ${sql.placeholder('msgTime')}::bigint[])
            with ordinality as v(tenant_id, conversation_id, work_account_id, msg_id, msg_type,
              send_side, content, file_name, file_len, file_id, file_mime, media, member_wxid,
              member_name, member_avatar, ref_msg_id, ref_content, display_name, send_ok,
              sender_kind, sender_name, msg_time, n)
          order by v.n
          on conflict (work_account_id, msg_id) where msg_id is not null do nothing
          returning *)
        select coalesce(json_agg(ins order by ins.id), '[]'::json) as page from ins`,
      {
        tenant: col('tenantId'),
        conv: col('conversationId'),
        account: col('workAccountId'),
        msgId: col('msgId'),
        msgType: col('msgType'),
        side: col('sendSide'),
        content: col('content'),
        fileName: col('fileName'),
        fileLen: col('fileLen'),
        fileId: col('fileId'),
        fileMime: col('fileMime'),
        media: rows.map((r) => (r.media ? JSON.stringify(r.media) : null)),
        memberWxid: col('memberWxid'),
        memberName: col('memberName'),
        memberAvatar: col('memberAvatar'),
        refMsgId: col('refMsgId'),
        refContent: col('refContent'),
        displayName: col('displayName'),
        sendOk: col('sendOk'),
        senderKind: col('senderKind'),
        senderName: col('senderName'),
        msgTime: col('msgTime'),
      },
    ),
  );
  return tableRowsFromJson(messages, first?.page ?? []);
}

const insertStatement = preparedSql();

/**
 * Inserts console sends of one account. A send whose browser id (`sendingUuid`) the account
 * already has is a retry: its stored row is returned instead, marked `retry`, and nothing new is
 * written for it. Rows come back in id order.
 */
export async function insertConsoleSends(
  db: DbOrTx,
  workAccountId: string,
  rows: (typeof messages.$inferInsert)[],
): Promise<{ row: MessageRow; retry: boolean }[]> {
  const ids = rows.map((r) => r.sendingUuid).filter((v): v is string => Boolean(v));
  const stored = () =>
    ids.length === 0
      ? Promise.resolve([] as MessageRow[])
      : db
          .select()
          .from(messages)
          .where(
            and(eq(messages.workAccountId, workAccountId), inArray(messages.sendingUuid, ids)),
          );
  const before = new Set((await stored()).map((r) => r.sendingUuid));
  const fresh = rows.filter((r) => !r.sendingUuid || !before.has(r.sendingUuid));
  const inserted =
    fresh.length === 0
      ? []
      : await db
          .insert(messages)
          .values(fresh)
          .onConflictDoNothing({
            target: [messages.workAccountId, messages.sendingUuid],
            where: sql`${messages.sendingUuid} is not null`,
          })
          .returning();
  const insertedIds = new Set(inserted.map((r) => r.id));
  // Read again: a concurrent retry may have inserted one between the two statements.
  const retries = inserted.length === fresh.length && before.size === 0 ? [] : await stored();
  const all = [...inserted, ...retries.filter((r) => !insertedIds.has(r.id))];
  all.sort((a, b) => a.id - b.id);
  return all.map((row) => ({ row, retry: !insertedIds.has(row.id) }));
}

/**
 * Inserts console sends keyed by their `request_id` (a mass-send row's key): a key stored already
 * is skipped. Returns the new rows.
 */
export async function insertKeyedSends(
  db: DbOrTx,
  rows: (typeof messages.$inferInsert)[],
): Promise<MessageRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(messages)
    .values(rows)
    .onConflictDoNothing({
      target: [messages.workAccountId, messages.requestId],
      where: sql`${messages.requestId} is not null`,
    })
    .returning();
}

/** Sets the latest message of conversations (one statement for all); the rows as updated. */
export async function touchConversations(
  db: DbOrTx,
  last: MessageRow[],
  now: number,
): Promise<ConversationRow[]> {
  const [only] = last;
  if (!only) return [];
  if (last.length === 1) {
    return db
      .update(conversations)
      .set({
        latestMsgTime: now,
        lastMessageId: only.id,
        lastMsgType: only.msgType,
        msgText: messagePreview(only.msgType, only.content, only.fileName),
        updatedAt: new Date(now),
      })
      .where(eq(conversations.id, only.conversationId))
      .returning();
  }
  const values = sql.join(
    last.map(
      (m) =>
        sql`(${m.conversationId}::uuid, ${m.id}::bigint, ${m.msgType}::smallint, ${messagePreview(m.msgType, m.content, m.fileName)})`,
    ),
    sql`, `,
  );
  const res = await db.execute(sql`
    update conversations c
    set latest_msg_time = ${now}, last_message_id = v.id, last_msg_type = v.msg_type,
        msg_text = v.text, updated_at = ${new Date(now).toISOString()}::timestamptz
    from (values ${values}) as v(conv_id, id, msg_type, text)
    where c.id = v.conv_id
    returning c.id`);
  const ids = rowsOf<{ id: string }>(res).map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(conversations).where(inArray(conversations.id, ids));
}

/** A page of messages of a conversation, newest first, within the window. */
export async function messagesPage(
  db: DbOrTx,
  conversationId: string,
  before: number | null,
  since: number,
  limit: number,
): Promise<MessageRow[]> {
  return selectRows(db, pageSelect(db, conversationId, { before, since, limit }));
}

/** A page's bounds as values, or as placeholders of a prepared statement. */
interface PageBounds {
  before: number | SQL | null;
  since: number | SQL;
  limit: number | Placeholder;
}

/** The select of a page of a conversation's shown messages, newest first. */
function pageSelect(db: DbOrTx, conversationId: string | SQL, spec: PageBounds) {
  return db
    .select()
    .from(messages)
    .where(pageWhere(conversationId, spec))
    .orderBy(desc(messages.id))
    .limit(spec.limit);
}

/** Which rows a page of a conversation's shown messages holds (before its order and limit). */
function pageWhere(conversationId: string | SQL, spec: Pick<PageBounds, 'before' | 'since'>): SQL {
  const conds = [
    eq(messages.conversationId, conversationId),
    gt(messages.msgTime, spec.since),
    notHidden(),
  ];
  if (spec.before !== null) conds.push(lt(messages.id, spec.before));
  return and(...conds)!;
}

/** A message by id, inside a tenant. */
export async function findMessage(
  db: DbOrTx,
  tenantId: string,
  id: number,
): Promise<MessageRow | null> {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** A message by platform id on an account. */
export async function findByMsgId(
  db: DbOrTx,
  workAccountId: string,
  msgId: string,
): Promise<MessageRow | null> {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.workAccountId, workAccountId), eq(messages.msgId, msgId)))
    .limit(1);
  return rows[0] ?? null;
}

/** A conversation by id, inside a tenant. */
export async function conversationById(
  db: DbOrTx,
  tenantId: string,
  id: string,
): Promise<ConversationRow | null> {
  const rows = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** Conversations by id, inside a tenant (those not found are left out). */
export async function conversationsByIds(
  db: DbOrTx,
  tenantId: string,
  ids: string[],
): Promise<Map<string, ConversationRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.tenantId, tenantId), inArray(conversations.id, [...new Set(ids)])));
  return new Map(rows.map((c) => [c.id, c]));
}

/**
 * What the platform's receipts of one send leave on its row: each field the last receipt set
 * (null: as it is). Receipts of a send folded in their order give the same row as applying them
 * one by one.
 */
export interface ReceiptSet {
  workAccountId: string;
  requestId: string;
  msgId: string;
  sendOk: boolean | null;
  deliveryOk: boolean | null;
  readOk: boolean | null;
  failed: boolean | null;
  errMessage: string | null;
  /** 'done' when the platform gave the send up after accepting it. */
  dispatchState: 'done' | null;
}

/** Applies receipts to their sends in one statement; returns the rows changed. */
export async function applyReceipts(db: DbOrTx, sets: ReceiptSet[]): Promise<MessageRow[]> {
  if (sets.length === 0) return [];
  const col = <K extends keyof ReceiptSet>(k: K) => sql.param(sets.map((r) => r[k]));
  const m = messages;
  return (
    db
      .update(messages)
      .set({
        msgId: sql`v.msg_id`,
        sendOk: sql`coalesce(v.send_ok, ${m.sendOk})`,
        deliveryOk: sql`coalesce(v.delivery_ok, ${m.deliveryOk})`,
        readOk: sql`coalesce(v.read_ok, ${m.readOk})`,
        failed: sql`coalesce(v.failed, ${m.failed})`,
        errMessage: sql`coalesce(v.err_message, ${m.errMessage})`,
        dispatchState: sql`coalesce(v.dispatch_state, ${m.dispatchState})`,
      })
      .from(
        sql`unnest(${col('workAccountId')}::uuid[], ${col('requestId')}::text[],
                 ${col('msgId')}::text[], ${col('sendOk')}::boolean[],
                 ${col('deliveryOk')}::boolean[], ${col('readOk')}::boolean[],
                 ${col('failed')}::boolean[], ${col('errMessage')}::text[],
                 ${col('dispatchState')}::text[])
        as v(account, request_id, msg_id, send_ok, delivery_ok, read_ok, failed, err_message,
             dispatch_state)`,
      )
      // A receipt that changes nothing (one passed on again, a lower one after a higher) is no row.
      .where(
        sql`${m.workAccountId} = v.account and ${m.requestId} = v.request_id
        and (${m.msgId}, ${m.sendOk}, ${m.deliveryOk}, ${m.readOk}, ${m.failed}, ${m.errMessage},
             ${m.dispatchState})
          is distinct from (v.msg_id, coalesce(v.send_ok, ${m.sendOk}),
             coalesce(v.delivery_ok, ${m.deliveryOk}), coalesce(v.read_ok, ${m.readOk}),
             coalesce(v.failed, ${m.failed}), coalesce(v.err_message, ${m.errMessage}),
             coalesce(v.dispatch_state, ${m.dispatchState}))`,
      )
      .returning()
  );
}

/** What the platform answered to one console send the holder handed over. */
export interface SendOutcome {
  id: number;
  /** The platform's id (null when it refused the send). */
  msgId: string | null;
  /** The content as the platform stored it (a quote's), or null to keep it. */
  content: string | null;
  failed: boolean;
  errMessage: string | null;
}

/** Records handed-over sends as done, in one statement; returns the rows (those still there). */
export async function recordSendOutcomes(
  db: DbOrTx,
  outcomes: SendOutcome[],
): Promise<MessageRow[]> {
  if (outcomes.length === 0) return [];
  const col = <K extends keyof SendOutcome>(k: K) => sql.param(outcomes.map((o) => o[k]));
  const m = messages;
  return db
    .update(messages)
    .set({
      dispatchState: 'done',
      msgId: sql`coalesce(v.msg_id, ${m.msgId})`,
      content: sql`coalesce(v.content, ${m.content})`,
      failed: sql`v.failed or ${m.failed}`,
      errMessage: sql`case when v.failed then v.err_message else ${m.errMessage} end`,
    })
    .from(
      sql`unnest(${col('id')}::bigint[], ${col('msgId')}::text[], ${col('content')}::text[],
                 ${col('failed')}::boolean[], ${col('errMessage')}::text[])
        as v(id, msg_id, content, failed, err_message)`,
    )
    .where(sql`${m.id} = v.id`)
    .returning();
}

/** Sets unread to 0 on matching conversations; returns those that had unread messages. */
export async function clearUnread(db: DbOrTx, where: SQL): Promise<ConversationRow[]> {
  return db
    .update(conversations)
    .set({ unread: 0 })
    .where(and(where, gt(conversations.unread, 0)))
    .returning();
}

/** Which conversations a "read" clears: one, one work account's, or all of a scope. */
export type ReadTarget =
  { conversationId: string } | { workAccountId: string } | { scope: ConvScope };

/** Clears the unread count of what a "read" names; the conversations that had some. */
export async function clearUnreadOf(db: DbOrTx, target: ReadTarget): Promise<ConversationRow[]> {
  if ('conversationId' in target) {
    return clearUnread(db, eq(conversations.id, target.conversationId));
  }
  if ('workAccountId' in target) {
    return clearUnread(db, eq(conversations.workAccountId, target.workAccountId));
  }
  return clearUnread(db, convScopeCondition(target.scope));
}

/** Pins or unpins a conversation; the row as updated. */
export async function setPinned(
  db: DbOrTx,
  conversationId: string,
  isPin: boolean,
): Promise<ConversationRow | null> {
  const [row] = await db
    .update(conversations)
    .set({ isPin })
    .where(eq(conversations.id, conversationId))
    .returning();
  return row ?? null;
}

/** How many later rounds of a mass send's message are looked for (a reissue is one round). */
const LATER_ROUNDS = 20;

/** Whether a mass-send task sent a message again in a later round (its request ids, exactly). */
export async function hasLaterRound(
  db: DbOrTx,
  workAccountId: string,
  send: { taskId: string; seq: number; round: number },
): Promise<boolean> {
  const ids = Array.from({ length: LATER_ROUNDS }, (_, i) =>
    bulkRequestIdOf(send.taskId, send.seq, send.round + 1 + i),
  );
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.workAccountId, workAccountId), inArray(messages.requestId, ids)))
    .limit(1);
  return !!row;
}

/** Makes a failed console message pending again under a new request id. */
export async function resetForResend(db: DbOrTx, messageId: number, requestId: string) {
  await db
    .update(messages)
    .set({
      failed: false,
      errMessage: null,
      requestId,
      dispatchState: 'pending',
      msgId: null,
    })
    .where(eq(messages.id, messageId));
}

/** Unread totals per work account of a scope. */
export async function unreadByAccount(
  db: DbOrTx,
  scope: ConvScope,
  accountIds?: string[],
): Promise<Map<string, number>> {
  // A do-not-disturb chat keeps its own count but adds nothing to the totals.
  const conds = [
    convScopeCondition(scope),
    gt(conversations.unread, 0),
    eq(conversations.disturb, false),
  ];
  if (accountIds) {
    if (accountIds.length === 0) return new Map();
    conds.push(inArray(conversations.workAccountId, accountIds));
  }
  const rows = await db
    .select({
      id: conversations.workAccountId,
      n: sql<number>`coalesce(sum(${conversations.unread}), 0)::int`,
    })
    .from(conversations)
    .where(and(...conds))
    .groupBy(conversations.workAccountId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/**
 * Fencing of the outbox by the account lease: only the instance that holds the account's lease (or
 * anyone while no instance does) may claim or take back its sends. An instance that lost the lease
 * while still running (slow, paused) cannot take a batch from under the new holder, which would let
 * the new holder's next batch overtake it.
 */
const leaseHeldBy = (owner: string) =>
  sql`(select coalesce(w.lease_owner, ${owner}) from work_accounts w
       where w.id = messages.work_account_id) = ${owner}`;

/** `leaseHeldBy` for one account: a condition the database evaluates once, not per message. */
const accountLeaseHeldBy = (workAccountId: string, owner: string) =>
  sql`exists (select 1 from work_accounts w
       where w.id = ${workAccountId} and coalesce(w.lease_owner, ${owner}) = ${owner})`;

/**
 * Claims console sends waiting for an account (oldest first), marking them dispatching, if
 * `owner` holds the account's lease (none otherwise).
 */
export async function claimPendingSends(
  db: DbOrTx,
  workAccountId: string,
  limit: number,
  owner: string,
): Promise<MessageRow[]> {
  const res = await db.execute(sql`
    update messages set dispatch_state = 'dispatching'
    where id in (
      select id from messages
      where work_account_id = ${workAccountId} and dispatch_state = 'pending'
        and ${accountLeaseHeldBy(workAccountId, owner)}
        -- At ban risk 危险 only people's sends go out; robots', tasks' and API sends wait.
        and (sender_kind is null or sender_kind in ('seat', 'phone') or not exists (
          select 1 from work_accounts w where w.id = ${workAccountId} and w.risk = 'danger'))
      order by id limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = rowsOf<{ id: string | number }>(res).map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db.select().from(messages).where(inArray(messages.id, ids)).orderBy(asc(messages.id));
}

/**
 * Puts sends left "dispatching" by a stopped holder back to pending (idempotent by requestId), for
 * the accounts whose lease `owner` holds.
 */
export async function requeueDispatching(
  db: DbOrTx,
  workAccountIds: string[],
  owner: string,
): Promise<void> {
  if (workAccountIds.length === 0) return;
  await db.execute(sql`
    update messages set dispatch_state = 'pending'
    where work_account_id = any(${sql.param(workAccountIds)}::uuid[])
      and dispatch_state = 'dispatching' and ${leaseHeldBy(owner)}`);
}

/** Accounts with sends waiting, among the given ones. */
export async function accountsWithPending(db: DbOrTx, workAccountIds: string[]): Promise<string[]> {
  if (workAccountIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: messages.workAccountId })
    .from(messages)
    .where(
      and(inArray(messages.workAccountId, workAccountIds), eq(messages.dispatchState, 'pending')),
    );
  return rows.map((r) => r.id);
}

/** Work accounts by platform id inside a tenant. */
export async function accountByWxid(db: DbOrTx, tenantId: string, wxid: string) {
  const rows = await db
    .select()
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), eq(workAccounts.wxid, wxid)))
    .limit(1);
  return rows[0] ?? null;
}

/** A work account of a tenant by id. */
export async function accountById(db: DbOrTx, tenantId: string, id: string) {
  const rows = await db
    .select()
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), eq(workAccounts.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** The platform ids of a tenant's work accounts by id. */
export async function accountWxids(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: workAccounts.id, wxid: workAccounts.wxid })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), inArray(workAccounts.id, ids)));
}

/** A session group of a user in a tenant. */
export async function sessionGroupOf(db: DbOrTx, tenantId: string, userId: string, id: string) {
  const rows = await db
    .select()
    .from(sessionGroups)
    .where(
      and(
        eq(sessionGroups.id, id),
        eq(sessionGroups.userId, userId),
        eq(sessionGroups.tenantId, tenantId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** A session group of a user by name. */
export async function sessionGroupNamed(db: DbOrTx, userId: string, name: string) {
  const rows = await db
    .select({ id: sessionGroups.id })
    .from(sessionGroups)
    .where(and(eq(sessionGroups.userId, userId), eq(sessionGroups.name, name)))
    .limit(1);
  return rows[0] ?? null;
}

/** Renames a session group. */
export async function renameSessionGroup(db: DbOrTx, id: string, name: string): Promise<void> {
  await db.update(sessionGroups).set({ name }).where(eq(sessionGroups.id, id));
}

/** Creates a session group of a user; its id. */
export async function insertSessionGroup(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  name: string,
): Promise<string> {
  const [row] = await db
    .insert(sessionGroups)
    .values({ tenantId, userId, name })
    .returning({ id: sessionGroups.id });
  return row!.id;
}

/** Deletes a session group (its conversations stay). */
export async function deleteSessionGroup(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessionGroups).where(eq(sessionGroups.id, id));
}

/** Puts a conversation in exactly the given groups of a user (its other users' groups stay). */
export async function setConversationGroups(
  tx: DbOrTx,
  userId: string,
  conversationId: string,
  groupIds: string[],
): Promise<void> {
  const mine = tx
    .select({ id: sessionGroups.id })
    .from(sessionGroups)
    .where(and(eq(sessionGroups.userId, userId)));
  await tx
    .delete(sessionGroupItems)
    .where(
      and(
        eq(sessionGroupItems.conversationId, conversationId),
        inArray(sessionGroupItems.groupId, mine),
      ),
    );
  if (groupIds.length) {
    await tx
      .insert(sessionGroupItems)
      .values(groupIds.map((groupId) => ({ groupId, conversationId })))
      .onConflictDoNothing();
  }
}

/** Names and pictures of work accounts by wxid (the accounts of chats served through a transfer). */
export async function accountCards(db: DbOrTx, tenantId: string, wxids: string[]) {
  if (wxids.length === 0) return [];
  return db
    .select({
      id: workAccounts.id,
      wxid: workAccounts.wxid,
      nickname: workAccounts.nickname,
      remark: workAccounts.remark,
      avatar: workAccounts.avatar,
    })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), inArray(workAccounts.wxid, wxids)));
}

/** Session groups of a user with their conversation and unread counts. */
export async function listSessionGroups(db: DbOrTx, tenantId: string, userId: string) {
  const res = await db.execute(sql`
    select g.id, g.name, count(c.id)::int as count, coalesce(sum(c.unread), 0)::int as unread
    from ${sessionGroups} g
    left join ${sessionGroupItems} i on i.group_id = g.id
    left join ${conversations} c on c.id = i.conversation_id
    where g.tenant_id = ${tenantId} and g.user_id = ${userId}
    group by g.id, g.name, g.sort, g.created_at
    order by g.sort, g.created_at`);
  return rowsOf<{ id: string; name: string; count: number; unread: number }>(res);
}

/** Messages of a conversation after a message id, oldest first, of the window (a page down). */
export async function messagesAfter(
  db: DbOrTx,
  conversationId: string,
  after: number,
  since: number,
  limit: number,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        gt(messages.msgTime, since),
        gt(messages.id, after),
        notHidden(),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(limit);
}

/** A message of a conversation that the conversation shows (inside the window, not hidden). */
export async function shownMessage(
  db: DbOrTx,
  conversationId: string,
  id: number,
  since: number,
): Promise<MessageRow | null> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.id, id),
        gt(messages.msgTime, since),
        notHidden(),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Revokes a message of a work account (it becomes a system line); the row, or undefined. */
export async function revokeMessage(
  db: DbOrTx,
  workAccountId: string,
  msgId: string,
  content: string,
): Promise<MessageRow | undefined> {
  const rows = await db
    .update(messages)
    .set({ revoked: true, msgType: MSG_TYPE.system, content })
    .where(
      and(
        eq(messages.workAccountId, workAccountId),
        eq(messages.msgId, msgId),
        // Revoked once: a revoke passed on again changes nothing.
        eq(messages.revoked, false),
      ),
    )
    .returning();
  return rows[0];
}

/**
 * Edits a text (or a quote's text) that is not revoked; the row, or undefined. An edit older than
 * the one shown, or the same edit passed on again, changes nothing.
 */
export async function editTextMessage(
  db: DbOrTx,
  workAccountId: string,
  msgId: string,
  content: string,
  editedAt: number,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ content, editedAt })
    .where(
      and(
        eq(messages.workAccountId, workAccountId),
        eq(messages.msgId, msgId),
        inArray(messages.msgType, [MSG_TYPE.text, MSG_TYPE.quote]),
        eq(messages.revoked, false),
        sql`(${messages.editedAt} is null or ${messages.editedAt} < ${editedAt}
          or (${messages.editedAt} = ${editedAt} and ${messages.content} <> ${content}))`,
      ),
    )
    .returning();
  return row;
}

/**
 * Sets the preview of a message's conversation when it is the conversation's latest message; the
 * conversation as updated, or undefined when the message is not its latest.
 */
export async function setLatestPreview(
  db: DbOrTx,
  message: Pick<MessageRow, 'id' | 'conversationId'>,
  preview: Pick<Partial<ConversationRow>, 'msgText' | 'lastMsgType'>,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(conversations)
    .set(preview)
    .where(
      and(
        eq(conversations.id, message.conversationId),
        eq(conversations.lastMessageId, message.id),
      ),
    )
    .returning();
  return row;
}

/** Clears the unread count of a work account's chat with a peer; the conversations that had some. */
export async function clearUnreadOfPeer(
  db: DbOrTx,
  workAccountId: string,
  talkType: ConversationRow['talkType'],
  peerId: string,
  at: number,
): Promise<ConversationRow[]> {
  // What the phone read at `at`: the contact's messages after it stay unread (a read told late,
  // or again after a reconnect, never clears what came since). Only lowers the count.
  const after = sql<number>`(select count(*)::int from ${messages} m
    where m.conversation_id = ${conversations.id} and m.send_side = 2 and m.msg_time > ${at})`;
  return db
    .update(conversations)
    .set({ unread: after })
    .where(
      and(
        eq(conversations.workAccountId, workAccountId),
        eq(conversations.talkType, talkType),
        eq(conversations.peerId, peerId),
        gt(conversations.unread, after),
      ),
    )
    .returning();
}

/**
 * The work accounts distributed to the seats of `tree` (a query of user ids) and the chats they
 * serve, in one query: `a` rows are accounts, `c` rows conversations.
 */
export async function seatsAccountsAndChats(
  db: DbOrTx,
  tenantId: string,
  tree: SQL,
): Promise<{ kind: string; id: string }[]> {
  const result = await db.execute(sql`
    with seats as (${tree})
    select 'a' as kind, wa.id from work_accounts wa
      where wa.tenant_id = ${tenantId} and wa.distributed_to in (select id from seats)
    union all
    select 'c' as kind, c.id from conversations c
      where c.tenant_id = ${tenantId} and c.served_by in (select id from seats)`);
  return rowsOf<{ kind: string; id: string }>(result);
}

/** Whether a message was hidden for its tenant (`/api/v1/talk/delete`). */
export async function isHidden(db: DbOrTx, tenantId: string, messageId: number): Promise<boolean> {
  const rows = await db
    .select({ id: messageHides.messageId })
    .from(messageHides)
    .where(and(eq(messageHides.tenantId, tenantId), eq(messageHides.messageId, messageId)))
    .limit(1);
  return rows.length > 0;
}
