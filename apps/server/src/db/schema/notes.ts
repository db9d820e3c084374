import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { conversations } from './conversations.ts';

/**
 * A private note of a seat in a conversation (docs/notes.md): shown in the chat beside its
 * messages, never sent to the platform. Its id is taken from the messages' sequence, so a note
 * and a message never share an id and the chat orders both by id. Kept apart from `messages` so
 * the platform's paths (dispatch, receipts, history, exports, statistics) never see a note.
 */
export const conversationNotes = pgTable(
  'conversation_notes',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .default(sql`nextval('messages_id_seq')`),
    tenantId: uuid('tenant_id').notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    workAccountId: uuid('work_account_id').notNull(),
    authorId: uuid('author_id').notNull(),
    authorName: text('author_name').notNull(),
    content: text('content').notNull(),
    /** The seats mentioned: `{uid, name}` as they were when the note was written. */
    mentions: jsonb('mentions').$type<{ uid: string; name: string }[]>().notNull().default([]),
    /** Time of the note, ms since the epoch. */
    msgTime: bigint('msg_time', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_notes_conversation').on(t.conversationId, t.id)],
);

/** One day's opening hours: minutes since midnight, `from < to`. */
export interface OpenSpan {
  from: number;
  to: number;
}

/**
 * Business hours of an account group (null: the tenant's default for accounts outside any group
 * with its own), in the tenant's time zone (docs/business-hours.md).
 */
export const businessHours = pgTable(
  'business_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    accountGroupId: uuid('account_group_id'),
    enabled: boolean('enabled').notNull().default(false),
    /** Seven days, Sunday first, each a list of open spans. */
    week: jsonb('week').$type<OpenSpan[][]>().notNull(),
    /** Whole days closed (`YYYY-MM-DD` in the tenant's zone). */
    holidays: jsonb('holidays').$type<string[]>().notNull().default([]),
    reply: text('reply').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('business_hours_group')
      .on(t.tenantId, t.accountGroupId)
      .where(sql`${t.accountGroupId} is not null`),
    uniqueIndex('business_hours_default')
      .on(t.tenantId)
      .where(sql`${t.accountGroupId} is null`),
  ],
);
