import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { accountGroups, workAccounts } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

export type AccountGroupRow = typeof accountGroups.$inferSelect;

/** Every account group of a tenant. */
export async function listGroups(db: DbOrTx, tenantId: string): Promise<AccountGroupRow[]> {
  return db
    .select()
    .from(accountGroups)
    .where(eq(accountGroups.tenantId, tenantId))
    .orderBy(asc(accountGroups.createdAt), asc(accountGroups.name));
}

/** Accounts per group of a tenant. */
export async function accountsPerGroup(db: DbOrTx, tenantId: string) {
  const rows = await db
    .select({ groupId: workAccounts.groupId, n: count() })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), isNotNull(workAccounts.groupId)))
    .groupBy(workAccounts.groupId);
  return new Map(rows.map((r) => [r.groupId!, Number(r.n)]));
}

/** Adds a group. */
export async function insertGroup(
  db: DbOrTx,
  row: { tenantId: string; parentId: string | null; name: string },
) {
  const rows = await db.insert(accountGroups).values(row).returning();
  return rows[0]!;
}

/** Renames a group of a tenant. */
export async function renameGroup(db: DbOrTx, tenantId: string, id: string, name: string) {
  await db
    .update(accountGroups)
    .set({ name })
    .where(and(eq(accountGroups.tenantId, tenantId), eq(accountGroups.id, id)));
}

/** Work accounts in any of the groups (any tenant row of these ids is the tenant's). */
export async function countAccountsIn(db: DbOrTx, tenantId: string, groupIds: string[]) {
  if (groupIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), inArray(workAccounts.groupId, groupIds)));
  return Number(row?.n ?? 0);
}

/** Deletes groups of a tenant. */
export async function deleteGroups(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .delete(accountGroups)
    .where(and(eq(accountGroups.tenantId, tenantId), inArray(accountGroups.id, ids)));
}
