import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BulkTaskState } from '@cst/shared';
import { workAccounts } from './accounts.ts';
import { tenants, users } from './tenancy.ts';

const ms = (name: string) => bigint(name, { mode: 'number' });

/**
 * Mass-send pacing (SPEC §9): one row per tenant (`work_account_id` null: the defaults) and one
 * per work account that overrides them.
 */
export const bulkSendSettings = pgTable(
  'bulk_send_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    workAccountId: uuid('work_account_id').references(() => workAccounts.id, {
      onDelete: 'cascade',
    }),
    channel: smallint('channel').notNull(),
    dailyCap: integer('daily_cap').notNull(),
    messageIntervalSec: integer('message_interval_sec').notNull(),
    fanIntervalSec: integer('fan_interval_sec').notNull(),
    perRoundCount: integer('per_round_count').notNull(),
    groupIntervalSec: integer('group_interval_sec').notNull(),
    groupDailyCap: integer('group_daily_cap').notNull(),
    jitterSec: integer('jitter_sec').notNull(),
    /** HH:mm, or null: no quiet hours. */
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bulk_send_settings_tenant')
      .on(t.tenantId)
      .where(sql`${t.workAccountId} is null`),
    uniqueIndex('bulk_send_settings_account').on(t.workAccountId),
  ],
);

/** A message of a task as stored: what the outbox row is made of. */
export interface BulkDraft {
  kind: 'text' | 'image' | 'file' | 'video' | 'link' | 'miniProgram';
  msgType: number;
  content: string;
  fileUrl?: string | null;
  fileName?: string | null;
  fileLen?: number | null;
  fileMime?: string | null;
  media?: { width?: number; height?: number } | null;
  jpegThumbnail?: string | null;
}

/** A mass-send task of the group helper (SPEC §4 task states, §7 routes). */
export const bulkSendTasks = pgTable(
  'bulk_send_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    taskType: text('task_type').$type<'friends' | 'groups'>().notNull(),
    status: text('status').$type<BulkTaskState>().notNull(),
    /** The work accounts chosen, in order. */
    workAccountIds: uuid('work_account_ids').array().notNull(),
    targetMode: text('target_mode').$type<'all' | 'tags' | 'list' | 'groups'>().notNull(),
    messages: jsonb('messages').$type<BulkDraft[]>().notNull(),
    targets: integer('targets').notNull().default(0),
    sendType: text('send_type').$type<'now' | 'scheduled'>().notNull(),
    /** Epoch ms; the scheduler starts the task once its clock passes it. */
    sendAt: ms('send_at').notNull(),
    /** A message key: why the task closed abnormally. */
    reasonKey: text('reason_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ms('created_at').notNull(),
    startedAt: ms('started_at'),
    endedAt: ms('ended_at'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bulk_send_tasks_tenant_time').on(t.tenantId, t.createdAt),
    index('bulk_send_tasks_active')
      .on(t.status)
      .where(sql`${t.status} in ('pending', 'running', 'importing')`),
  ],
);

/**
 * One send of a task: a target and one of the task's messages (`msg_index`). Rows of a target
 * are consecutive in `seq`. `taskId:seq:round` is the idempotency key (the outbox message's
 * `request_id`, `bs:` prefixed), so a repeat after a crash is the same message; a failed reissue
 * starts a new round. `state`: queued → claimed (lease) → outbox (handed to the conversations
 * outbox) → sent → delivered → read; or failed / undelivered.
 */
export const bulkSendRows = pgTable(
  'bulk_send_rows',
  {
    tenantId: uuid('tenant_id').notNull(),
    // No foreign keys (as fan_task_rows): a plan of 100,000 rows would check each row against
    // its task and account. Hand-written triggers delete the rows with their task or account.
    taskId: uuid('task_id').notNull(),
    seq: integer('seq').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    /** A friend's or a group's platform id. */
    target: text('target').notNull(),
    targetName: text('target_name').notNull().default(''),
    talkType: smallint('talk_type').notNull(),
    /** 0-based index into the task's messages. */
    msgIndex: smallint('msg_index').notNull(),
    round: integer('round').notNull().default(1),
    state: text('state')
      .$type<
        'queued' | 'claimed' | 'outbox' | 'sent' | 'delivered' | 'read' | 'failed' | 'undelivered'
      >()
      .notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: ms('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    errorKey: text('error_key'),
    claimedAt: ms('claimed_at'),
    sentAt: ms('sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.seq] }),
    index('bulk_send_rows_claim')
      .on(t.taskId, t.workAccountId, t.seq)
      .where(sql`${t.state} in ('queued', 'claimed')`),
    index('bulk_send_rows_outbox')
      .on(t.claimedAt)
      .where(sql`${t.state} = 'outbox'`),
    index('bulk_send_rows_state').on(t.taskId, t.state),
  ],
);
