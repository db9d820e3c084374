import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { roles, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { likePattern } from '../users/index.ts';

/** A row of `roles` as stored. */
export type RoleRow = typeof roles.$inferSelect;

/** A custom role of a tenant, or null. */
export async function findRole(db: DbOrTx, tenantId: string, id: string) {
  const rows = await db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** A page of a tenant's roles, newest first. */
export async function listRoles(
  db: DbOrTx,
  tenantId: string,
  f: { page: number; pageSize: number; keyword?: string },
) {
  const conds: SQL[] = [eq(roles.tenantId, tenantId)];
  if (f.keyword) conds.push(ilike(roles.name, likePattern(f.keyword)));
  const where = and(...conds);
  const rows = await db
    .select()
    .from(roles)
    .where(where)
    .orderBy(desc(roles.createdAt), desc(roles.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const count = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(roles)
    .where(where);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Whether another role of the tenant already has this name. */
export async function roleNameTaken(
  db: DbOrTx,
  tenantId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const conds: SQL[] = [eq(roles.tenantId, tenantId), eq(roles.name, name)];
  if (exceptId) conds.push(sql`${roles.id} <> ${exceptId}`);
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(...conds))
    .limit(1);
  return rows.length > 0;
}

/** Creates a role. */
export async function insertRole(
  db: DbOrTx,
  tenantId: string,
  name: string,
  permissions: string[],
): Promise<string> {
  const [row] = await db
    .insert(roles)
    .values({ tenantId, name, permissions })
    .returning({ id: roles.id });
  return row!.id;
}

/** Changes a role's name and permissions. */
export async function updateRole(
  db: DbOrTx,
  tenantId: string,
  id: string,
  name: string,
  permissions: string[],
): Promise<void> {
  await db
    .update(roles)
    .set({ name, permissions })
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
}

/** Whether a user of the tenant has this role. */
export async function roleInUse(db: DbOrTx, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.roleId, id)))
    .limit(1);
  return rows.length > 0;
}

/** Deletes a role. */
export async function deleteRole(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(roles).where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
}
