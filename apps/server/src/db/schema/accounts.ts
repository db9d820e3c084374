import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CONTACT_SOURCES, WORK_ACCOUNT_POOLS, WORK_ACCOUNT_STATUSES } from '@cst/shared';
import { tenants, users } from './tenancy.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id);

/** The work-account tree of a tenant (groups of accounts). */
export const accountGroups = pgTable(
  'account_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('account_groups_tenant').on(t.tenantId)],
);

/** Proxy addresses (socks5) work accounts connect through. */
export const proxies = pgTable(
  'proxies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    type: text('type', { enum: ['socks5'] })
      .notNull()
      .default('socks5'),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('proxies_tenant_addr').on(t.tenantId, t.host, t.port, t.username)],
);

/**
 * A work account: one chat-platform account of a tenant. `wxid` is the platform id, unique across
 * tenants (the gateway knows accounts by it). The lease says which server instance holds the
 * account's connection (DESIGN.md §1).
 */
export const workAccounts = pgTable(
  'work_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    wxid: text('wxid').notNull(),
    nickname: text('nickname').notNull().default(''),
    remark: text('remark').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    status: text('status', { enum: WORK_ACCOUNT_STATUSES }).notNull(),
    statusReason: text('status_reason').notNull().default(''),
    pool: text('pool', { enum: WORK_ACCOUNT_POOLS }).notNull().default('service'),
    groupId: uuid('group_id').references(() => accountGroups.id, { onDelete: 'set null' }),
    proxyId: uuid('proxy_id').references(() => proxies.id, { onDelete: 'set null' }),
    distributedTo: uuid('distributed_to').references(() => users.id, { onDelete: 'set null' }),
    addedBy: uuid('added_by'),
    firstLoginAt: timestamp('first_login_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * When the login's full read of friends and groups last completed; null until the first. The
     * first read records no `group.updated` (what an account brings is not a change); later ones
     * record what changed while the account was away (docs/groups.md).
     */
    contactsSyncedAt: timestamp('contacts_synced_at', { withTimezone: true }),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Ban risk from the platform's signals (rate limits, failed sends, disconnects): normal,
     * caution or danger. At danger its automated sends pause until a person resumes them.
     */
    risk: text('risk', { enum: ['normal', 'caution', 'danger'] })
      .notNull()
      .default('normal'),
    riskReason: text('risk_reason').notNull().default(''),
    /** Weight of the signals of the current window (restarts an hour after the last one). */
    riskScore: integer('risk_score').notNull().default(0),
    riskAt: timestamp('risk_at', { withTimezone: true }),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('work_accounts_wxid').on(t.wxid),
    index('work_accounts_tenant_status').on(t.tenantId, t.status),
    index('work_accounts_tenant_distributed').on(t.tenantId, t.distributedTo),
    index('work_accounts_lease')
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} in ('online', 'autoLoggingIn', 'loggingIn')`),
  ],
);

/** A QR login in progress, so any instance can tell whose it is (tenant, user, options). */
export const qrLogins = pgTable(
  'qr_logins',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    groupId: uuid('group_id'),
    proxyId: uuid('proxy_id'),
    wxid: text('wxid'),
    status: text('status', {
      enum: ['issued', 'scanned', 'confirmed', 'failed', 'expired', 'cancelled'],
    }).notNull(),
    message: text('message').notNull().default(''),
    qrImage: text('qr_image').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('qr_logins_tenant_status').on(t.tenantId, t.status)],
);

/**
 * A friend of a work account, synced from the platform. `source` says how the console came to have
 * the friend (CONTACT_SOURCES; 'phone' = added outside the console). `search_grams` holds every
 * character and pair of characters of the lowercased nickname and remark (`contact_grams`, a SQL
 * function of migration 0006): a GIN index on it finds a keyword anywhere in a name among hundreds
 * of thousands of friends without an extension, for Chinese names of two characters as well.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    workAccountId: uuid('work_account_id')
      .notNull()
      .references(() => workAccounts.id, { onDelete: 'cascade' }),
    wxid: text('wxid').notNull(),
    alias: text('alias').notNull().default(''),
    nickname: text('nickname').notNull().default(''),
    remark: text('remark').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    gender: text('gender', { enum: ['unknown', 'male', 'female'] })
      .notNull()
      .default('unknown'),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    signature: text('signature').notNull().default(''),
    star: boolean('star').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    blacklist: boolean('blacklist').notNull().default(false),
    source: text('source', { enum: CONTACT_SOURCES }).notNull().default('phone'),
    addedAt: timestamp('added_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchGrams: text('search_grams')
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql`contact_grams(lower("contacts"."nickname") || chr(10) || lower("contacts"."remark"))`,
      ),
  },
  (t) => [
    uniqueIndex('contacts_account_wxid').on(t.workAccountId, t.wxid),
    index('contacts_tenant').on(t.tenantId),
    // The friends list, newest first, of a tenant or of one account.
    index('contacts_tenant_added').on(t.tenantId, t.addedAt.desc().nullsLast(), t.id),
    // With the tenant in front, both equalities are index conditions: the planner then reads one
    // account's friends in order instead of the tenant's, filtered (10,000 of 255,000).
    index('contacts_account_added').on(
      t.tenantId,
      t.workAccountId,
      t.addedAt.desc().nullsLast(),
      t.id,
    ),
    // Updated in place on each write: PGlite has no autovacuum to flush a pending list, and a
    // search would read the whole pending list every time.
    index('contacts_search').using('gin', t.searchGrams).with({ fastupdate: false }),
    index('contacts_wxid_prefix').on(t.wxid.op('text_pattern_ops')),
  ],
);

/**
 * How many friends each work account has: kept by statement triggers on `contacts` (migration
 * 0006, as conversation_counts) so the friends list's unfiltered total is a few rows to add, not
 * a count of 250,000 rows on every page.
 */
export const contactCounts = pgTable(
  'contact_counts',
  {
    workAccountId: uuid('work_account_id').primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [index('contact_counts_tenant').on(t.tenantId)],
);

/**
 * How many friends of each work account have each character or pair of characters in their
 * nickname or remark (`contacts.search_grams`): kept by statement triggers on `contacts`
 * (migration 0006). The total of a one- or two-character keyword (a surname, most names) is then
 * a sum over the accounts, not a visit to each of thousands of matching rows.
 */
export const contactGramCounts = pgTable(
  'contact_gram_counts',
  {
    workAccountId: uuid('work_account_id').notNull(),
    gram: text('gram').notNull(),
    tenantId: uuid('tenant_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.gram] }),
    index('contact_gram_counts_tenant_gram').on(t.tenantId, t.gram),
  ],
);

/** A group chat a work account is in. */
export const chatGroups = pgTable(
  'chat_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    workAccountId: uuid('work_account_id')
      .notNull()
      .references(() => workAccounts.id, { onDelete: 'cascade' }),
    groupId: text('group_id').notNull(),
    name: text('name').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    ownerWxid: text('owner_wxid').notNull().default(''),
    notice: text('notice').notNull().default(''),
    myCard: text('my_card').notNull().default(''),
    memberCount: integer('member_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_groups_account_group').on(t.workAccountId, t.groupId),
    index('chat_groups_tenant').on(t.tenantId),
  ],
);

/** A member of a group chat. */
export const chatGroupMembers = pgTable(
  'chat_group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    chatGroupId: uuid('chat_group_id')
      .notNull()
      .references(() => chatGroups.id, { onDelete: 'cascade' }),
    wxid: text('wxid').notNull(),
    nickname: text('nickname').notNull().default(''),
    card: text('card').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    isOwner: boolean('is_owner').notNull().default(false),
    /** A group admin (set by the owner): may remove members, mute and post the announcement. */
    isAdmin: boolean('is_admin').notNull().default(false),
    isFriend: boolean('is_friend').notNull().default(false),
    banned: boolean('banned').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('chat_group_members_group_wxid').on(t.chatGroupId, t.wxid)],
);
