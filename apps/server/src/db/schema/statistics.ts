import { sql } from 'drizzle-orm';
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
 * Links of tags to contacts gained (by the link's `created_at`) and lost (`contact_tag_removals`)
 * per work account, tag and tenant day: kept by triggers on `contact_tags` and `contacts`
 * (hand-written in this table's migration), rebuilt by the backfill.
 */
export const statTagDaily = pgTable(
  'stat_tag_daily',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    added: integer('added').notNull().default(0),
    removed: integer('removed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.tagId, t.day] }),
    index('stat_tag_daily_tenant_day').on(t.tenantId, t.day),
  ],
);

/**
 * The links of a tag carried by a work account now (the net of all its `stat_tag_daily` days):
 * the tag report's contacts at the end of a range are this less the net of later days, so it
 * reads no history before the range. Kept by triggers on `stat_tag_daily` (migration 0027).
 */
export const statTagTotal = pgTable(
  'stat_tag_total',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.tagId] }),
    index('stat_tag_total_tenant').on(t.tenantId),
  ],
);

/**
 * `stat_tag_daily` summed over the tenant's existing work accounts, per tag and day: what the tag
 * report reads when it covers the whole tenant (a tenth of the rows with ten accounts; a deleted
 * account's rows leave it as the account goes). Kept by triggers on `stat_tag_daily` and
 * `work_accounts` (migration 0027).
 */
export const statTagDay = pgTable(
  'stat_tag_day',
  {
    tenantId: uuid('tenant_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    added: integer('added').notNull().default(0),
    removed: integer('removed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tagId, t.day] }),
    index('stat_tag_day_tenant_day').on(t.tenantId, t.day),
  ],
);

/**
 * `stat_tag_daily` summed over the tenant's existing tags, per work account and day (a deleted
 * tag's rows leave it as the tag goes): the tag report's per-account figures. Kept by triggers on
 * `stat_tag_daily` and `tags` (migration 0027).
 */
export const statTagAccountDay = pgTable(
  'stat_tag_account_day',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    added: integer('added').notNull().default(0),
    removed: integer('removed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.day] }),
    index('stat_tag_account_day_tenant_day').on(t.tenantId, t.day),
  ],
);

/**
 * A tag taken off a contact (untagged, the contact deleted, or the tag deleted): written by the
 * triggers, the raw rows of the tag report's losses.
 */
export const contactTagRemovals = pgTable(
  'contact_tag_removals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_tag_removals_tenant_time').on(t.tenantId, t.removedAt)],
);

/**
 * Red packets (type 16) and transfers (type 17) per work account and tenant day, by type,
 * direction and transfer state (0 for red packets): how many, their amount in cents, and how
 * many told an amount. Kept by triggers on `messages` (migration), rebuilt by the backfill.
 */
export const statMoneyDaily = pgTable(
  'stat_money_daily',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    msgType: smallint('msg_type').notNull(),
    sendSide: smallint('send_side').notNull(),
    state: smallint('state').notNull(),
    n: integer('n').notNull().default(0),
    priced: integer('priced').notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.day, t.msgType, t.sendSide, t.state] }),
    index('stat_money_daily_tenant_day').on(t.tenantId, t.day),
  ],
);

/**
 * Every change of a work account's status (login, logout, ban, kick-out…), written by a trigger
 * on `work_accounts` in the statement that changes it, whatever the write path: the raw rows of
 * the login report and of its online time.
 */
export const accountStatusLog = pgTable(
  'account_status_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    status: text('status').notNull(),
    /** The status before (null for a new account). */
    prevStatus: text('prev_status'),
    reason: text('reason').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_status_log_account_at').on(t.workAccountId, t.at),
    index('account_status_log_tenant_at').on(t.tenantId, t.at),
  ],
);

/**
 * Logins, logouts, bans and kick-outs per work account and tenant day, and the time online of the
 * account's closed sessions (`online_ms`, split at the tenant's midnights; the open session is
 * added at read time): kept by triggers on `account_status_log` (migrations 0023, 0027), rebuilt
 * by the backfill.
 */
