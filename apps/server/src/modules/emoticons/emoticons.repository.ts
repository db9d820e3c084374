import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { userEmoticons } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

export type UserEmoticonRow = typeof userEmoticons.$inferSelect;

/** A user's stickers, newest first. */
export function listOfUser(db: DbOrTx, tenantId: string, userId: string) {
  return db
    .select()
    .from(userEmoticons)
    .where(and(eq(userEmoticons.tenantId, tenantId), eq(userEmoticons.userId, userId)))
    .orderBy(desc(userEmoticons.createdAt));
}

/** How many stickers a user keeps. */
export async function countOfUser(db: DbOrTx, tenantId: string, userId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userEmoticons)
    .where(and(eq(userEmoticons.tenantId, tenantId), eq(userEmoticons.userId, userId)));
  return rows[0]?.n ?? 0;
}

/** One of a user's stickers. */
export async function findOfUser(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  id: string,
): Promise<UserEmoticonRow | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const rows = await db
    .select()
    .from(userEmoticons)
    .where(
      and(
        eq(userEmoticons.tenantId, tenantId),
        eq(userEmoticons.userId, userId),
        eq(userEmoticons.id, id),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** A user's sticker by content hash. */
export async function findBySha(db: DbOrTx, tenantId: string, userId: string, sha256: string) {
  const rows = await db
    .select()
    .from(userEmoticons)
    .where(
      and(
        eq(userEmoticons.tenantId, tenantId),
        eq(userEmoticons.userId, userId),
        eq(userEmoticons.sha256, sha256),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Adds a sticker (the same bytes twice keep one); returns the kept row. */
export async function insert(
  db: DbOrTx,
  row: typeof userEmoticons.$inferInsert,
): Promise<UserEmoticonRow> {
  await db.insert(userEmoticons).values(row).onConflictDoNothing();
  return (await findBySha(db, row.tenantId, row.userId, row.sha256))!;
}

/** Removes stickers of a user; returns the removed rows. */
export async function removeOfUser(db: DbOrTx, tenantId: string, userId: string, ids: string[]) {
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/.test(id));
  if (valid.length === 0) return [];
  return db
    .delete(userEmoticons)
    .where(
      and(
        eq(userEmoticons.tenantId, tenantId),
        eq(userEmoticons.userId, userId),
        inArray(userEmoticons.id, valid),
      ),
    )
    .returning();
}
