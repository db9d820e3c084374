import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ContactSource } from '@cst/shared';
import {
  chatGroups,
  contactCounts,
  contactGramCounts,
  contactTags,
  contacts,
  conversations,
  tagGroups,
  tags,
  workAccounts,
} from '../../db/schema/index.ts';
import { preparedSelect, preparedSql, rowsOf, type DbOrTx } from '../../platform/db.ts';
import type { ContactDto } from '../../gateway/types.ts';
import type { ConvScope } from '../conversations/index.ts';

/** A friend row as the friends page and its pushes read it. */
export interface FriendRow {
  workWxid: string;
  wxid: string;
  nickname: string;
  remark: string;
  avatar: string;
  addedAt: Date | null;
  source: ContactSource;
  star: boolean;
  blacklist: boolean;
  pinned: boolean;
  /** The friend's tags as json (an array, or its text), in the tag page's order. */
  tags: unknown;
}

/** Filters of the friends list. */
export interface FriendFilter {
  workWxid?: string;
  keyword?: string;
  addedFrom?: number;
  addedTo?: number;
  source?: ContactSource;
  /** Friends carrying any of these tags (of the tenant, checked by the caller). */
  tagIds?: string[];
}

const v = (name: string): SQL => sql`${sql.placeholder(name)}`;
const friendPage = preparedSelect<FriendRow & { total: number }>();
const friendCount = preparedSql();
const friendFields = {
  workWxid: sql<string>`${workAccounts.wxid}`.as('work_wxid'),
  wxid: contacts.wxid,
  nickname: contacts.nickname,
  remark: contacts.remark,
  avatar: contacts.avatar,
  addedAt: contacts.addedAt,
  source: contacts.source,
  star: contacts.star,
  blacklist: contacts.blacklist,
  pinned: contacts.pinned,
  // One index lookup per row of the page (evaluated after the limit), not a query per friend.
  tags: sql<unknown>`(select coalesce(json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}) order by ${tagGroups.sort}, ${tags.sort}, ${tags.id}), '[]'::json)
    from ${contactTags} join ${tags} on ${tags.id} = ${contactTags.tagId} join ${tagGroups} on ${tagGroups.id} = ${tags.groupId}
    where ${contactTags.contactId} = ${contacts.id})`.as('tags'),
};

/** A number written into the statement's text (a validated page size). */
function literal(n: number): number {
  return sql.raw(String(Math.trunc(n))) as unknown as number;
}

/** A LIKE pattern matching `s` literally. */
function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The grams a keyword is looked up by in `contacts.search_grams` (migration 0006's
 * `contact_grams`): the character of a one-character keyword, else each pair of characters.
 */
export function keywordGrams(keyword: string): string[] {
  const chars = [...keyword.toLowerCase()].filter((c) => c !== '\n');
  if (chars.length === 1) return chars;
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i += 1) out.add(chars[i]! + chars[i + 1]!);
  return [...out];
}

/** Values of a keyword search: the grams, the contains pattern and the wxid prefix. */
function keywordValues(keyword: string | undefined) {
  if (!keyword) return { grams: null, like: null, prefix: null };
  return {
    grams: keywordGrams(keyword),
    like: `%${escapeLike(keyword.toLowerCase())}%`,
    prefix: `${escapeLike(keyword)}%`,
  };
}

/** A keyword of one or two characters: its gram says whether a name holds it. */
export function isShortKeyword(keyword: string): boolean {
  return [...keyword].length <= 2;
}

/**
 * The keyword condition: the name grams (GIN, rechecked by LIKE) or, for three characters and
 * more, a wxid prefix (btree), so a keyword never reads a tenant's friends one by one. A short
 * keyword is the name part only: then its gram counts give the total (`contact_gram_counts`).
 */