export const statLoginDaily = pgTable(
  'stat_login_daily',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    logins: integer('logins').notNull().default(0),
    logouts: integer('logouts').notNull().default(0),
    bans: integer('bans').notNull().default(0),
    kickouts: integer('kickouts').notNull().default(0),
    onlineMs: bigint('online_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.day] }),
    index('stat_login_daily_tenant_day').on(t.tenantId, t.day),
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

/**
 * The turns of the single chats (the service report, docs/statistics.md): a run of received
 * messages (robots' left out), begun at `start_t`/`start_id` (ms, message id) on `day` (the
 * tenant's), with `n_in` messages, answered by the first other message after it (`reply_*`, null
 * while unanswered) sent by `seat` (null: from the phone). Kept by the message triggers, which
 * recompute a chat's turns from the one a write touches (hand-written in this table's migration);
 * the backfill rebuilds them.
 */
export const statServiceTurns = pgTable(
  'stat_service_turns',
  {
    conversationId: uuid('conversation_id').notNull(),
    startT: bigint('start_t', { mode: 'number' }).notNull(),
    startId: bigint('start_id', { mode: 'number' }).notNull(),
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    nIn: integer('n_in').notNull(),
    replyT: bigint('reply_t', { mode: 'number' }),
    replyId: bigint('reply_id', { mode: 'number' }),
    seat: uuid('seat'),
    firstOfDay: boolean('first_of_day').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.startT, t.startId] }),
    index('stat_service_turns_tenant').on(t.tenantId),
    // The service report's median first response: each chat's answered first turn of a day.
    index('stat_service_turns_first')
      .on(t.tenantId, t.day)
      .where(sql`${t.firstOfDay} and ${t.replyT} is not null`),
  ],
);

/**
 * Service figures per work account, seat and day: messages the seat sent and chats it sent to
 * (`served`), and of the turns it answered that began that day: received messages, turns and
 * their response time summed (ms), the same for each chat's first turn of the day. Kept by the
 * message triggers with the turns; unanswered turns are counted from `stat_service_turns`.
 */
export const statServiceDaily = pgTable(
  'stat_service_daily',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    seatId: uuid('seat_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull().default(0),
    served: integer('served').notNull().default(0),
    received: integer('received').notNull().default(0),
    rN: integer('r_n').notNull().default(0),
    rMs: bigint('r_ms', { mode: 'number' }).notNull().default(0),
    frN: integer('fr_n').notNull().default(0),
    frMs: bigint('fr_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.day, t.seatId] }),
    index('stat_service_daily_tenant_day').on(t.tenantId, t.day),
  ],
);

/**
 * Turns nothing answered yet per work account and the day they began (at most one per chat: its
 * last), kept with `stat_service_turns` by the message triggers: the service report's
 * `unanswered`, counted for the account's seat of the moment (chats a transfer gave to a seat
 * are moved to it when read).
 */
export const statServiceOpen = pgTable(
  'stat_service_open',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.day] }),
    index('stat_service_open_tenant').on(t.tenantId),
  ],
);

/**
 * The service flow log (`conversation_flow_log`) as the service report reads it: each row with
 * its tenant day and, for a resolution, the time to resolve (ms from the first turn after the
 * chat's previous resolution; null when no turn began since). Kept by triggers on the log and,
 * through the turns, on `messages` (hand-written in this table's migration); the backfill and a
 * change of time zone rebuild it.
 */
