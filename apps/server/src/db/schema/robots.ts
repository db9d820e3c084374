import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { KeywordMatchMode, RobotMessage } from '@cst/shared';
import { workAccounts } from './accounts.ts';
import { tenants } from './tenancy.ts';

/** A message a robot sends, resolved at save time into what the outbox stores. */
export interface RobotDraft {
  msgType: number;
  content: string;
  fileUrl?: string | null;
  fileName?: string | null;
  fileLen?: number | null;
  fileMime?: string | null;
  media?: { width?: number; height?: number; durationMs?: number } | null;
  jpegThumbnail?: string | null;
}

/** A keyword auto-reply rule of a tenant (issue 15 §3). */
export const keywordRules = pgTable(
  'keyword_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    keywords: text('keywords').array().notNull(),
    matchMode: text('match_mode').$type<KeywordMatchMode>().notNull(),
    /** Work account ids the rule answers on; empty = every account of the tenant. */
    accountIds: uuid('account_ids').array().notNull(),
    /** 1 single chats, 2 group chats. */
    talkTypes: smallint('talk_types').array().notNull(),
    mentionOnly: boolean('mention_only').notNull().default(false),
    replies: jsonb('replies').$type<RobotMessage[]>().notNull(),
    drafts: jsonb('drafts').$type<RobotDraft[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    priority: integer('priority').notNull().default(0),
    cooldownSec: integer('cooldown_sec').notNull().default(0),
    hits: integer('hits').notNull().default(0),
    lastHitAt: bigint('last_hit_at', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('keyword_rules_tenant').on(t.tenantId, t.createdAt)],
);

/**
 * A rule that answered a message: one row per rule and triggering message (the exactly-once key),
 * also the source of the cooldown per contact and the robot's per-minute count.
 */
export const keywordHits = pgTable(
  'keyword_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    ruleId: uuid('rule_id').notNull(),
    workAccountId: uuid('work_account_id')
      .notNull()
      .references(() => workAccounts.id, { onDelete: 'cascade' }),
    /** The platform id of the triggering message. */
    msgId: text('msg_id').notNull(),
    /** The conversation's peer (friend or group). */
    peerId: text('peer_id').notNull(),
    /** Who wrote it: the friend, or the group member. */
    contactWxid: text('contact_wxid').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('keyword_hits_once').on(t.ruleId, t.workAccountId, t.msgId),
    index('keyword_hits_cooldown').on(t.ruleId, t.workAccountId, t.contactWxid, t.at),
    index('keyword_hits_account_time').on(t.workAccountId, t.at),
    index('keyword_hits_peer_time').on(t.workAccountId, t.peerId, t.at),
  ],
);

/** Auto-accept settings of one work account, or the tenant default (`work_account_id` null). */
export const autoAcceptSettings = pgTable(
  'auto_accept_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    workAccountId: uuid('work_account_id').references(() => workAccounts.id, {
      onDelete: 'cascade',
    }),
    enabled: boolean('enabled').notNull().default(false),
    keywords: text('keywords').array().notNull(),
    delayMinSec: integer('delay_min_sec').notNull(),
    delayMaxSec: integer('delay_max_sec').notNull(),
    dailyCap: integer('daily_cap').notNull(),
    tagIds: uuid('tag_ids').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auto_accept_settings_account')
      .on(t.tenantId, t.workAccountId)
      .where(sql`${t.workAccountId} is not null`),
    uniqueIndex('auto_accept_settings_default')
      .on(t.tenantId)
      .where(sql`${t.workAccountId} is null`),
  ],
);

/** The greeting sent after a request is accepted, per account or the tenant default. */
export const autoAcceptGreetings = pgTable(
  'auto_accept_greetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    workAccountId: uuid('work_account_id').references(() => workAccounts.id, {
      onDelete: 'cascade',
    }),
    enabled: boolean('enabled').notNull().default(true),
    messages: jsonb('messages').$type<RobotMessage[]>().notNull(),
    drafts: jsonb('drafts').$type<RobotDraft[]>().notNull(),
    intervalSec: integer('interval_sec').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auto_accept_greetings_account')
      .on(t.tenantId, t.workAccountId)
      .where(sql`${t.workAccountId} is not null`),
    uniqueIndex('auto_accept_greetings_default')
      .on(t.tenantId)
      .where(sql`${t.workAccountId} is null`),
  ],
);

/** What a robot job does. */
export type RobotJobKind = 'accept' | 'greet' | 'reply' | 'ai';

/** Data of a robot job, by kind. */
export interface RobotJobPayload {
  /** accept: the friend request row; greet: the request that was accepted. */
  friendRequestId?: string;
  /** accept: tags for the new friend; its daily cap. */
  tagIds?: string[];
  dailyCap?: number;
  /** greet, reply: where and what to send. */
  talkType?: 1 | 2;
  peerId?: string;
  drafts?: RobotDraft[];
  /** reply: the rule and the triggering message. */
  ruleId?: string;
  msgId?: string;
}

/**
 * Robot work on the scheduler (docs/robots.md): a delayed accept, a greeting message, a keyword
 * reply. `key` is the idempotency key of its effect (unique), so a crash or a second instance
 * never repeats it; rows are claimed with `FOR UPDATE SKIP LOCKED` under a lease.
 */
export const robotJobs = pgTable(
  'robot_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id')
      .notNull()
      .references(() => workAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RobotJobKind>().notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<RobotJobPayload>().notNull(),
    dueAt: bigint('due_at', { mode: 'number' }).notNull(),
    /** queued → claimed → done | skipped. */
    state: text('state').$type<'queued' | 'claimed' | 'done' | 'skipped'>().notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: bigint('lease_until', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    result: text('result'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    doneAt: bigint('done_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('robot_jobs_key').on(t.key),
    index('robot_jobs_due')
      .on(t.dueAt)
      .where(sql`${t.state} in ('queued', 'claimed')`),
    index('robot_jobs_account_time').on(t.workAccountId, t.kind, t.createdAt),
  ],
);
