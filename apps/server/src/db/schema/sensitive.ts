import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A tenant's sensitive words (SPEC: sensitive word monitoring). */
export const sensitiveWords = pgTable(
  'sensitive_words',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    word: text('word').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sensitive_words_tenant_word').on(t.tenantId, sql`lower(${t.word})`)],
);

/**
 * A text message, received or sent, that contained a sensitive word. A received message is
 * recorded from the gateway event (by platform `msg_id`); its `message_id` is filled in once the
 * message row exists.
 */
export const sensitiveHits = pgTable(
  'sensitive_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    workWxid: text('work_wxid').notNull(),
    talkType: smallint('talk_type').notNull(),
    peerId: text('peer_id').notNull(),
    word: text('word').notNull(),
    messageId: bigint('message_id', { mode: 'number' }),
    msgId: text('msg_id'),
    content: text('content').notNull(),
    sendSide: smallint('send_side').notNull(),
    /** Time of the message, ms since the epoch. */
    msgTime: bigint('msg_time', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sensitive_hits_tenant_time').on(t.tenantId, t.msgTime),
    index('sensitive_hits_account_time').on(t.workAccountId, t.msgTime),
    uniqueIndex('sensitive_hits_message_word')
      .on(t.messageId, t.word)
      .where(sql`${t.messageId} is not null`),
    uniqueIndex('sensitive_hits_msg_word')
      .on(t.workAccountId, t.msgId, t.word)
      .where(sql`${t.msgId} is not null`),
  ],
);
