import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Messages hidden for a whole tenant (`/api/v1/talk/delete`); the platform keeps them. */
export const messageHides = pgTable(
  'message_hides',
  {
    tenantId: uuid('tenant_id').notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_hides_message').on(t.messageId),
    index('message_hides_tenant').on(t.tenantId),
  ],
);

/** A user's collection (`/api/v1/talk/collect`). */
export const messageCollections = pgTable(
  'message_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_collections_user_message').on(t.userId, t.messageId),
    index('message_collections_tenant_user').on(t.tenantId, t.userId, t.createdAt),
  ],
);

/** A work account's vote on a poll message (SPEC §4 vote). */
export const messageVotes = pgTable(
  'message_votes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    recordId: text('record_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    workWxid: text('work_wxid').notNull(),
    /** Option keys, joined by a comma. */
    options: text('options').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_votes_message').on(t.messageId),
    index('message_votes_record').on(t.tenantId, t.recordId),
  ],
);
