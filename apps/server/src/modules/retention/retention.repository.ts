import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
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
  db: Db,
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
      await db.execute(sql`
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

/** A batch of old messages and the stored files that go with them. */
export interface OldMessages {
  ids: number[];
  files: StoredFileToDelete[];
}

/** A stored file retention deletes: its row and every storage key it has. */
export interface StoredFileToDelete {
  id: string;
  keys: string[];
}

const toDelete = (rows: FileRow[]): StoredFileToDelete[] =>
  rows.map((f) => ({ id: f.id, keys: keysOf([f]) }));

/**
 * The oldest (up to `limit`) of a tenant's messages older than `before` (msg_time, ms), and their
 * files: their cached received files, and the files a seat uploaded into that very chat to send
 * them (`t/{tenant}/u/{user}/{work account}/{contact}/…`, the SPA's chat upload folder) — each
 * unless a message kept still shows it (a forward). Files of a library (material, emoticons,
 * avatars, a robot's or a mass send's uploads) are never among them. Reads only: the caller
 * deletes the files' objects, then the rows ({@link deleteMessages}), so a pass stopped at any
 * point finds the same messages and files again.
 */
export async function oldMessages(
  db: Db,
  tenantId: string,
  before: number,
  limit: number,
): Promise<OldMessages> {
  const gone = rowsOf<{ id: number | string; file_url: string | null; conversation_id: string }>(
    await db.execute(sql`
      select id, file_url, conversation_id from messages
      where tenant_id = ${tenantId} and msg_time < ${before}
      order by msg_time, id limit ${limit}`),
  );
  if (gone.length === 0) return { ids: [], files: [] };
  const ids = gone.map((r) => Number(r.id));
  const media = rowsOf<FileRow>(
    await db.execute(sql`
      select id, key, thumb_key from stored_files
      where tenant_id = ${tenantId} and source = 'media' and message_id in (${idList(ids)})`),
  );
  const uploads = await chatUploadsOf(db, tenantId, gone);
  return { ids, files: toDelete(await unreferenced(db, tenantId, before, [...media, ...uploads])) };
}

/**
 * Deletes a tenant's messages `ids` and the stored files `fileIds` in one transaction, with the
 * statistics' delete triggers off for this statement only (disabled and enabled again inside the
 * transaction, which holds the table's lock meanwhile). Deleting what is gone already is a no-op.
 */
export async function deleteMessages(
  db: Db,
  tenantId: string,
  ids: number[],
  fileIds: string[],
): Promise<void> {
  if (ids.length === 0 && fileIds.length === 0) return;
  await db.transaction(async (tx) => {
    if (ids.length > 0) {
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
      await tx.execute(
        sql`delete from messages where tenant_id = ${tenantId} and id in (${idList(ids)})`,
      );
      await toggle(true);
    }
    if (fileIds.length > 0) {
      await tx.execute(
        sql`delete from stored_files where tenant_id = ${tenantId} and id in (${idList(fileIds)})`,
      );
    }
  });
}

/** Deletes stored files' rows (their objects are gone already). */
export async function deleteFileRows(db: Db, tenantId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`delete from stored_files where tenant_id = ${tenantId} and id in (${idList(ids)})`,
  );
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
 * `uploadKeySegment` (@cst/shared) in SQL: how the SPA names a chat's upload folder. JavaScript
 * replaces UTF-16 code units, so a character outside the BMP (an emoji: two units) becomes `__`;
 * PostgreSQL's regular expressions see characters, so those become `__` first, then every other
 * character outside the kept set `_`.
 */
const segmentOf = (column: SQL) =>
  sql`coalesce(nullif(regexp_replace(regexp_replace(regexp_replace(${column}, ${'[\\U00010000-\\U0010FFFF]'}, '__', 'g'), ${'[^A-Za-z0-9_@.-]'}, '_', 'g'), ${'^[.]+'}, '_'), ''), '_')`;

/** Which files a sweep looks at: see {@link leftoverFiles}. */
export type Sweep = 'media' | 'upload';

/**
 * Up to `limit` of a tenant's stored files, after `after` (an id: the sweep goes through them in
 * id order), that retention deletes apart from a batch of messages, unless a message kept still
 * shows them:
 *
 * - `media`: cached received files stored before `before` (ms) whose message is gone (deleted
 *   before its file was cached, or otherwise);
 * - `upload`: files uploaded before `before` into a chat's own folder
 *   (`t/{tenant}/u/{user}/{work account}/{contact}/{day}/{name}`, the two segments those of a
 *   conversation of the tenant) that no message shows: a send abandoned in the composer. Library
 *   uploads (robots, mass sends, moments, imports, tag lists, the open API) are in folders of
 *   their own, which no conversation names, and material, emoticons and avatars are outside `u/`.
 *
 * Reads only: the caller deletes the objects, then the rows ({@link deleteFileRows}). Returns the
 * files, how many were looked at, and where to go on.
 */
export async function leftoverFiles(
  db: Db,
  tenantId: string,
  sweep: Sweep,
  before: number,
  limit: number,
  after: string | null = null,
): Promise<{ files: StoredFileToDelete[]; seen: number; next: string | null }> {
  const old = sql`f.created_at < to_timestamp(${before}::double precision / 1000)`;
  const from = after ? sql`and f.id > ${after}::uuid` : sql``;
  const prefix = `t/${tenantId}/u/`;
  const rows = rowsOf<FileRow>(
    await db.execute(
      sweep === 'media'
        ? sql`
          select f.id, f.key, f.thumb_key from stored_files f
          where f.tenant_id = ${tenantId} and f.source = 'media' and ${old}
            and not exists (select 1 from messages m where m.id = f.message_id) ${from}
          order by f.id limit ${limit}`
        : sql`
          select f.id, f.key, f.thumb_key from stored_files f
          where f.tenant_id = ${tenantId} and f.source = 'upload' and ${old}
            and left(f.key, ${prefix.length}) = ${prefix}
            and split_part(f.key, '/', 8) <> '' and split_part(f.key, '/', 9) = ''
            and exists (
              select 1 from conversations c
              where c.tenant_id = ${tenantId}
                and ${segmentOf(sql`c.work_wxid`)} = split_part(f.key, '/', 5)
                and ${segmentOf(sql`c.peer_id`)} = split_part(f.key, '/', 6)) ${from}
          order by f.id limit ${limit}`,
    ),
  );
  const files = await unreferenced(db, tenantId, before, rows);
  return { files: toDelete(files), seen: rows.length, next: rows.at(-1)?.id ?? null };
}
