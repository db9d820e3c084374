import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { conversations, sensitiveHits, sensitiveWords, tenants } from '../../db/schema/index.ts';
import type { SensitiveMode } from '@cst/shared';
import type { DbOrTx } from '../../platform/db.ts';
import type { ConvScope } from '../conversations/index.ts';

export type SensitiveWordRow = typeof sensitiveWords.$inferSelect;
export type SensitiveHitRow = typeof sensitiveHits.$inferSelect;

function likeOf(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of a tenant's words, newest first. */
export async function listWords(
  db: DbOrTx,
  tenantId: string,
  page: number,
  pageSize: number,
  keyword?: string,
) {
  const conds: SQL[] = [eq(sensitiveWords.tenantId, tenantId)];
  if (keyword) conds.push(sql`${sensitiveWords.word} ilike ${likeOf(keyword)}`);
  const where = and(...conds);
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(sensitiveWords)
      .where(where)
      .orderBy(desc(sensitiveWords.createdAt), asc(sensitiveWords.word))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sensitiveWords)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Every word of a tenant. */
export async function allWords(db: DbOrTx, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ word: sensitiveWords.word })
    .from(sensitiveWords)
    .where(eq(sensitiveWords.tenantId, tenantId))
    .orderBy(asc(sensitiveWords.createdAt));
  return rows.map((r) => r.word);
}

/** How many words a tenant has. */
export async function countWords(db: DbOrTx, tenantId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sensitiveWords)
    .where(eq(sensitiveWords.tenantId, tenantId));
  return rows[0]?.n ?? 0;
}

/** Adds words; ones already there (in any letter case) are skipped. Returns how many were new. */
export async function addWords(db: DbOrTx, tenantId: string, words: string[]): Promise<number> {
  if (words.length === 0) return 0;
  const rows = await db
    .insert(sensitiveWords)
    .values(words.map((word) => ({ tenantId, word })))
    .onConflictDoNothing()
    .returning({ id: sensitiveWords.id });
  return rows.length;
}

/** Deletes words by id. */
export async function deleteWords(db: DbOrTx, tenantId: string, ids: string[]): Promise<number> {
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/.test(id));
  if (valid.length === 0) return 0;
  const rows = await db
    .delete(sensitiveWords)
    .where(and(eq(sensitiveWords.tenantId, tenantId), inArray(sensitiveWords.id, valid)))
    .returning({ id: sensitiveWords.id });
  return rows.length;
}

/** Records hits (a message recorded twice for a word is kept once). */
export async function insertHits(db: DbOrTx, rows: (typeof sensitiveHits.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(sensitiveHits).values(rows).onConflictDoNothing();
}

/** Links hits of received messages to their stored rows (by platform id) once they exist. */
export async function linkHits(db: DbOrTx, tenantId: string): Promise<void> {
  await db.execute(sql`
    update sensitive_hits h set message_id = m.id
    from messages m
    where h.tenant_id = ${tenantId} and h.message_id is null and h.msg_id is not null
      and m.work_account_id = h.work_account_id and m.msg_id = h.msg_id`);
}

/** Where a read of the hits stopped: the last row's message time and id. */
export interface HitCursor {
  msgTime: number;
  id: string;
}

/** The hits of a scope (optionally one work account); null when the scope sees no account. */
function hitConds(scope: ConvScope, workAccountId: string | null): SQL[] | null {
  const conds: SQL[] = [eq(sensitiveHits.tenantId, scope.tenantId)];
  if (scope.accountIds !== 'all') {
    if (scope.accountIds.length === 0) return null;
    conds.push(inArray(sensitiveHits.workAccountId, scope.accountIds));
  }
  if (workAccountId) conds.push(eq(sensitiveHits.workAccountId, workAccountId));
  return conds;
}

/** Hits with their chat's name, newest first (message time, then id, both descending). */
function selectHits(db: DbOrTx, conds: SQL[]) {
  return db
    .select({
      hit: sensitiveHits,
      nickname: conversations.nickname,
      remark: conversations.remark,
      // Who sent a sent message (its stored sender) and the work account's name: one index
      // lookup each per row of the page.
      senderName: sql<string | null>`(select m.sender_name from messages m
        where m.id = ${sensitiveHits.messageId} and ${sensitiveHits.sendSide} = 1)`,
      accountName: sql<string | null>`(select coalesce(nullif(wa.remark, ''), wa.nickname)
        from work_accounts wa where wa.id = ${sensitiveHits.workAccountId})`,
    })
    .from(sensitiveHits)
    .leftJoin(
      conversations,
      and(
        eq(conversations.workAccountId, sensitiveHits.workAccountId),
        eq(conversations.talkType, sensitiveHits.talkType),
        eq(conversations.peerId, sensitiveHits.peerId),
      ),
    )
    .where(and(...conds))
    .orderBy(desc(sensitiveHits.msgTime), desc(sensitiveHits.id));
}

/** A page of hits within a scope (optionally one work account), newest first. */
export async function listHits(
  db: DbOrTx,
  scope: ConvScope,
  workAccountId: string | null,
  page: number,
  pageSize: number,
) {
  const conds = hitConds(scope, workAccountId);
  if (!conds) return { rows: [], total: 0 };
  const [rows, count] = await Promise.all([
    selectHits(db, conds)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sensitiveHits)
      .where(and(...conds)),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/**
 * The hits after a cursor, in the order of {@link listHits}, for an export: each chunk continues
 * after the previous one's last row instead of skipping every row before it, and counts nothing.
 */
export async function hitsAfter(
  db: DbOrTx,
  scope: ConvScope,
  workAccountId: string | null,
  after: HitCursor | null,
  size: number,
) {
  const conds = hitConds(scope, workAccountId);
  if (!conds) return [];
  if (after) {
    conds.push(
      sql`(${sensitiveHits.msgTime}, ${sensitiveHits.id}) < (${after.msgTime}::bigint, ${after.id}::uuid)`,
    );
  }
  return selectHits(db, conds).limit(size);
}

/** What a seat's send with a sensitive word does in a tenant. */
export async function tenantMode(db: DbOrTx, tenantId: string): Promise<SensitiveMode> {
  const rows = await db
    .select({ mode: tenants.sensitiveMode })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return rows[0]?.mode ?? 'record';
}

/** Sets what a seat's send with a sensitive word does in a tenant. */
export async function setTenantMode(db: DbOrTx, tenantId: string, mode: SensitiveMode) {
  await db.update(tenants).set({ sensitiveMode: mode }).where(eq(tenants.id, tenantId));
}
