import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every push to browsers, kept for resume (DESIGN.md §7). `id` is the frame's `seq`; within a
 * tenant ids commit in order (the insert holds a per-tenant advisory lock). The audience is a work
 * account (everyone who may see it) or a list of users.
 */
export const pushEvents = pgTable(
  'push_events',
  {
    // Ids start at 2: seq 1 is the "nothing yet" point a new client resumes from, so a client
    // that treats 0 as unset still resumes on a fresh database.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 2 }),
    tenantId: uuid('tenant_id').notNull(),
    audience: text('audience', { enum: ['account', 'users', 'tenant'] }).notNull(),
    workAccountId: uuid('work_account_id'),
    /** The chat an account push is about: its serving seat (and those above) receive it too. */
    conversationId: uuid('conversation_id'),
    userIds: jsonb('user_ids').$type<string[]>(),
    event: text('event').notNull(),
    data: jsonb('data').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('push_events_tenant_id').on(t.tenantId, t.id),
    index('push_events_created').on(t.createdAt),
  ],
);

/** Small counters of the realtime hub shared by every instance (e.g. the prune watermark). */
export const realtimeMarks = pgTable('realtime_marks', {
  key: text('key').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});
