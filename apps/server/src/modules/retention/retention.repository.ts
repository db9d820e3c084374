import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { tenants } from '../../db/schema/index.ts';
import { rowsOf, type Db } from '../../platform/db.ts';

/** Tenants that keep messages for a limited time: their id and days. */
export async function tenantsWithRetention(db: Db): Promise<{ id: string; days: number }[]> {
  const rows = await db
    .select({ id: tenants.id, days: tenants.retentionDays })
    .from(tenants)
    .where(and(isNotNull(tenants.retentionDays), eq(tenants.status, 'enabled')));
  return rows.map((r) => ({ id: r.id, days: r.days! }));
}

/** A tenant's retention in days (null: keep everything). */
export async function retentionOf(db: Db, tenantId: string): Promise<number | null> {
  const [row] = await db
    .select({ days: tenants.retentionDays })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row?.days ?? null;
}

/** Sets a tenant's retention. */
export async function setRetention(db: Db, tenantId: string, days: number | null): Promise<void> {
  await db.update(tenants).set({ retentionDays: days }).where(eq(tenants.id, tenantId));
}

/**
 * The statistics triggers that run when a message is deleted (their names start with
 * `messages_stat`): they take a deleted message out of the day's rollups, which retention must
 * not do — the figures of a past day stay as they were.
 */
async function statDeleteTriggers(tx: Db): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await tx.execute(sql`
      select tgname as name from pg_trigger
      where tgrelid = 'messages'::regclass and not tgisinternal
        and (tgtype & 8) <> 0 and tgname like 'messages\\_stat%'
      order by tgname`),
  ).map((r) => r.name);
}

/**
 * Deletes up to `limit` of a tenant's messages older than `before` (msg_time, ms), oldest first,
 * with the statistics' delete triggers off for this statement only (disabled and enabled again
 * inside the transaction, which holds the table's lock meanwhile), and the cached received files
 * of those messages. Returns how many messages went and the storage keys to delete.
 */
export async function deleteOldMessages(
  db: Db,
  tenantId: string,
  before: number,
  limit: number,
): Promise<{ deleted: number; keys: string[] }> {
  return db.transaction(async (tx) => {
    const triggers = await statDeleteTriggers(tx as unknown as Db);
    const toggle = (on: boolean) =>
      triggers.length
        ? tx.execute(
            sql.raw(
              `alter table messages ${triggers
                .map((t) => `${on ? 'enable' : 'disable'} trigger "${t}"`)
                .join(', ')}`,
            ),
          )
        : Promise.resolve();
    await toggle(false);
    const ids = rowsOf<{ id: number | string }>(
      await tx.execute(sql`
        delete from messages where id in (
          select id from messages where tenant_id = ${tenantId} and msg_time < ${before}
          order by msg_time, id limit ${limit})
        returning id`),
    ).map((r) => Number(r.id));
    await toggle(true);
    if (ids.length === 0) return { deleted: 0, keys: [] };
    const files = rowsOf<{ key: string; thumb_key: string | null }>(
      await tx.execute(sql`
        delete from stored_files
        where tenant_id = ${tenantId} and source = 'media'
          and message_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
        returning key, thumb_key`),
    );
    const keys = files.flatMap((f) => (f.thumb_key ? [f.key, f.thumb_key] : [f.key]));
    return { deleted: ids.length, keys };
  }) as Promise<{ deleted: number; keys: string[] }>;
}

/**
 * Deletes up to `limit` cached received files of a tenant stored before `before` (ms) whose
 * message is gone or older than the limit too; returns their storage keys.
 */
export async function deleteOldCachedFiles(
  db: Db,
  tenantId: string,
  before: number,
  limit: number,
): Promise<string[]> {
  const rows = rowsOf<{ key: string; thumb_key: string | null }>(
    await db.execute(sql`
      delete from stored_files where id in (
        select id from stored_files
        where tenant_id = ${tenantId} and source = 'media'
          and created_at < to_timestamp(${before}::double precision / 1000)
        order by created_at limit ${limit})
      returning key, thumb_key`),
  );
  return rows.flatMap((f) => (f.thumb_key ? [f.key, f.thumb_key] : [f.key]));
}
