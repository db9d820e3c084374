import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FriendRequestDirection, FriendRequestOrigin, FriendRequestStatus } from '@cst/shared';
import { workAccounts } from './accounts.ts';
import { tenants, users } from './tenancy.ts';

/**
 * A friend request of a work account (DESIGN.md §5): received (`in`, from a gateway
 * `friendRequest` event) or sent (`out`, by the console), with SPEC §4's status.
 */
export const friendRequests = pgTable(
  'friend_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    workAccountId: uuid('work_account_id')
      .notNull()
      .references(() => workAccounts.id, { onDelete: 'cascade' }),
    direction: text('direction').$type<FriendRequestDirection>().notNull(),
    /** The other person. */
    wxid: text('wxid').notNull(),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    verifyContent: text('verify_content').notNull().default(''),
    /** How the person found the account, or was found (platform words: search, group, …). */
    source: text('source').notNull().default(''),
    /** How the console took part (manual, task, autoAccept): the source of the friend it brings. */
    origin: text('origin').$type<FriendRequestOrigin>(),
    /** SPEC §4: 1 requested, 2 failed with reason, 3 added, 4 already friend. */
    status: smallint('status').$type<FriendRequestStatus>().notNull(),
    /** The platform's reason of a failure, or empty when `reason_key` says it. */
    reason: text('reason').notNull().default(''),
    /** A message key of the console's own reasons (declined, expired), shown in the reader's language. */
    reasonKey: text('reason_key'),
    /** The platform's id of the request. */
    platformRequestId: text('platform_request_id'),
    /** The group a sent request's person was found in. */
    groupId: text('group_id'),
    /** Who sent, accepted or declined it on the console. */
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A received request that arrived pending and that the auto-accept rule has not decided yet
     * (however it arrived: live event or the sync on login); cleared in the decision's
     * transaction, so each request reaches the rule exactly once.
     */
    autoAcceptPending: boolean('auto_accept_pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('friend_requests_platform_id')
      .on(t.workAccountId, t.direction, t.platformRequestId)
      .where(sql`${t.platformRequestId} is not null`),
    uniqueIndex('friend_requests_sent_to')
      .on(t.workAccountId, t.wxid)
      .where(sql`${t.direction} = 'out'`),
    index('friend_requests_tenant_time').on(t.tenantId, t.createdAt),
    index('friend_requests_account_time').on(t.workAccountId, t.createdAt),
    index('friend_requests_auto_accept_pending')
      .on(t.workAccountId, t.createdAt)
      .where(sql`${t.autoAcceptPending}`),
  ],
);
