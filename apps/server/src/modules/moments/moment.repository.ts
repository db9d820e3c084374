import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { MomentInteractionKind } from '@cst/shared';
import { momentInteractions, moments, workAccounts } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { ConvScope } from '../conversations/index.ts';

// The only SQL on moments (the accounts' timelines) and moment_interactions.

export type MomentRow = typeof moments.$inferSelect;
export type InteractionRow = typeof momentInteractions.$inferSelect;
export type NewMoment = typeof moments.$inferInsert;

function scopeOf(
  col: typeof moments.workAccountId | typeof momentInteractions.workAccountId,
  scope: ConvScope,
): SQL | undefined {
  if (scope.accountIds === 'all') return undefined;
  if (scope.accountIds.length === 0) return sql`false`;
  return inArray(col, scope.accountIds);
}

/** Stores a moment as the platform reported it (insert, or replace its content and counts). */
export async function upsertMoment(db: DbOrTx, row: NewMoment): Promise<void> {
  await db
    .insert(moments)
    .values(row)
    .onConflictDoUpdate({
      target: [moments.workAccountId, moments.momentId],
      set: {
        authorName: row.authorName,
        authorAvatar: row.authorAvatar,
        text: row.text,
        media: row.media,
        link: row.link,
        likes: row.likes,
        comments: row.comments,
        updatedAt: row.updatedAt,
      },
    });
}

/** A moment of an account. */
export async function findMoment(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  momentId: string,
): Promise<MomentRow | null> {
  const [row] = await db
    .select()
    .from(moments)
    .where(
      and(
        eq(moments.tenantId, tenantId),
        eq(moments.workAccountId, workAccountId),
        eq(moments.momentId, momentId),
      ),
    );
  return row ?? null;
}

/** A page of the timelines of the scope's accounts, newest first. */
export async function feedPage(
  db: DbOrTx,
  scope: ConvScope,
  f: { workAccountId?: string; own?: boolean; before?: number; limit: number },
): Promise<(MomentRow & { workWxid: string })[]> {
  const conds: (SQL | undefined)[] = [
    eq(moments.tenantId, scope.tenantId),
    scopeOf(moments.workAccountId, scope),
  ];
  if (f.workAccountId) conds.push(eq(moments.workAccountId, f.workAccountId));
  if (f.own !== undefined) conds.push(eq(moments.own, f.own));
  if (f.before !== undefined) conds.push(lt(moments.createdAt, f.before));
  const rows = await db
    .select({ m: moments, workWxid: workAccounts.wxid })
    .from(moments)
    .innerJoin(workAccounts, eq(workAccounts.id, moments.workAccountId))
    .where(and(...conds))
    .orderBy(desc(moments.createdAt), desc(moments.momentId))
    .limit(f.limit);
  return rows.map((r) => ({ ...r.m, workWxid: r.workWxid }));
}

/** A like or comment as it arrived. */
export interface NewInteraction {
  kind: MomentInteractionKind;
  key: string;
  wxid: string;
  name: string;
  text: string;
  replyToName: string | null;
  at: number;
}

/** Records likes and comments not seen before (unread); returns the new ones. */
export async function insertInteractions(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  momentId: string,
  items: NewInteraction[],
): Promise<InteractionRow[]> {
  if (items.length === 0) return [];
  return db
    .insert(momentInteractions)
    .values(items.map((i) => ({ ...i, tenantId, workAccountId, momentId, unread: true })))
    .onConflictDoNothing()
    .returning();
}

/** A page of the likes and comments of the scope's accounts, newest first, with their post. */
export async function interactionPage(
  db: DbOrTx,
  scope: ConvScope,
  f: { workAccountId?: string; kind?: MomentInteractionKind; unreadOnly?: boolean },
  page: number,
  pageSize: number,
) {
  const conds: (SQL | undefined)[] = [
    eq(momentInteractions.tenantId, scope.tenantId),
    scopeOf(momentInteractions.workAccountId, scope),
  ];
  if (f.workAccountId) conds.push(eq(momentInteractions.workAccountId, f.workAccountId));
  if (f.kind) conds.push(eq(momentInteractions.kind, f.kind));
  if (f.unreadOnly) conds.push(eq(momentInteractions.unread, true));
  const where = and(...conds);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(momentInteractions)
    .where(where);
  const rows = await db
    .select({
      i: momentInteractions,
      workWxid: workAccounts.wxid,
      momentText: moments.text,
      momentMedia: moments.media,
    })
    .from(momentInteractions)
    .innerJoin(workAccounts, eq(workAccounts.id, momentInteractions.workAccountId))
    .leftJoin(
      moments,
      and(
        eq(moments.workAccountId, momentInteractions.workAccountId),
        eq(moments.momentId, momentInteractions.momentId),
      ),
    )
    .where(where)
    .orderBy(desc(momentInteractions.at), desc(momentInteractions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    rows: rows.map((r) => ({
      ...r.i,
      workWxid: r.workWxid,
      momentText: r.momentText,
      momentMedia: r.momentMedia,
    })),
    total: Number(count?.n ?? 0),
  };
}

/** Unread likes and comments of the scope's accounts. */
export async function unreadCount(db: DbOrTx, scope: ConvScope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(momentInteractions)
    .where(
      and(
        eq(momentInteractions.tenantId, scope.tenantId),
        eq(momentInteractions.unread, true),
        scopeOf(momentInteractions.workAccountId, scope),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Marks likes and comments of the scope read (these ids, or all). */
/** Marks the comment an account answered read. */
export async function markCommentRead(
  db: DbOrTx,
  workAccountId: string,
  momentId: string,
  commentId: string,
): Promise<void> {
  await db
    .update(momentInteractions)
    .set({ unread: false })
    .where(
      and(
        eq(momentInteractions.workAccountId, workAccountId),
        eq(momentInteractions.momentId, momentId),
        eq(momentInteractions.kind, 'comment'),
        eq(momentInteractions.key, commentId),
      ),
    );
}

export async function markRead(db: DbOrTx, scope: ConvScope, ids?: string[]): Promise<void> {
  const conds: (SQL | undefined)[] = [
    eq(momentInteractions.tenantId, scope.tenantId),
    eq(momentInteractions.unread, true),
    scopeOf(momentInteractions.workAccountId, scope),
  ];
  if (ids) {
    if (ids.length === 0) return;
    conds.push(inArray(momentInteractions.id, ids));
  }
  await db
    .update(momentInteractions)
    .set({ unread: false })
    .where(and(...conds));
}