function keywordSql(short: boolean, dense: boolean): SQL {
  // A short keyword's gram is in the names exactly when the keyword is: no recheck. When it is
  // in many names, the gram is tested row by row (an expression the GIN index cannot serve), so
  // the page is read off the added-time index until it is full instead of visiting every match.
  if (short && dense)
    return sql`(${contacts.searchGrams} || '{}'::text[]) @> ${v('grams')}::text[]`;
  if (short) return sql`${contacts.searchGrams} @> ${v('grams')}::text[]`;
  return sql`((${contacts.searchGrams} @> ${v('grams')}::text[] and (lower(${contacts.nickname}) like ${v('like')} or lower(${contacts.remark}) like ${v('like')})) or ${contacts.wxid} like ${v('prefix')})`;
}

/**
 * Whether a short keyword is common enough in the scope that reading friends newest first and
 * testing each finds a page sooner than visiting every match: n matches of `all` friends cost
 * about n row visits one way and 20 × all / n the other, a little cheaper each.
 */
function isDense(matches: number, all: number): boolean {
  return matches * matches >= 5 * all;
}

/**
 * The scope's condition on contacts (placeholders `tenantId` and `accountIds`, or `accountId` for
 * one account: `= any(…)` of one would not let the planner read that account's index in order).
 */
function scopeConds(some: boolean | 'one'): SQL[] {
  const conds: SQL[] = [eq(contacts.tenantId, v('tenantId'))];
  if (some === 'one') conds.push(sql`${contacts.workAccountId} = ${v('accountId')}::uuid`);
  else if (some) conds.push(sql`${contacts.workAccountId} = any(${v('accountIds')}::uuid[])`);
  return conds;
}

/** The statement parts of a friends query under a scope and filters (without paging). */
interface FriendQuery {
  values: Record<string, unknown>;
  /** Which filters are on: part of every statement's shape. */
  shape: string;
  /** A keyword that is not common: its few matches are sorted, no added-time index is read. */
  sorted: boolean;
  where: () => SQL;
  total: () => SQL;
  order: () => SQL[];
}

/** The conditions, order and total of a friends query; null when the scope sees no account. */
async function friendQuery(
  db: DbOrTx,
  scope: ConvScope,
  filter: FriendFilter,
): Promise<FriendQuery | null> {
  const some = scope.accountIds !== 'all';
  if (some && scope.accountIds.length === 0) return null;
  const one = some && scope.accountIds.length === 1;
  const values = {
    tenantId: scope.tenantId,
    accountIds: some ? scope.accountIds : null,
    accountId: one ? scope.accountIds[0] : null,
    workWxid: filter.workWxid ?? null,
    ...keywordValues(filter.keyword),
    addedFrom: filter.addedFrom === undefined ? null : new Date(filter.addedFrom).toISOString(),
    addedTo: filter.addedTo === undefined ? null : new Date(filter.addedTo).toISOString(),
    source: filter.source ?? null,
    tagIds: filter.tagIds?.length ? filter.tagIds : null,
  };
  const has = {
    some,
    one,
    account: !!filter.workWxid,
    keyword: !!filter.keyword,
    short: !!filter.keyword && isShortKeyword(filter.keyword),
    dense: false,
    from: filter.addedFrom !== undefined,
    to: filter.addedTo !== undefined,
    source: !!filter.source,
    tags: !!filter.tagIds?.length,
  };
  const accountOfWxid = sql`(select ${workAccounts.id} from ${workAccounts} where ${workAccounts.tenantId} = ${v('tenantId')} and ${workAccounts.wxid} = ${v('workWxid')})`;
  const others = has.from || has.to || has.source || has.tags;
  const firstGram = sql`(${v('grams')}::text[])[1]`;
  /** Friends in scope (with `gram`: those whose names hold it), from the kept counts. */
  const counts = (gram?: SQL) => {
    const table = gram ? contactGramCounts : contactCounts;
    const conds: SQL[] = [eq(table.tenantId, v('tenantId'))];
    if (gram) conds.push(sql`${contactGramCounts.gram} = ${gram}`);
    if (has.some) conds.push(sql`${table.workAccountId} = any(${v('accountIds')}::uuid[])`);
    if (has.account) conds.push(sql`${table.workAccountId} = ${accountOfWxid}`);
    return sql`(select coalesce(sum(${table.n}), 0) from ${table} where ${and(...conds)})`;
  };
  if (has.short && !others) {
    const density = `density|${has.some ? 'some' : ''}|${has.account ? 'account' : ''}`;
    const [d] = rowsOf<{ n: number; all: number }>(
      await friendCount(
        db,
        density,
        () => sql`select ${counts(firstGram)}::int as n, ${counts()}::int as all`,
        values,
      ),
    );
    has.dense = isDense(Number(d?.n ?? 0), Number(d?.all ?? 0));
  }
  if (has.keyword && !has.short && values.grams && values.grams.length > 2) {
    values.grams = await rarestGrams(db, has, values, counts);
  }
  const shape = Object.entries(has)
    .filter(([, on]) => on)
    .map(([k]) => k)
    .join(',');
  const where = () => {
    const conds = scopeConds(has.one ? 'one' : has.some);
    if (has.account) conds.push(sql`${contacts.workAccountId} = ${accountOfWxid}`);
    if (has.keyword) conds.push(keywordSql(has.short, has.dense));
    if (has.from) conds.push(sql`${contacts.addedAt} >= ${v('addedFrom')}::timestamptz`);
    if (has.to) conds.push(sql`${contacts.addedAt} <= ${v('addedTo')}::timestamptz`);
    if (has.source) conds.push(sql`${contacts.source} = ${v('source')}`);
    if (has.tags) {
      conds.push(
        sql`${contacts.id} in (select ${contactTags.contactId} from ${contactTags} where ${contactTags.tenantId} = ${v('tenantId')} and ${contactTags.tagId} = any(${v('tagIds')}::uuid[]))`,
      );
    }
    return and(...conds)!;
  };
  const total = () =>
    others || (has.keyword && !has.short)
      ? sql`(select count(*) from ${contacts} where ${where()})`
      : // No filter but the accounts and a short keyword: the kept per-account (per-gram) counts.
        counts(has.keyword ? firstGram : undefined);
  // Newest first. A keyword that is not common is found through its index and its few matches
  // sorted: the order is then written so that no added-time index can give it, or a kept plan
  // (which knows no keyword) may read a tenant's friends in order looking for rare matches.
  const sorted = has.keyword && !has.dense;
  const order = () =>
    sorted
      ? [sql`${contacts.addedAt} + interval '0 seconds' desc nulls last`, sql`${contacts.id}`]
      : [sql`${contacts.addedAt} desc nulls last`, sql`${contacts.id}`];
  return { values, shape, sorted, where, total, order };
}

