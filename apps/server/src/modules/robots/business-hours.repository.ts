import { and, eq, isNull } from 'drizzle-orm';
import {
  accountGroups,
  businessHours,
  robotJobs,
  tenants,
  workAccounts,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

export type BusinessHoursRow = typeof businessHours.$inferSelect;

/** Every business-hours row of a tenant (the default and the groups'). */
export function hoursRows(db: DbOrTx, tenantId: string): Promise<BusinessHoursRow[]> {
  return db.select().from(businessHours).where(eq(businessHours.tenantId, tenantId));
}

/** Stores a group's (or the default's) business hours. */
export async function saveHours(
  db: DbOrTx,
  row: Omit<typeof businessHours.$inferInsert, 'id' | 'updatedAt'>,
): Promise<void> {
  const group =
    row.accountGroupId == null
      ? isNull(businessHours.accountGroupId)
      : eq(businessHours.accountGroupId, row.accountGroupId);
  const where = and(eq(businessHours.tenantId, row.tenantId), group);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(businessHours)
      .set({ ...row, updatedAt: new Date() })
      .where(where)
      .returning({ id: businessHours.id });
    if (updated.length === 0) await tx.insert(businessHours).values(row);
  });
}

/** A tenant's account groups: id and parent. */
export function groupParents(db: DbOrTx, tenantId: string) {
  return db
    .select({ id: accountGroups.id, parentId: accountGroups.parentId })
    .from(accountGroups)
    .where(eq(accountGroups.tenantId, tenantId));
}

/** A work account's group and its tenant's time zone. */
export async function accountPlace(db: DbOrTx, tenantId: string, accountId: string) {
  const rows = await db
    .select({ groupId: workAccounts.groupId, timeZone: tenants.timeZone })
    .from(workAccounts)
    .innerJoin(tenants, eq(tenants.id, workAccounts.tenantId))
    .where(and(eq(workAccounts.tenantId, tenantId), eq(workAccounts.id, accountId)))
    .limit(1);
  return rows[0] ?? null;
}

/** A tenant's time zone. */
export async function tenantZone(db: DbOrTx, tenantId: string): Promise<string> {
  const rows = await db
    .select({ timeZone: tenants.timeZone })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return rows[0]?.timeZone ?? 'Asia/Shanghai';
}

/** Whether a robot job of this key was added. */
export async function jobExists(db: DbOrTx, key: string): Promise<boolean> {
  const rows = await db
    .select({ id: robotJobs.id })
    .from(robotJobs)
    .where(eq(robotJobs.key, key))
    .limit(1);
  return rows.length > 0;
}
