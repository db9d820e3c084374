import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { MSG_TYPE } from '@cst/shared';
import {
  conversations,
  messageCollections,
  messageHides,
  messages,
  messageVotes,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { notHidden, type ConvScope } from '../conversations/index.ts';

export type VoteRow = typeof messageVotes.$inferSelect;

/** Hides messages for a tenant; returns the ids newly hidden. */
export async function hide(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  messageIds: number[],
): Promise<number[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .insert(messageHides)
    .values(messageIds.map((messageId) => ({ tenantId, messageId, userId })))
    .onConflictDoNothing()
    .returning({ id: messageHides.messageId });
  return rows.map((r) => r.id);
}

/** Adds a message to a user's collection (once); returns the collection row's id. */
export async function collect(db: DbOrTx, tenantId: string, userId: string, messageId: number) {
  await db.insert(messageCollections).values({ tenantId, userId, messageId }).onConflictDoNothing();
  const rows = await db
    .select({ id: messageCollections.id })
    .from(messageCollections)
    .where(
      and(
        eq(messageCollections.tenantId, tenantId),
        eq(messageCollections.userId, userId),
        eq(messageCollections.messageId, messageId),
      ),
    )
    .limit(1);
  return rows[0]!.id;
}

/** Removes collection rows of a user. */
export async function uncollect(db: DbOrTx, tenantId: string, userId: string, ids: string[]) {
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/.test(id));
  if (valid.length === 0) return 0;
  const rows = await db
    .delete(messageCollections)
    .where(
      and(
        eq(messageCollections.tenantId, tenantId),
        eq(messageCollections.userId, userId),
        inArray(messageCollections.id, valid),
      ),
    )
    .returning({ id: messageCollections.id });
  return rows.length;
}

function accountCondition(scope: ConvScope) {
  if (scope.accountIds === 'all') return sql`true`;
  if (scope.accountIds.length === 0) return sql`false`;
  return inArray(messages.workAccountId, scope.accountIds);
}

/** A page of a user's collection (messages still visible), newest first. */
export async function collections(
  db: DbOrTx,
  scope: ConvScope,
  userId: string,
  page: number,
  pageSize: number,
) {
  const where = and(
    eq(messageCollections.tenantId, scope.tenantId),
    eq(messageCollections.userId, userId),
    accountCondition(scope),
    notHidden(),
  );
  const [rows, count] = await Promise.all([
    db
      .select({ c: messageCollections, m: messages, conv: conversations })
      .from(messageCollections)
      .innerJoin(messages, eq(messages.id, messageCollections.messageId))
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(where)
      .orderBy(desc(messageCollections.createdAt), desc(messageCollections.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(messageCollections)
      .innerJoin(messages, eq(messages.id, messageCollections.messageId))
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Poll messages of a tenant carrying a vote record id (most recent first). */
export async function pollsByRecord(db: DbOrTx, tenantId: string, recordId: string) {
  const pattern = `%${recordId.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.msgType, MSG_TYPE.app),
        like(messages.content, pattern),
        notHidden(),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(20);
}

/** The vote a message's work account cast on a poll message. */
export async function voteOf(db: DbOrTx, tenantId: string, messageId: number) {
  const rows = await db
    .select()
    .from(messageVotes)
    .where(and(eq(messageVotes.tenantId, tenantId), eq(messageVotes.messageId, messageId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Records a vote; null when the message already has one. */
export async function insertVote(
  db: DbOrTx,
  row: typeof messageVotes.$inferInsert,
): Promise<VoteRow | null> {
  const rows = await db.insert(messageVotes).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** A page of the forwarded chat records (type 21) of a conversation, newest first. */
export async function forwardRecords(
  db: DbOrTx,
  conversationId: string,
  page: number,
  pageSize: number,
) {
  const where = and(
    eq(messages.conversationId, conversationId),
    eq(messages.msgType, MSG_TYPE.forward),
    eq(messages.revoked, false),
    notHidden(),
  );
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}