/**
 * A page of the friends of a scope, newest first, and the total: one statement per shape (which
 * filters, the page size), its values given apart, as the conversation list does.
 */
export async function listFriends(
  db: DbOrTx,
  scope: ConvScope,
  filter: FriendFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: FriendRow[]; total: number }> {
  const q = await friendQuery(db, scope, filter);
  if (!q) return { rows: [], total: 0 };
  const values = { ...q.values, offset: (page - 1) * pageSize };
  const shape = `${q.shape}|${pageSize}|${page === 1 ? 'first' : 'offset'}`;
  const rows = await friendPage(
    db,
    shape,
    () =>
      db
        .select({ ...friendFields, total: sql<number>`${q.total()}::int`.as('total') })
        .from(contacts)
        .innerJoin(workAccounts, eq(workAccounts.id, contacts.workAccountId))
        .where(q.where())
        .orderBy(...q.order())
        .limit(literal(pageSize))
        .offset(page === 1 ? 0 : sql.placeholder('offset')),
    values,
  );
  if (rows.length > 0) {
    const n = Number(rows[0]!.total);
    return { rows: rows.map(({ total: _t, ...row }) => row), total: n };
  }
  const [r] = rowsOf<{ n: number }>(
    await friendCount(db, shape, () => sql`select ${q.total()}::int as n`, values),
  );
  return { rows: [], total: Number(r?.n ?? 0) };
}

/** Where a read of the friends list stopped: the last row's added time (as text) and id. */
export interface FriendCursor {
  /** The database's text of `added_at` (microseconds kept), null for an undated friend. */
  at: string | null;
  id: string;
}

/** A friend row with the cursor that continues after it. */
export type FriendKeysetRow = FriendRow & { cursor: FriendCursor };

