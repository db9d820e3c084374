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

/** Translations of messages, kept so a text is sent to the provider once per language. */
export const messageTranslations = pgTable(
  'message_translations',
  {
    tenantId: uuid('tenant_id').notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    target: text('target').notNull(),
    text: text('text').notNull(),
    source: text('source').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_translations_message_target').on(t.messageId, t.target)],
);

/**
 * A seat's auto translation of a conversation: inbound text into `seat_lang`, what it sends into
 * `peer_lang` (both required when enabled).
 */
export const conversationTranslateSettings = pgTable(
  'conversation_translate_settings',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    seatLang: text('seat_lang').notNull(),
    peerLang: text('peer_lang').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('conversation_translate_settings_user_conv').on(t.userId, t.conversationId)],
);
