import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A seat handing a conversation, or every conversation of a work account, to another seat
 * (SPEC §4 seat transfer: pending receipt → accepted | revoked). `conversation_id` is null for a
 * whole account.
 */
export const serviceTransfers = pgTable(
  'service_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    scope: text('scope', { enum: ['conversation', 'account'] }).notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    conversationId: uuid('conversation_id'),
    fromUserId: uuid('from_user_id').notNull(),
    toUserId: uuid('to_user_id').notNull(),
    note: text('note').notNull().default(''),
    state: text('state', { enum: ['pending', 'accepted', 'revoked'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('service_transfers_to').on(t.tenantId, t.toUserId, t.createdAt),
    index('service_transfers_from').on(t.tenantId, t.fromUserId, t.createdAt),
    // One pending transfer per conversation (or per whole account) at a time.
    uniqueIndex('service_transfers_one_pending')
      .on(t.workAccountId, sql`coalesce(${t.conversationId}::text, '')`)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * Who served a conversation, and when (the service statistics read it): a row per seat and
 * stretch, `ended_at` null while it still serves. Written when a transfer is accepted.
 */
export const conversationServiceLog = pgTable(
  'conversation_service_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    userId: uuid('user_id').notNull(),
    transferId: uuid('transfer_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('conversation_service_log_conv').on(t.conversationId, t.startedAt),
    index('conversation_service_log_user').on(t.tenantId, t.userId, t.startedAt),
  ],
);
