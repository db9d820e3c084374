import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { tenants } from '../../db/schema/index.ts';
import { MEDIUM_SUFFIX, ossUrl, uploadKeySegment } from '@cst/shared';
import { rowsOf, type Db } from '../../platform/db.ts';
import { keyOfUrl } from '../files/index.ts';

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

/** A stored file retention may delete: its row and its storage keys. */
interface FileRow {
  id: string;
  key: string;
  thumb_key: string | null;
}

/** The storage keys of a stored file: itself, its thumbnail and its medium picture. */
function keysOf(rows: FileRow[]): string[] {
  return rows.flatMap((f) => [f.key, ...(f.thumb_key ? [f.thumb_key] : []), f.key + MEDIUM_SUFFIX]);
}

const idList = (ids: (string | number)[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Of `rows`, those no message of the tenant kept by retention (time from `before` on) shows any
 * more (its file or thumbnail address): a forwarded copy of an old file keeps the file.
 */
async function unreferenced(
  tx: Db,
  tenantId: string,
  before: number,
  rows: FileRow[],
): Promise<FileRow[]> {
  if (rows.length === 0) return [];
  const urls = [
    ...new Set(rows.flatMap((f) => [f.key, f.thumb_key].filter((k) => k !== null))),
  ].map((k) => ossUrl(k!));
  const used = new Set(
    rowsOf<{ url: string }>(
      await tx.execute(sql`
        select file_url as url from messages
        where tenant_id = ${tenantId} and msg_time >= ${before} and file_url in (${idList(urls)})
        union
        select jpeg_thumbnail from messages
        where tenant_id = ${tenantId} and msg_time >= ${before}
          and jpeg_thumbnail in (${idList(urls)})`),
    ).map((r) => r.url),
  );
  return rows.filter(
    (f) => !used.has(ossUrl(f.key)) && !(f.thumb_key && used.has(ossUrl(f.thumb_key))),
  );
}

/**
 * Deletes up to `limit` of a tenant's messages older than `before` (msg_time, ms), oldest first,
 * with the statistics' delete triggers off for this statement only (disabled and enabled again
 * inside the transaction, which holds the table's lock meanwhile), and the files of those
 * messages: their cached received files, and the files a seat uploaded into that very chat to
 * send them (`t/{tenant}/u/{user}/{work account}/{contact}/…`, the SPA's chat upload folder) —
 * each unless a message kept still shows it (a forward). Files of a library (material, emoticons,
 * avatars, a robot's or a mass send's uploads) are never among them. Returns how many messages
 * went, how many files, and the storage keys to delete (each file's own, its thumbnail's and its
 * medium picture's).
 */
export async function deleteOldMessages(
  db: Db,
  tenantId: string,
  before: number,
  limit: number,
): Promise<{ deleted: number; files: number; keys: string[] }> {
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
    const gone = rowsOf<{ id: number | string; file_url: string | null; conversation_id: string }>(
      await tx.execute(sql`
        delete from messages where id in (
          select id from messages where tenant_id = ${tenantId} and msg_time < ${before}
          order by msg_time, id limit ${limit})
        returning id, file_url, conversation_id`),
    );
    await toggle(true);
    if (gone.length === 0) return { deleted: 0, files: 0, keys: [] };
    const ids = gone.map((r) => Number(r.id));
    const media = rowsOf<FileRow>(
      await tx.execute(sql`
        select id, key, thumb_key from stored_files
        where tenant_id = ${tenantId} and source = 'media' and message_id in (${idList(ids)})`),
    );
    const uploads = await chatUploadsOf(tx as unknown as Db, tenantId, gone);
    const files = await unreferenced(tx as unknown as Db, tenantId, before, [...media, ...uploads]);
    if (files.length > 0) {
      await tx.execute(
        sql`delete from stored_files where id in (${idList(files.map((f) => f.id))})`,
      );
    }
    return { deleted: ids.length, files: files.length, keys: keysOf(files) };
  }) as Promise<{ deleted: number; files: number; keys: string[] }>;
}

/**
 * The uploads the deleted messages showed that were uploaded into their own chat's folder:
 * `t/{tenant}/u/{user}/{work wxid}/{peer}/…`, the segments as the SPA writes them.
 */
async function chatUploadsOf(
  tx: Db,
  tenantId: string,
  gone: { file_url: string | null; conversation_id: string }[],
): Promise<FileRow[]> {
  const sent = gone.filter((m) => m.file_url);
  if (sent.length === 0) return [];
  const convs = new Map(
    rowsOf<{ id: string; work_wxid: string; peer_id: string }>(
      await tx.execute(sql`
        select id, work_wxid, peer_id from conversations
        where id in (${idList([...new Set(sent.map((m) => m.conversation_id))])})`),
    ).map((c) => [c.id, c]),
  );
  const prefix = `t/${tenantId}/u/`;
  const keys = sent.flatMap((m) => {
    const key = keyOfUrl(m.file_url!);
    const conv = convs.get(m.conversation_id);
    if (!key || !conv || !key.startsWith(prefix)) return [];
    const [, , , , account, contact] = key.split('/');
    return account === uploadKeySegment(conv.work_wxid) &&
      contact === uploadKeySegment(conv.peer_id)
      ? [key]
      : [];
  });
  if (keys.length === 0) return [];
  return rowsOf<FileRow>(
    await tx.execute(sql`
      select id, key, thumb_key from stored_files
      where tenant_id = ${tenantId} and source = 'upload' and key in (${idList([...new Set(keys)])})`),
  );
}

/**
 * Deletes up to `limit` cached received files of a tenant stored before `before` (ms) whose
 * message is gone (deleted before its file was cached, or by an earlier pass), unless a message
 * kept still shows them; `after` is where the last call stopped (created_at ms and id). Returns
 * how many went and their storage keys, how many were looked at, and where to go on.
 */
export async function deleteOldCachedFiles(
  db: Db,
  tenantId: string,
  before: number,
  limit: number,
  after: { at: number; id: string } | null = null,
): Promise<{
  files: number;
  keys: string[];
  seen: number;
  next: { at: number; id: string } | null;
}> {
  return db.transaction(async (tx) => {
    const rows = rowsOf<FileRow & { at: number | string }>(
      await tx.execute(sql`
        select f.id, f.key, f.thumb_key, (extract(epoch from f.created_at) * 1000)::float8 as at
        from stored_files f
        where f.tenant_id = ${tenantId} and f.source = 'media'
          and f.created_at < to_timestamp(${before}::double precision / 1000)
          and not exists (select 1 from messages m where m.id = f.message_id)
          ${after ? sql`and (f.created_at, f.id) > (to_timestamp(${after.at}::double precision / 1000), ${after.id}::uuid)` : sql``}
        order by f.created_at, f.id limit ${limit}`),
    );
    const files = await unreferenced(tx as unknown as Db, tenantId, before, rows);
    if (files.length > 0) {
      await tx.execute(
        sql`delete from stored_files where id in (${idList(files.map((f) => f.id))})`,
      );
    }
    const last = rows.at(-1);
    return {
      files: files.length,
      keys: keysOf(files),
      seen: rows.length,
      next: last ? { at: Number(last.at), id: last.id } : null,
    };
  }) as Promise<{
    files: number;
    keys: string[];
    seen: number;
    next: { at: number; id: string } | null;
  }>;
}