const friendChunk = preparedSelect<FriendRow & { cursorAt: string | null; cursorId: string }>();

/**
 * The friends list of a scope read chunk by chunk for an export: the same rows in the same order
 * as the pages of {@link listFriends}, each chunk continuing after the last row of the previous
 * (keyset), so a late chunk costs as much as the first instead of skipping every row before it.
 * Dated friends come first (added time descending, then id), then the undated (by id).
 */
export async function friendsReader(
  db: DbOrTx,
  scope: ConvScope,
  filter: FriendFilter,
): Promise<(after: FriendCursor | null, size: number) => Promise<FriendKeysetRow[]>> {
  const q = await friendQuery(db, scope, filter);
  if (!q) return async () => [];
  const addedAt = q.sorted
    ? sql`(${contacts.addedAt} + interval '0 seconds')`
    : sql`${contacts.addedAt}`;
  const read = async (
    part: 'dated' | 'undated',
    after: FriendCursor | null,
    size: number,
  ): Promise<FriendKeysetRow[]> => {
    const shape = `${q.shape}|${size}|${part}|${after ? 'after' : 'start'}`;
    const rows = await friendChunk(
      db,
      shape,
      () => {
        const conds: SQL[] = [q.where()];
        if (part === 'undated') {
          conds.push(sql`${contacts.addedAt} is null`);
          if (after) conds.push(sql`${contacts.id} > ${v('afterId')}::uuid`);
        } else if (after) {
          // `<=` bounds the index range; the rest skips the few rows of the same time before it.
          conds.push(
            sql`${addedAt} <= ${v('afterAt')}::timestamptz`,
            sql`(${addedAt} < ${v('afterAt')}::timestamptz or ${contacts.id} > ${v('afterId')}::uuid)`,
          );
        } else {
          conds.push(sql`${contacts.addedAt} is not null`);
        }
        return db
          .select({
            ...friendFields,
            cursorAt: sql<string | null>`${contacts.addedAt}::text`.as('cursor_at'),
            cursorId: sql<string>`${contacts.id}`.as('cursor_id'),
          })
          .from(contacts)
          .innerJoin(workAccounts, eq(workAccounts.id, contacts.workAccountId))
          .where(and(...conds))
          .orderBy(...(part === 'undated' ? [sql`${contacts.id}`] : q.order()))
          .limit(literal(size));
      },
      { ...q.values, afterAt: after?.at ?? null, afterId: after?.id ?? null },
    );
    return rows.map(({ cursorAt, cursorId, ...row }) => ({
      ...row,
      cursor: { at: cursorAt, id: cursorId },
    }));
  };
  return async (after, size) => {
    const undatedAfter = after !== null && after.at === null;
    const rows = undatedAfter ? [] : await read('dated', after, size);
    if (rows.length === size) return rows;
    // The dated friends are all read: the undated follow, as `nulls last` puts them.
    const undated = await read('undated', undatedAfter ? after : null, size);
    return [...rows, ...undated].slice(0, size);
  };
}

const rarity = preparedSql();

/**
 * The two rarest pairs of a long keyword in the scope (from the kept counts): the GIN index then
 * intersects two short lists instead of every pair's, common ones ('客户') included; LIKE
 * rechecks the whole keyword anyway.
 */
async function rarestGrams(
  db: DbOrTx,
  has: { some: boolean; account: boolean },
  values: Record<string, unknown> & { grams: string[] | null },
  counts: (gram?: SQL) => SQL,
): Promise<string[]> {
  const grams = values.grams ?? [];
  const shape = `rarity|${has.some ? 'some' : ''}|${has.account ? 'account' : ''}`;
  const found = rowsOf<{ gram: string; n: number }>(
    await rarity(
      db,
      shape,
      () =>
        sql`select g as gram, ${counts(sql`g`)}::int as n from unnest(${v('grams')}::text[]) as g`,
      values,
    ),
  );
  const n = new Map(found.map((r) => [r.gram, Number(r.n)]));
  return [...grams].sort((a, b) => (n.get(a) ?? 0) - (n.get(b) ?? 0)).slice(0, 2);
}

