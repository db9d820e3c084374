import { and, eq } from 'drizzle-orm';
import { fanImports } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

export type { StoredImportProblem } from '../../db/schema/index.ts';

export type FanImportRow = typeof fanImports.$inferSelect;
export type NewFanImport = typeof fanImports.$inferInsert;

/** Stores a checked import. */
export async function insertImport(db: DbOrTx, row: NewFanImport): Promise<FanImportRow> {
  const [out] = await db.insert(fanImports).values(row).returning();
  return out!;
}

/** An import of a tenant made by a user, or null. */
export async function importById(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  id: string,
): Promise<FanImportRow | null> {
  const rows = await db
    .select()
    .from(fanImports)
    .where(
      and(eq(fanImports.tenantId, tenantId), eq(fanImports.userId, userId), eq(fanImports.id, id)),
    )
    .limit(1);
  return rows[0] ?? null;
}
