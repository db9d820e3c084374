import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { avatarLibrary, nicknameLibrary } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

export type AvatarRow = typeof avatarLibrary.$inferSelect;
export type NicknameRow = typeof nicknameLibrary.$inferSelect;

/** The tenant's avatars, oldest first (the order "in order" hands them out). */
export async function avatars(db: DbOrTx, tenantId: string): Promise<AvatarRow[]> {
  return db
    .select()
    .from(avatarLibrary)
    .where(eq(avatarLibrary.tenantId, tenantId))
    .orderBy(asc(avatarLibrary.createdAt), asc(avatarLibrary.id));
}

/** How many avatars the tenant keeps. */
export async function countAvatars(db: DbOrTx, tenantId: string): Promise<number> {
  const [c] = await db
    .select({ n: count() })
    .from(avatarLibrary)
    .where(eq(avatarLibrary.tenantId, tenantId));
  return Number(c?.n ?? 0);
}

/** Adds an avatar. */
export async function insertAvatar(db: DbOrTx, tenantId: string, fileKey: string, size: number) {
  const [row] = await db.insert(avatarLibrary).values({ tenantId, fileKey, size }).returning();
  return row!;
}

/** Deletes avatars of the tenant; how many went. */
export async function deleteAvatars(db: DbOrTx, tenantId: string, ids: string[]) {
  const rows = await db
    .delete(avatarLibrary)
    .where(and(eq(avatarLibrary.tenantId, tenantId), inArray(avatarLibrary.id, ids)))
    .returning({ id: avatarLibrary.id });
  return rows.length;
}

/** The tenant's nicknames, oldest first. */
export async function nicknames(db: DbOrTx, tenantId: string): Promise<NicknameRow[]> {
  return db
    .select()
    .from(nicknameLibrary)
    .where(eq(nicknameLibrary.tenantId, tenantId))
    .orderBy(asc(nicknameLibrary.createdAt), asc(nicknameLibrary.id));
}

/** How many nicknames the tenant keeps. */
export async function countNicknames(db: DbOrTx, tenantId: string): Promise<number> {
  const [c] = await db
    .select({ n: count() })
    .from(nicknameLibrary)
    .where(eq(nicknameLibrary.tenantId, tenantId));
  return Number(c?.n ?? 0);
}

/** Adds nicknames (ones already kept are skipped); how many were new. */
export async function insertNicknames(db: DbOrTx, tenantId: string, names: string[]) {
  if (names.length === 0) return 0;
  // One statement gives every row the same now(): a millisecond apart keeps the order entered.
  const base = Date.now();
  const rows = await db
    .insert(nicknameLibrary)
    .values(names.map((nickname, i) => ({ tenantId, nickname, createdAt: new Date(base + i) })))
    .onConflictDoNothing()
    .returning({ id: nicknameLibrary.id });
  return rows.length;
}

/** Deletes nicknames of the tenant; how many went. */
export async function deleteNicknames(db: DbOrTx, tenantId: string, ids: string[]) {
  const rows = await db
    .delete(nicknameLibrary)
    .where(and(eq(nicknameLibrary.tenantId, tenantId), inArray(nicknameLibrary.id, ids)))
    .returning({ id: nicknameLibrary.id });
  return rows.length;
}
