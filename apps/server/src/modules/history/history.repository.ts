import { and, asc, desc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { conversations, messages } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { type ConvScope, notHidden } from '../conversations/index.ts';

/** Filters of the history search. */
export interface HistoryFilter {
  keyword?: string;
  workAccountId?: string;
  peerId?: string;
  talkType?: number;
  msgType?: number;
  startTime?: number;
  endTime?: number;
}

/** A page of messages of the visible accounts matching the filters, newest first. */
export async function search(
  db: DbOrTx,
  scope: ConvScope,
  f: HistoryFilter,
  page: number,
  pageSize: number,
) {
  const conds: SQL[] = [eq(messages.tenantId, scope.tenantId), notHidden()];
  if (scope.accountIds !== 'all') {
    if (scope.accountIds.length === 0) return { rows: [], total: 0 };
    conds.push(inArray(messages.workAccountId, scope.accountIds));
  }
  if (f.workAccountId) conds.push(eq(messages.workAccountId, f.workAccountId));
  if (f.peerId) conds.push(eq(conversations.peerId, f.peerId));
  if (f.talkType) conds.push(eq(conversations.talkType, f.talkType));
  if (f.msgType) conds.push(eq(messages.msgType, f.msgType));
  if (f.startTime !== undefined) conds.push(gte(messages.msgTime, f.startTime));
  if (f.endTime !== undefined) conds.push(lte(messages.msgTime, f.endTime));
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(${messages.content} ilike ${like} or ${messages.fileName} ilike ${like})`);
  }
  const where = and(...conds);
  const [rows, count] = await Promise.all([
    db
      .select({ m: messages, conv: conversations })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(where)
      .orderBy(desc(messages.msgTime), desc(messages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Messages of a conversation just before (newest first) or after (oldest first) a message. */
export async function neighbours(
  db: DbOrTx,
  conversationId: string,
  messageId: number,
  side: 'before' | 'after',
  limit: number,
) {
  if (limit <= 0) return [];
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        side === 'before' ? lt(messages.id, messageId) : gt(messages.id, messageId),
        notHidden(),
      ),
    )
    .orderBy(side === 'before' ? desc(messages.id) : asc(messages.id))
    .limit(limit);
}
