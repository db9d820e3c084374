import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { loginRecords, positions, roles, tenants, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

/** A row of `login_records` as stored. */
export type LoginRecordRow = typeof loginRecords.$inferSelect;

const superior = alias(users, 'superior');

/** The tenant condition of a caller: its tenant, or none for a platform admin. */
const sameTenant = (
  column: typeof users.tenantId | typeof loginRecords.tenantId,
  t: string | null,
) => (t ? eq(column, t) : isNull(column));

/** The caller's own user row with the names of its role, position, superior and tenant. */
export async function findProfile(db: DbOrTx, tenantId: string | null, uid: string) {
  const rows = await db
    .select({
      user: users,
      roleName: roles.name,
      positionName: positions.name,
      superiorName: superior.nickname,
      tenantName: tenants.name,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(positions, eq(positions.id, users.positionId))
    .leftJoin(superior, eq(superior.id, users.superiorId))
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.id, uid), sameTenant(users.tenantId, tenantId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Changes the caller's nickname and avatar. */
export async function updateProfile(
  db: DbOrTx,
  tenantId: string | null,
  uid: string,
  patch: { nickname: string; avatar?: string | null },
): Promise<void> {
  await db
    .update(users)
    .set(patch)
    .where(and(eq(users.id, uid), sameTenant(users.tenantId, tenantId)));
}

/** A page of a user's sign-in attempts, newest first. */
export async function listLoginRecords(
  db: DbOrTx,
  tenantId: string | null,
  uid: string,
  page: number,
  pageSize: number,
) {
  const where = and(eq(loginRecords.userId, uid), sameTenant(loginRecords.tenantId, tenantId));
  const rows = await db
    .select()
    .from(loginRecords)
    .where(where)
    .orderBy(desc(loginRecords.createdAt), desc(loginRecords.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const count = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginRecords)
    .where(where);
  return { rows, total: count[0]?.n ?? 0 };
}
