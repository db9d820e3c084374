import { and, asc, eq, gt, lt, max, or, sql } from 'drizzle-orm';
import { pushEvents, realtimeMarks } from '../db/schema/index.ts';
import { preparedSql, rowsOf, type Db, type DbOrTx, type Tx } from '../platform/db.ts';

/** A push row as stored. */
export type PushRow = typeof pushEvents.$inferSelect;
/** A push to store, with its data's JSON text (well-formed: `wellFormedJsonText`), written once. */
export type NewPush = Omit<typeof pushEvents.$inferInsert, 'id' | 'tenantId' | 'createdAt'> & {
  dataJson: string;
};

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
  if (serial) return insertRows(db, tenantId, rows, createdAt);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PUSH_LOCK_CLASS}, hashtext(${tenantId}))`);
    return insertRows(tx, tenantId, rows, createdAt);
  });
}

/**
 * Stores pushes of one tenant inside the caller's transaction, with the data they tell of: the
 * tenant's advisory lock is taken first and held to that transaction's commit, so ids still
 * commit in order. A caller storing several tenants' pushes takes them in tenant id order.
 */
export async function insertPushesIn(
  tx: Tx,
  tenantId: string,
  rows: NewPush[],
  createdAt: Date,
  serial = false,
): Promise<number[]> {
  if (rows.length === 0) return [];
  if (!serial) {
    await tx.execute(sql`select pg_advisory_xact_lock(${PUSH_LOCK_CLASS}, hashtext(${tenantId}))`);
  }
  return insertRows(tx, tenantId, rows, createdAt);
}

const insertStatement = preparedSql();

/**
 * The rows as one array per column: one statement text for any number of rows (parsed and
 * planned once), without a parameter per value. The data go as one JSON array of the texts
 * already made (no text array to escape and parse back; a JSON `null` is stored as NULL, as
 * before). Ids come back in the rows' order: one statement takes its ids in the order it
 * inserts, which is the arrays' order.
 */
async function insertRows(
  db: DbOrTx,
  tenantId: string,
  rows: NewPush[],
  createdAt: Date,
): Promise<number[]> {
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  const result = await insertStatement(
    db,
    'pushes',
    () => sql`
      insert into ${pushEvents} (tenant_id, audience, work_account_id, conversation_id, user_ids,
        event, data, created_at)
      select ${sql.placeholder('tenant')}::uuid, v.audience, v.account, v.conv, v.users::jsonb,
        v.event, nullif(v.data, 'null'::jsonb), ${sql.placeholder('at')}::timestamptz
      from rows from (unnest(${sql.placeholder('audience')}::text[]),
        unnest(${sql.placeholder('account')}::uuid[]), unnest(${sql.placeholder('conv')}::uuid[]),
        unnest(${sql.placeholder('users')}::text[]), unnest(${sql.placeholder('event')}::text[]),
        jsonb_array_elements(${sql.placeholder('data')}::jsonb))
        with ordinality as v(audience, account, conv, users, event, data, n)
      order by v.n
      returning id`,
    {
      tenant: tenantId,
      at: createdAt.toISOString(),
      audience: rows.map((r) => r.audience),
      account: rows.map((r) => r.workAccountId ?? null),
      conv: rows.map((r) => r.conversationId ?? null),
      users: rows.map((r) => json(r.userIds)),
      event: rows.map((r) => r.event),
      data: `[${rows.map((r) => r.dataJson).join(',')}]`,
    },
  );
  return rowsOf<{ id: number | string }>(result)
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);
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
