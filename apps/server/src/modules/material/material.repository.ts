import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { materialFolders, materials } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

export type MaterialRow = typeof materials.$inferSelect;
export type NewMaterial = typeof materials.$inferInsert;
export type MaterialFolderRow = typeof materialFolders.$inferSelect;

/** The tenant's folders by name, with how many items each holds. */
export async function foldersWithCounts(db: DbOrTx, tenantId: string) {
  const folders = await db
    .select()
    .from(materialFolders)
    .where(eq(materialFolders.tenantId, tenantId))
    .orderBy(materialFolders.createdAt, materialFolders.id);
  const counts = await db
    .select({ folderId: materials.folderId, n: count() })
    .from(materials)
    .where(eq(materials.tenantId, tenantId))
    .groupBy(materials.folderId);
  const by = new Map(counts.map((c) => [c.folderId, Number(c.n)]));
  return folders.map((f) => ({ ...f, count: by.get(f.id) ?? 0 }));
}

/** A folder of the tenant, or undefined. */
export async function folderById(db: DbOrTx, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(materialFolders)
    .where(and(eq(materialFolders.tenantId, tenantId), eq(materialFolders.id, id)));
  return row;
}

/** Adds a folder. */
export async function insertFolder(db: DbOrTx, tenantId: string, name: string) {
  const [row] = await db.insert(materialFolders).values({ tenantId, name }).returning();
  return row!;
}

/** Renames a folder; false when it is not the tenant's. */
export async function renameFolder(db: DbOrTx, tenantId: string, id: string, name: string) {
  const rows = await db
    .update(materialFolders)
    .set({ name })
    .where(and(eq(materialFolders.tenantId, tenantId), eq(materialFolders.id, id)))
    .returning({ id: materialFolders.id });
  return rows.length > 0;
}

/** Deletes a folder and its items; false when it is not the tenant's. */
export async function deleteFolder(db: DbOrTx, tenantId: string, id: string) {
  const rows = await db
    .delete(materialFolders)
    .where(and(eq(materialFolders.tenantId, tenantId), eq(materialFolders.id, id)))
    .returning({ id: materialFolders.id });
  return rows.length > 0;
}

/** What a list of items filters by. */
export interface MaterialFilter {
  folderId?: string;
  type?: number;
  keyword?: string;
}

function whereOf(tenantId: string, f: MaterialFilter): SQL {
  const conds: SQL[] = [eq(materials.tenantId, tenantId)];
  if (f.folderId) conds.push(eq(materials.folderId, f.folderId));
  if (f.type) conds.push(eq(materials.type, f.type));
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        ilike(materials.title, like),
        ilike(materials.content, like),
        ilike(materials.fileName, like),
      )!,
    );
  }
  return and(...conds)!;
}

/** A page of the tenant's items, newest first, and how many match. */
export async function listPage(
  db: DbOrTx,
  tenantId: string,
  f: MaterialFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: MaterialRow[]; total: number }> {
  const where = whereOf(tenantId, f);
  const rows = await db
    .select()
    .from(materials)
    .where(where)
    .orderBy(desc(materials.createdAt), desc(materials.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [c] = await db.select({ n: count() }).from(materials).where(where);
  return { rows, total: Number(c?.n ?? 0) };
}

/** An item of the tenant, or undefined. */
export async function itemById(db: DbOrTx, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(materials)
    .where(and(eq(materials.tenantId, tenantId), eq(materials.id, id)));
  return row;
}

/** Adds items (of one tenant). */
export async function insertItems(db: DbOrTx, rows: NewMaterial[]): Promise<MaterialRow[]> {
  if (rows.length === 0) return [];
  return db.insert(materials).values(rows).returning();
}

/** Renames or moves an item; undefined when it is not the tenant's. */
/** What an edit may change of an item. */
export type MaterialPatch = Partial<
  Pick<typeof materials.$inferInsert, 'title' | 'folderId' | 'content' | 'card'>
>;

export async function updateItem(db: DbOrTx, tenantId: string, id: string, patch: MaterialPatch) {
  if (Object.keys(patch).length === 0) return itemById(db, tenantId, id);
  const [row] = await db
    .update(materials)
    .set(patch)
    .where(and(eq(materials.tenantId, tenantId), eq(materials.id, id)))
    .returning();
  return row;
}

/** Deletes items of the tenant; how many went. */
export async function deleteItems(db: DbOrTx, tenantId: string, ids: string[]) {
  const rows = await db
    .delete(materials)
    .where(and(eq(materials.tenantId, tenantId), inArray(materials.id, ids)))
    .returning({ id: materials.id });
  return rows.length;
}

/** Whether the tenant's library refers to a stored file (so it is served to the tenant). */
export async function usesFile(db: DbOrTx, tenantId: string, key: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(materials)
    .where(and(eq(materials.tenantId, tenantId), eq(materials.fileKey, key)))
    .limit(1);
  return rows.length > 0;
}
