import { and, eq, or, sql } from 'drizzle-orm';
import { storedFiles } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

export type StoredFileRow = typeof storedFiles.$inferSelect;
export type NewStoredFile = typeof storedFiles.$inferInsert;

export { sharedSecret } from '../../platform/secrets.ts';

/** Records a stored file; a new upload to the same key replaces the record (as OSS overwrites). */
export async function upsertFile(db: DbOrTx, row: NewStoredFile): Promise<StoredFileRow> {
  const [out] = await db
    .insert(storedFiles)
    .values(row)
    .onConflictDoUpdate({
      target: storedFiles.key,
      set: {
        size: row.size,
        mime: row.mime,
        kind: row.kind,
        width: row.width ?? null,
        height: row.height ?? null,
        thumbKey: row.thumbKey ?? null,
        source: row.source,
        messageId: row.messageId ?? null,
        createdAt: sql`now()`,
      },
      where: sql`${storedFiles.tenantId} = excluded.tenant_id`,
    })
    .returning();
  return out!;
}

/** A tenant's file by key, or whose thumbnail has that key. */
export async function fileByKeyOrThumb(
  db: DbOrTx,
  tenantId: string,
  key: string,
): Promise<StoredFileRow | null> {
  const rows = await db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.tenantId, tenantId),
        or(eq(storedFiles.key, key), eq(storedFiles.thumbKey, key)),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** A tenant's file by key. */
export async function fileByKey(
  db: DbOrTx,
  tenantId: string,
  key: string,
): Promise<StoredFileRow | null> {
  const rows = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.tenantId, tenantId), eq(storedFiles.key, key)))
    .limit(1);
  return rows[0] ?? null;
}

/** The cached copy of a received chat file. */
export async function fileOfMessage(
  db: DbOrTx,
  tenantId: string,
  messageId: number,
): Promise<StoredFileRow | null> {
  const rows = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.tenantId, tenantId), eq(storedFiles.messageId, messageId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Sets the thumbnail of a file. */
export async function setThumb(db: DbOrTx, tenantId: string, id: string, thumbKey: string) {
  await db
    .update(storedFiles)
    .set({ thumbKey })
    .where(and(eq(storedFiles.tenantId, tenantId), eq(storedFiles.id, id)));
}