/** A contact list entry row (SPEC §3): a friend or a group of a work account. */
export interface ContactEntryRow {
  id: string;
  workWxid: string;
  nickname: string;
  remark: string;
  avatar: string;
}

const entryPage = preparedSelect<ContactEntryRow & { total: number }>();
const entryCount = preparedSql();

/**
 * Friends (cvType 1) or groups (cvType 2) of the given accounts (already checked visible), in a
 * stable order, with the total: the whole list of 10,000 in one page.
 */
export async function listContactEntries(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
  cvType: 1 | 2,
  name: string | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: ContactEntryRow[]; total: number }> {
  if (accountIds.length === 0) return { rows: [], total: 0 };
  const one = accountIds.length === 1;
  const values = {
    tenantId,
    accountIds,
    accountId: accountIds[0],
    ...keywordValues(name),
    like: name ? `%${escapeLike(name.toLowerCase())}%` : null,
    offset: (page - 1) * pageSize,
  };
  const shape = `${cvType}|${one ? 'one' : 'some'}|${name ? 'name' : ''}|${pageSize}|${page === 1 ? 'first' : 'offset'}`;
  const friends = cvType === 1;
  const where = () => {
    if (friends) {
      const conds = scopeConds(one ? 'one' : true);
      // The name only (SPEC §7 friendName): nickname and remark.
      if (name) {
        conds.push(
          sql`${contacts.searchGrams} @> ${v('grams')}::text[] and (lower(${contacts.nickname}) like ${v('like')} or lower(${contacts.remark}) like ${v('like')})`,
        );
      }
      return and(...conds)!;
    }
    const conds: SQL[] = [
      eq(chatGroups.tenantId, v('tenantId')),
      sql`${chatGroups.workAccountId} = any(${v('accountIds')}::uuid[])`,
    ];
    if (name) conds.push(sql`lower(${chatGroups.name}) like ${v('like')}`);
    return and(...conds)!;
  };
  const table = friends ? contacts : chatGroups;
  const total = () =>
    friends && !name
      ? sql`(select coalesce(sum(${contactCounts.n}), 0) from ${contactCounts} where ${contactCounts.tenantId} = ${v('tenantId')} and ${contactCounts.workAccountId} = any(${v('accountIds')}::uuid[]))`
      : sql`(select count(*) from ${table} where ${where()})`;
  const build = () => {
    const fields = friends
      ? {
          id: contacts.wxid,
          workWxid: sql<string>`${workAccounts.wxid}`.as('work_wxid'),
          nickname: contacts.nickname,
          remark: contacts.remark,
          avatar: contacts.avatar,
        }
      : {
          id: sql<string>`${chatGroups.groupId}`.as('id'),
          workWxid: sql<string>`${workAccounts.wxid}`.as('work_wxid'),
          nickname: sql<string>`${chatGroups.name}`.as('nickname'),
          remark: sql<string>`''`.as('remark'),
          avatar: chatGroups.avatar,
        };
    const account = friends ? contacts.workAccountId : chatGroups.workAccountId;
    const order = friends
      ? [sql`${contacts.addedAt} desc nulls last`, sql`${contacts.id}`]
      : [sql`${chatGroups.name}`, sql`${chatGroups.id}`];
    return db
      .select({ ...fields, total: sql<number>`${total()}::int`.as('total') })
      .from(table)
      .innerJoin(workAccounts, eq(workAccounts.id, account))
      .where(where())
      .orderBy(...order)
      .limit(literal(pageSize))
      .offset(page === 1 ? 0 : sql.placeholder('offset'));
  };
  const rows = await entryPage(db, shape, build, values);
  if (rows.length > 0) {
    const n = Number(rows[0]!.total);
    return { rows: rows.map(({ total: _t, ...row }) => row), total: n };
  }
  const [r] = rowsOf<{ n: number }>(
    await entryCount(db, shape, () => sql`select ${total()}::int as n`, values),
  );
  return { rows: [], total: Number(r?.n ?? 0) };
}

