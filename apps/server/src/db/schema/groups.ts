import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { workAccounts } from './accounts.ts';
import { tenants } from './tenancy.ts';

/**
 * The system notices of a work account's groups as the platform announced them: announcements,
 * members joined or left, renames. `group/notices` reads the history from here.
 */
export const chatGroupNotices = pgTable(
  'chat_group_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    workAccountId: uuid('work_account_id')
      .notNull()
      .references(() => workAccounts.id, { onDelete: 'cascade' }),
    groupId: text('group_id').notNull(),
    /** The platform's stable id of the notice (events are stored once). */
    noticeId: text('notice_id').notNull(),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    wxids: jsonb('wxids').$type<string[]>().notNull().default([]),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('chat_group_notices_account_notice').on(t.workAccountId, t.noticeId),
    index('chat_group_notices_group_at').on(t.workAccountId, t.groupId, t.at),
  ],
);
