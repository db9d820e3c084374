import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { sliceUploads } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';

export type SliceUploadRow = typeof sliceUploads.$inferSelect;

/** What one person, and one tenant, may leave unfinished at once. */
export interface SliceUploadLimits {
  perUser: { uploads: number; bytes: number };
  perTenant: { bytes: number };
}

/** Why an upload could not be opened: the person's or the tenant's cap is reached. */
export type SliceUploadRefusal = 'user' | 'tenant';

/**
 * Opens (or touches) the upload of `row.folder`. A new one counts against the caps on the
 * declared sizes of the open uploads — the person's count and bytes, the tenant's bytes — under
 * an advisory lock per tenant held to the commit, so parallel slices cannot slip past the cap
 * together. Answers the refusal, or null when the upload is open.
 */
export async function openSliceUpload(
  db: Db,
  row: Omit<SliceUploadRow, 'createdAt' | 'touchedAt'>,
  now: number,
  limits: SliceUploadLimits,
): Promise<SliceUploadRefusal | null> {
  const touched = await db
    .update(sliceUploads)
    .set({ touchedAt: now })
    .where(eq(sliceUploads.folder, row.folder))
    .returning({ folder: sliceUploads.folder });
  if (touched.length) return null;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`slice_uploads:${row.tenantId}`}))`,
    );
    const [mine] = await tx
      .select({
        uploads: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(${sliceUploads.size}), 0)::bigint`,
      })
      .from(sliceUploads)
      .where(and(eq(sliceUploads.userId, row.userId), ne(sliceUploads.folder, row.folder)));
    const [theirs] = await tx
      .select({ bytes: sql<number>`coalesce(sum(${sliceUploads.size}), 0)::bigint` })
      .from(sliceUploads)
      .where(and(eq(sliceUploads.tenantId, row.tenantId), ne(sliceUploads.folder, row.folder)));
    if (
      Number(mine!.uploads) + 1 > limits.perUser.uploads ||
      Number(mine!.bytes) + row.size > limits.perUser.bytes
    ) {
      return 'user';
    }
    if (Number(theirs!.bytes) + row.size > limits.perTenant.bytes) return 'tenant';
    await tx
      .insert(sliceUploads)
      .values({ ...row, createdAt: now, touchedAt: now })
      .onConflictDoUpdate({ target: sliceUploads.folder, set: { touchedAt: now } });
    return null;
  });
}

/** Forgets an upload whose slices were removed (completed or refused). */
export async function closeSliceUpload(db: Db, folder: string): Promise<void> {
  await db.delete(sliceUploads).where(eq(sliceUploads.folder, folder));
}

/** Up to `limit` uploads nobody touched since `before`, oldest first. */
export async function staleSliceUploads(
  db: Db,
  before: number,
  limit: number,
): Promise<SliceUploadRow[]> {
  return db
    .select()
    .from(sliceUploads)
    .where(lt(sliceUploads.touchedAt, before))
    .orderBy(asc(sliceUploads.touchedAt), asc(sliceUploads.folder))
    .limit(limit);
}

/**
 * Forgets swept uploads whose slices are gone — those still untouched since `before`: one that
 * took a slice meanwhile keeps its row (its owner sends the removed slices again).
 */
export async function dropStaleSliceUploads(
  db: Db,
  folders: string[],
  before: number,
): Promise<number> {
  if (!folders.length) return 0;
  const gone = await db
    .delete(sliceUploads)
    .where(and(inArray(sliceUploads.folder, folders), lt(sliceUploads.touchedAt, before)))
    .returning({ folder: sliceUploads.folder });
  return gone.length;
}
