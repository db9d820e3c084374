import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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

/**
 * Automatic assignment of new chats, per work account or per account group (the account's own
 * rule first): off, round robin or fewest open chats, among seats online and not in do not
 * disturb, each with at most `cap` open chats (null: no cap). `last_uid`: round robin's last pick.
 */
export const assignmentRules = pgTable(
  'assignment_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    scope: text('scope', { enum: ['account', 'group'] }).notNull(),
    /** The work account's or the account group's id. */
    scopeId: uuid('scope_id').notNull(),
    mode: text('mode', { enum: ['off', 'roundRobin', 'fewest'] }).notNull(),
    cap: integer('cap'),
    lastUid: uuid('last_uid'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('assignment_rules_scope').on(t.tenantId, t.scope, t.scopeId)],
);

/**
 * A seat's presence for automatic assignment: online while a console socket of it pinged lately
 * (`seen_at`, ms), and its own do-not-disturb switch.
 */
export const seatPresence = pgTable('seat_presence', {
  userId: uuid('user_id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  seenAt: bigint('seen_at', { mode: 'number' }).notNull().default(0),
  dnd: boolean('dnd').notNull().default(false),
});

/**
 * Assignments and status changes of chats, in order (the service report counts assigned and
 * resolved chats and resolution times from it). `kind` assigned (to `user_id`) or resolved.
 */
export const conversationFlowLog = pgTable(
  'conversation_flow_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    kind: text('kind', { enum: ['assigned', 'resolved'] }).notNull(),
    userId: uuid('user_id'),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('conversation_flow_log_tenant_at').on(t.tenantId, t.at),
    index('conversation_flow_log_conv').on(t.conversationId, t.id),
  ],
);
