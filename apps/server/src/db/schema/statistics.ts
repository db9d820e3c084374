import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';

/**
 * Messages per work account and day (the tenant's time zone), by type, direction and robot flag.
 * Kept by triggers on `messages` in the statement that writes them (hand-written in this table's
 * migration); `backfillStatistics` rebuilds it from the raw rows.
 */
export const statMessageDaily = pgTable(
  'stat_message_daily',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    msgType: smallint('msg_type').notNull(),
    sendSide: smallint('send_side').notNull(),
    robot: boolean('robot').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.day, t.msgType, t.sendSide, t.robot] }),
    index('stat_message_daily_tenant_day').on(t.tenantId, t.day),
  ],
);

/**
 * Friends gained (by `added_at`) and lost (`contact_removals`) per work account, day and source:
 * kept by triggers on `contacts` (migration), rebuilt by the backfill.
 */
export const statFriendDaily = pgTable(
  'stat_friend_daily',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    added: integer('added').notNull().default(0),
    removed: integer('removed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.day, t.source] }),
    index('stat_friend_daily_tenant_day').on(t.tenantId, t.day),
  ],
);

/**
 * A friend that left a work account's list (deleted by the account or by the contact, or gone on
 * a sync): written by a trigger on `contacts` deletes, the raw rows of the lost-friends report.
 */
export const contactRemovals = pgTable(
  'contact_removals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    wxid: text('wxid').notNull(),
    source: text('source').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_removals_tenant_time').on(t.tenantId, t.removedAt)],
);

/**
 * Friend requests per work account and day of creation, by direction, origin ('' when none) and
 * current status: kept by triggers on `friend_requests` (a status change moves the count).
 */
export const statFriendRequestDaily = pgTable(
  'stat_friend_request_daily',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    direction: text('direction').notNull(),
    origin: text('origin').notNull(),
    status: smallint('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.day, t.direction, t.origin, t.status] }),
    index('stat_friend_request_daily_tenant_day').on(t.tenantId, t.day),
  ],
);

/**
 * Messages per work account and day, all types and directions folded into columns: what the
 * message report reads (one row per account and day instead of one per type, direction and robot
 * flag). Kept by statement triggers on `stat_message_daily` (hand-written in its migration), so
 * it always equals that table's sums, through the backfill too.
 */
export const statMessageDay = pgTable(
  'stat_message_day',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull().default(0),
    received: integer('received').notNull().default(0),
    robot: integer('robot').notNull().default(0),
    text: integer('text').notNull().default(0),
    image: integer('image').notNull().default(0),
    voice: integer('voice').notNull().default(0),
    video: integer('video').notNull().default(0),
    emoticon: integer('emoticon').notNull().default(0),
    document: integer('document').notNull().default(0),
    other: integer('other').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.day] }),
    index('stat_message_day_tenant_day').on(t.tenantId, t.day),
  ],
);
