import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workAccounts } from './accounts.ts';
import { messages } from './conversations.ts';
import { tenants } from './tenancy.ts';

/**
 * A tenant's AI settings (docs/ai.md): its own OpenAI-compatible provider (all null = the
 * platform's AI_* default), the key sealed by the settings secret box (context
 * `tenant:<id>:ai.apiKey`, never returned; `api_key_hint` is what the console shows), and its
 * monthly token budget (null = none).
 */
export const aiSettings = pgTable('ai_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** false: the tenant turned AI off even where the platform has a provider. */
  enabled: boolean('enabled').notNull().default(true),
  baseUrl: text('base_url'),
  model: text('model'),
  sttModel: text('stt_model'),
  apiKeySealed: text('api_key_sealed'),
  apiKeyHint: text('api_key_hint'),
  monthlyTokenBudget: integer('monthly_token_budget'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Tokens a tenant's AI calls used, per month (`YYYY-MM`, UTC) and feature. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    feature: text('feature').notNull(),
    calls: integer('calls').notNull().default(0),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull().default(0),
    completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.month, t.feature] })],
);

/** The AI robot of one work account (API.md "AI": `ai-reply/save`). */
export const aiRobotSettings = pgTable(
  'ai_robot_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    workAccountId: uuid('work_account_id')
      .notNull()
      .references(() => workAccounts.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    instructions: text('instructions').notNull().default(''),
    handoffKeywords: text('handoff_keywords').array().notNull(),
    maxRepliesPerConversation: integer('max_replies_per_conversation').notNull(),
    replyDelaySec: integer('reply_delay_sec').notNull().default(0),
    /** Libraries the robot may draw on: `phrases`, `materials`. */
    libraries: text('libraries').array().notNull(),
    dailyCap: integer('daily_cap').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_robot_settings_account').on(t.workAccountId)],
);

/**
 * The AI robot in one single chat: how many replies it sent, and when it handed the chat over
 * to the seats (then it stays silent there until a manager turns it back on for the chat).
 */
export const aiRobotChats = pgTable(
  'ai_robot_chats',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id')
      .notNull()
      .references(() => workAccounts.id, { onDelete: 'cascade' }),
    peerId: text('peer_id').notNull(),
    replies: integer('replies').notNull().default(0),
    handedOverAt: bigint('handed_over_at', { mode: 'number' }),
    /** Why: `keyword`, `seat`, `cap`. */
    handoffReason: text('handoff_reason'),
  },
  (t) => [primaryKey({ columns: [t.workAccountId, t.peerId] })],
);

/** A voice message's transcript by the AI provider (asked once per message). */
export const aiTranscripts = pgTable('ai_transcripts', {
  messageId: bigint('message_id', { mode: 'number' })
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
