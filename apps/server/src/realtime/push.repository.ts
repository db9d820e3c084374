import { and, asc, eq, gt, lt, max, or, sql } from 'drizzle-orm';
import { pushEvents, realtimeMarks } from '../db/schema/index.ts';
import type { Db, DbOrTx } from '../platform/db.ts';

/** A push row as stored. */
export type PushRow = typeof pushEvents.$inferSelect;
/** A push to store. */
export type NewPush = Omit<typeof pushEvents.$inferInsert, 'id' | 'tenantId' | 'createdAt'>;

// Advisory-lock class of push inserts (the second key is the tenant's hash).
const PUSH_LOCK_CLASS = 727301;
const PRUNED_MARK = 'pruned_through';

/**
 * Stores pushes of one tenant in a short transaction that first takes the tenant's advisory lock,
 * so within a tenant ids are assigned and committed in order (a reader never sees id n+1 before n).
 * PGlite has one connection, so statements already commit in the order ids are taken: one plain
 * insert does (`serial`).
 */
export async function insertPushes(
  db: Db,
  tenantId: string,
  rows: NewPush[],
  createdAt: Date,
  serial = false,
): Promise<number[]> {
  if (rows.length === 0) return [];
  if (serial) {
    const inserted = await db
      .insert(pushEvents)
      .values(rows.map((r) => ({ ...r, tenantId, createdAt })))
      .returning({ id: pushEvents.id });
    return inserted.map((r) => Number(r.id));
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PUSH_LOCK_CLASS}, hashtext(${tenantId}))`);
    const inserted = await tx
      .insert(pushEvents)
      .values(rows.map((r) => ({ ...r, tenantId, createdAt })))
      .returning({ id: pushEvents.id });
    return inserted.map((r) => Number(r.id));
  });
}

/** Pushes of a tenant after an id, oldest first. */
export async function pushesAfter(
  db: DbOrTx,
  tenantId: string,
  afterId: number,
  limit: number,
): Promise<PushRow[]> {
  const rows = await db
    .select()
    .from(pushEvents)
    .where(and(eq(pushEvents.tenantId, tenantId), gt(pushEvents.id, afterId)))
    .orderBy(asc(pushEvents.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The highest push id of a tenant (0 when none). */
export async function newestPushId(db: DbOrTx, tenantId: string): Promise<number> {
  const rows = await db
    .select({ id: max(pushEvents.id) })
    .from(pushEvents)
    .where(eq(pushEvents.tenantId, tenantId));
  return Number(rows[0]?.id ?? 0);
}

/** The highest push id stored (0 when none). */
export async function maxPushId(db: DbOrTx): Promise<number> {
  const rows = await db.select({ id: max(pushEvents.id) }).from(pushEvents);
  return Number(rows[0]?.id ?? 0);
}

/** The highest id ever pruned: a resume from below it may have lost rows. */
export async function prunedThrough(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({ value: realtimeMarks.value })
    .from(realtimeMarks)
    .where(eq(realtimeMarks.key, PRUNED_MARK));
  return Number(rows[0]?.value ?? 0);
}

/** Deletes pushes older than `before` or more than `keep` ids behind the newest; records the mark. */
export async function prunePushes(db: Db, before: Date, keep: number): Promise<number> {
  return db.transaction(async (tx) => {
    const newest = await maxPushId(tx);
    const deleted = await tx
      .delete(pushEvents)
      .where(or(lt(pushEvents.createdAt, before), lt(pushEvents.id, newest - keep)))
      .returning({ id: pushEvents.id });
    if (deleted.length === 0) return 0;
    const mark = deleted.reduce((m, r) => Math.max(m, Number(r.id)), 0);
    await tx
      .insert(realtimeMarks)
      .values({ key: PRUNED_MARK, value: mark })
      .onConflictDoUpdate({
        target: realtimeMarks.key,
        set: { value: sql`greatest(${realtimeMarks.value}, ${mark})` },
      });
    return deleted.length;
  });
}
