import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { positions, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { likePattern } from '../users/index.ts';

/** A row of `positions` as stored. */
export type PositionRow = typeof positions.$inferSelect;

/** A position (job title) of a tenant, or null. */
export async function findPosition(db: DbOrTx, tenantId: string, id: string) {
  const rows = await db
    .select()
    .from(positions)
    .where(and(eq(positions.tenantId, tenantId), eq(positions.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** A page of a tenant's positions, newest first. */
export async function listPositions(
  db: DbOrTx,
  tenantId: string,
  f: { page: number; pageSize: number; keyword?: string },
) {
  const conds: SQL[] = [eq(positions.tenantId, tenantId)];
  if (f.keyword) conds.push(ilike(positions.name, likePattern(f.keyword)));
  const where = and(...conds);
  const rows = await db
    .select()
    .from(positions)
    .where(where)
    .orderBy(desc(positions.createdAt), desc(positions.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const count = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(positions)
    .where(where);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Whether another position of the tenant already has this name. */
export async function positionNameTaken(
  db: DbOrTx,
  tenantId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const conds: SQL[] = [eq(positions.tenantId, tenantId), eq(positions.name, name)];
  if (exceptId) conds.push(sql`${positions.id} <> ${exceptId}`);
  const rows = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(...conds))
    .limit(1);
  return rows.length > 0;
}

/** Creates a position. */
export async function insertPosition(db: DbOrTx, tenantId: string, name: string): Promise<string> {
  const [row] = await db
    .insert(positions)
    .values({ tenantId, name })
    .returning({ id: positions.id });
  return row!.id;
}

/** Renames a position. */
export async function updatePosition(
  db: DbOrTx,
  tenantId: string,
  id: string,
  name: string,
): Promise<void> {
  await db
    .update(positions)
    .set({ name })
    .where(and(eq(positions.tenantId, tenantId), eq(positions.id, id)));
}

/** Whether a user of the tenant has this position. */
export async function positionInUse(db: DbOrTx, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.positionId, id)))
    .limit(1);
  return rows.length > 0;
}

/** Deletes a position. */
export async function deletePosition(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(positions).where(and(eq(positions.tenantId, tenantId), eq(positions.id, id)));
}