/** Work accounts of a tenant by platform id (id and wxid). */
export async function accountsByWxids(db: DbOrTx, tenantId: string, wxids: string[]) {
  if (wxids.length === 0) return [];
  return db
    .select({ id: workAccounts.id, wxid: workAccounts.wxid })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), inArray(workAccounts.wxid, wxids)));
}

/** Work accounts of a scope (id and wxid). */
export async function accountsOfScope(db: DbOrTx, scope: ConvScope) {
  const conds: SQL[] = [eq(workAccounts.tenantId, scope.tenantId)];
  if (scope.accountIds !== 'all') {
    if (scope.accountIds.length === 0) return [];
    conds.push(inArray(workAccounts.id, scope.accountIds));
  }
  return db
    .select({ id: workAccounts.id, wxid: workAccounts.wxid })
    .from(workAccounts)
    .where(and(...conds));
}

/** Friends of an account by wxid, as the page shows them. */
/** The wxids among `wxids` that are already contacts of an account. */
export async function knownContactWxids(
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

export async function friendRows(
  db: DbOrTx,
  workAccountId: string,
  wxids: string[],
): Promise<FriendRow[]> {
  if (wxids.length === 0) return [];
  return db
    .select({ ...friendFields, workWxid: workAccounts.wxid })
    .from(contacts)
    .innerJoin(workAccounts, eq(workAccounts.id, contacts.workAccountId))
    .where(and(eq(contacts.workAccountId, workAccountId), inArray(contacts.wxid, wxids)));
}

/** What the friend sync compares of a stored friend. */
export async function storedFriends(db: DbOrTx, workAccountId: string) {
  return db
    .select({
      wxid: contacts.wxid,
      nickname: contacts.nickname,
      remark: contacts.remark,
      avatar: contacts.avatar,
      star: contacts.star,
      blacklist: contacts.blacklist,
      pinned: contacts.pinned,
    })
    .from(contacts)
    .where(eq(contacts.workAccountId, workAccountId));
}

/** Sets the console-side `source` of friends (how the console came to have them). */
export async function setFriendSource(
  db: DbOrTx,
  workAccountId: string,
  wxids: string[],
  source: ContactSource,
) {
  if (wxids.length === 0) return;
  await db
    .update(contacts)
    .set({ source })
    .where(and(eq(contacts.workAccountId, workAccountId), inArray(contacts.wxid, wxids)));
}

/**
 * Brings an account's single chats in line with its friends: blocked follows the blacklist, a
 * removed friend's chat is marked not a friend, a friend (again) unmarks it. Returns the
 * conversations that changed.
 */
export async function syncConversationFlags(
  db: DbOrTx,
  workAccountId: string,
  upserted: ContactDto[],
  removed: string[],
) {
  const changed: (typeof conversations.$inferSelect)[] = [];
  const single = and(eq(conversations.workAccountId, workAccountId), eq(conversations.talkType, 1));
  for (const blocked of [true, false]) {
    const wxids = upserted.filter((c) => c.blacklist === blocked).map((c) => c.wxid);
    if (wxids.length === 0) continue;
    changed.push(
      ...(await db
        .update(conversations)
        .set({ blocked, notFriend: false })
        .where(
          and(
            single,
            inArray(conversations.peerId, wxids),
            or(ne(conversations.blocked, blocked), eq(conversations.notFriend, true)),
          ),
        )
        .returning()),
    );
  }
  if (removed.length > 0) {
    changed.push(
      ...(await db
        .update(conversations)
        .set({ notFriend: true, blocked: false })
        .where(
          and(
            single,
            inArray(conversations.peerId, removed),
            or(eq(conversations.notFriend, false), eq(conversations.blocked, true)),
          ),
        )
        .returning()),
    );
  }
  return changed;
}

/** Pins or unpins the account's single chat with a friend; returns it when it changed. */
export async function setChatPin(db: DbOrTx, workAccountId: string, wxid: string, isPin: boolean) {
  return db
    .update(conversations)
    .set({ isPin })
    .where(
      and(
        eq(conversations.workAccountId, workAccountId),
        eq(conversations.talkType, 1),
        eq(conversations.peerId, wxid),
        ne(conversations.isPin, isPin),
      ),
    )
    .returning();
}
