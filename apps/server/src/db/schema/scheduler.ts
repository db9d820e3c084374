import { bigint, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The pacing state of one lane of the scheduler (apps/server/src/scheduler, docs/scheduler.md):
 * a lane is what a pace and a daily cap apply to, e.g. one work account's friend requests
 * (`fanAdd:<account id>`). A claim locks the lane row (`FOR UPDATE SKIP LOCKED`) in the same
 * transaction that marks the work rows, so two instances never pace or count one lane at once.
 * Times are epoch milliseconds of the server's clock (`deps.now()`), never the database's.
 */
export const schedulerLanes = pgTable('scheduler_lanes', {
  key: text('key').primaryKey(),
  /** The tenant the lane's work belongs to (null for platform-wide lanes). */
  tenantId: uuid('tenant_id'),
  /** The day `used` counts (YYYY-MM-DD in the scheduler's day zone). */
  day: text('day').notNull(),
  /** Effects claimed on `day`. */
  used: integer('used').notNull().default(0),
  /** The lane may claim again from this time on. */
  nextAt: bigint('next_at', { mode: 'number' }).notNull().default(0),
});