export const statServiceFlow = pgTable(
  'stat_service_flow',
  {
    flowId: bigint('flow_id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    seat: uuid('seat'),
    kind: text('kind').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ms: bigint('ms', { mode: 'number' }),
  },
  (t) => [
    index('stat_service_flow_tenant_day').on(t.tenantId, t.day),
    index('stat_service_flow_conv').on(t.conversationId, t.at),
  ],
);

/**
 * `stat_friend_daily` folded per work account and day, the sources in columns (`other`: a source
 * outside the four, counted in the totals only): the friend reports read a row per account and
 * day instead of one per source. Kept by statement triggers on `stat_friend_daily` itself
 * (hand-written in this table's migration), so every path that moves a friend count moves it.
 */
export const statFriendDay = pgTable(
  'stat_friend_day',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    addedManual: integer('added_manual').notNull().default(0),
    addedTask: integer('added_task').notNull().default(0),
    addedAutoAccept: integer('added_auto_accept').notNull().default(0),
    addedPhone: integer('added_phone').notNull().default(0),
    addedOther: integer('added_other').notNull().default(0),
    removedManual: integer('removed_manual').notNull().default(0),
    removedTask: integer('removed_task').notNull().default(0),
    removedAutoAccept: integer('removed_auto_accept').notNull().default(0),
    removedPhone: integer('removed_phone').notNull().default(0),
    removedOther: integer('removed_other').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.day] }),
    index('stat_friend_day_tenant_day').on(t.tenantId, t.day),
  ],
);

/**
 * The service report's flow figures per work account, seat and day: chats assigned to the seat,
 * resolved while it was the assignee, and the samples of its two medians as they are (ms, in
 * ascending order): the timed resolutions' times to resolve (`stat_service_flow`) and the
 * response times of the chats' first turns of the day it answered (`stat_service_turns`). The
 * report reads a row per account, seat and day and takes the medians of the merged samples
 * (`samples`: both lists as JSON text, which PGlite copies instead of converting each number).
 * Kept by triggers on those two tables (hand-written in this table's migration); a cell whose
 * figures are all gone is deleted.
 */
export const statFlowDay = pgTable(
  'stat_flow_day',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    seat: uuid('seat').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    assigned: integer('assigned').notNull().default(0),
    resolved: integer('resolved').notNull().default(0),
    resolveMs: bigint('resolve_ms', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    firstMs: bigint('first_ms', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The two lists as the report reads them, JSON `[[…resolveMs],[…firstMs]]` (kept with them). */
    samples: text('samples').notNull().default('[[],[]]'),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.seat, t.day] }),
    index('stat_flow_day_tenant_day').on(t.tenantId, t.day),
  ],
);

/**
 * `stat_money_daily` folded per work account, day and type (16 red packet, 17 transfer):
 * messages, those sent, those with an amount, the amount (cents), and for transfers the count
 * and amount per state 1–4 (`n1`…`n4`, `c1`…`c4`). The eft and redpacket reports read a row per
 * account and day instead of one per direction and state. Kept by row triggers on
 * `stat_money_daily` (hand-written in this table's migration).
 */
export const statMoneyDay = pgTable(
  'stat_money_day',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    msgType: smallint('msg_type').notNull(),
    n: integer('n').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    priced: integer('priced').notNull().default(0),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
    n1: integer('n1').notNull().default(0),
    n2: integer('n2').notNull().default(0),
    n3: integer('n3').notNull().default(0),
    n4: integer('n4').notNull().default(0),
    c1: bigint('c1', { mode: 'number' }).notNull().default(0),
    c2: bigint('c2', { mode: 'number' }).notNull().default(0),
    c3: bigint('c3', { mode: 'number' }).notNull().default(0),
    c4: bigint('c4', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.day, t.msgType] }),
    index('stat_money_day_tenant_type_day').on(t.tenantId, t.msgType, t.day),
  ],
);

/**
 * Sent friend requests (`stat_friend_request_daily`, direction out) folded per work account and
 * day, by current status: all, failed (2), added (3), already friends (4); the others count as
 * requested. Kept by row triggers on `stat_friend_request_daily` (hand-written in this table's
 * migration).
 */
export const statRequestDay = pgTable(
  'stat_request_day',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    added: integer('added').notNull().default(0),
    already: integer('already').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.day] }),
    index('stat_request_day_tenant_day').on(t.tenantId, t.day),
  ],
);
