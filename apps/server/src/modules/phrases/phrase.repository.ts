import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { phraseGroups, phrases } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

export type PhraseGroupRow = typeof phraseGroups.$inferSelect;
export type PhraseRow = typeof phrases.$inferSelect;

/** Groups a user sees: the tenant's shared ones and the user's own. */
function visibleGroups(tenantId: string, userId: string): SQL {
  return and(
    eq(phraseGroups.tenantId, tenantId),
    or(isNull(phraseGroups.ownerId), eq(phraseGroups.ownerId, userId)),
  )!;
}

/** The groups a user sees (shared first, then own, each by creation), with phrase counts. */
export async function groupsOf(db: DbOrTx, tenantId: string, userId: string) {
  const groups = await db
    .select()
    .from(phraseGroups)
    .where(visibleGroups(tenantId, userId))
    .orderBy(sql`${phraseGroups.ownerId} is not null`, asc(phraseGroups.createdAt));
  if (groups.length === 0) return [];
  const counts = await db
    .select({ groupId: phrases.groupId, n: count() })
    .from(phrases)
    .where(
      and(
        eq(phrases.tenantId, tenantId),
        inArray(
          phrases.groupId,
          groups.map((g) => g.id),
        ),
      ),
    )
    .groupBy(phrases.groupId);
  const by = new Map(counts.map((c) => [c.groupId, Number(c.n)]));
  return groups.map((g) => ({ ...g, count: by.get(g.id) ?? 0 }));
}

/** A group the user sees, or undefined. */
export async function groupById(db: DbOrTx, tenantId: string, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(phraseGroups)
    .where(and(visibleGroups(tenantId, userId), eq(phraseGroups.id, id)));
  return row;
}

/** Adds a group: shared (no owner) or the user's own. */
export async function insertGroup(
  db: DbOrTx,
  tenantId: string,
  ownerId: string | null,
  name: string,
) {
  const [row] = await db.insert(phraseGroups).values({ tenantId, ownerId, name }).returning();
  return row!;
}

/** Renames a group (already checked visible and editable). */
export async function renameGroup(db: DbOrTx, tenantId: string, id: string, name: string) {
  await db
    .update(phraseGroups)
    .set({ name })
    .where(and(eq(phraseGroups.tenantId, tenantId), eq(phraseGroups.id, id)));
}

/** Deletes a group and its phrases. */
export async function deleteGroup(db: DbOrTx, tenantId: string, id: string) {
  await db
    .delete(phraseGroups)
    .where(and(eq(phraseGroups.tenantId, tenantId), eq(phraseGroups.id, id)));
}

/** Phrases of the given groups, most used first (then newest), at most `limit`. */
export async function phrasesOf(db: DbOrTx, tenantId: string, groupIds: string[], limit: number) {
  if (groupIds.length === 0) return [];
  return db
    .select()
    .from(phrases)
    .where(and(eq(phrases.tenantId, tenantId), inArray(phrases.groupId, groupIds)))
    .orderBy(desc(phrases.useCount), desc(phrases.createdAt), asc(phrases.id))
    .limit(limit);
}

/** How many phrases the groups hold. */
export async function countIn(db: DbOrTx, tenantId: string, groupIds: string[]): Promise<number> {
  if (groupIds.length === 0) return 0;
  const [c] = await db
    .select({ n: count() })
    .from(phrases)
    .where(and(eq(phrases.tenantId, tenantId), inArray(phrases.groupId, groupIds)));
  return Number(c?.n ?? 0);
}

/** Phrases by id, of the tenant. */
export async function phrasesById(db: DbOrTx, tenantId: string, ids: string[]) {
  return db
    .select()
    .from(phrases)
    .where(and(eq(phrases.tenantId, tenantId), inArray(phrases.id, ids)));
}

/** Adds a phrase. */
export async function insertPhrase(db: DbOrTx, tenantId: string, groupId: string, content: string) {
  const [row] = await db.insert(phrases).values({ tenantId, groupId, content }).returning();
  return row!;
}

/** Changes a phrase's text or group. */
export async function updatePhrase(
  db: DbOrTx,
  tenantId: string,
  id: string,
  patch: { content?: string; groupId?: string },
) {
  const [row] = await db
    .update(phrases)
    .set(patch)
    .where(and(eq(phrases.tenantId, tenantId), eq(phrases.id, id)))
    .returning();
  return row;
}

/** Deletes phrases by id (already checked editable). */
export async function deletePhrases(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(phrases)
    .where(and(eq(phrases.tenantId, tenantId), inArray(phrases.id, ids)))
    .returning({ id: phrases.id });
  return rows.length;
}

/** Counts one use of a phrase; its new count. */
export async function countUse(db: DbOrTx, tenantId: string, id: string): Promise<number> {
  const [row] = await db
    .update(phrases)
    .set({ useCount: sql`${phrases.useCount} + 1` })
    .where(and(eq(phrases.tenantId, tenantId), eq(phrases.id, id)))
    .returning({ useCount: phrases.useCount });
  return row?.useCount ?? 0;
}
