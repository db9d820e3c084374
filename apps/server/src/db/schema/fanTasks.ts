import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FanTaskState, FriendRequestStatus } from '@cst/shared';
import { tenants, users } from './tenancy.ts';

const ms = (name: string) => bigint(name, { mode: 'number' });

/** A bulk friend-adding task (issue 14 §3): its settings and state (SPEC §4 task states). */
export const fanTasks = pgTable(
  'fan_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    status: text('status').$type<FanTaskState>().notNull(),
    /** The work accounts the rows are spread over, in the order chosen. */
    workAccountIds: uuid('work_account_ids').array().notNull(),
    greeting: text('greeting').notNull(),
    intervalSec: integer('interval_sec').notNull(),
    jitterSec: integer('jitter_sec').notNull(),
    dailyCap: integer('daily_cap').notNull(),
    rowsPerPull: integer('rows_per_pull').notNull(),
    startType: text('start_type').$type<'now' | 'scheduled'>().notNull(),
    /** Epoch ms; the scheduler starts the task once its clock passes it. */
    startAt: ms('start_at').notNull(),
    includeTried: boolean('include_tried').notNull().default(false),
    /** The checked import the rows came from (fanimport), when not inline. */
    importId: uuid('import_id'),
    /** A message key: why the task closed abnormally. */
    reasonKey: text('reason_key'),
    /** While importing: the instance planning the rows and until when (its lease). */
    leaseOwner: text('lease_owner'),
    leaseUntil: ms('lease_until'),
    // Live counts of the rows, kept by every change of a row in the same transaction (the list
    // and the pushes read them instead of counting 100,000 rows).
    nTotal: integer('n_total').notNull().default(0),
    nWaiting: integer('n_waiting').notNull().default(0),
    nSending: integer('n_sending').notNull().default(0),
    nRequested: integer('n_requested').notNull().default(0),
    nAdded: integer('n_added').notNull().default(0),
    nFailed: integer('n_failed').notNull().default(0),
    nAlreadyFriend: integer('n_already_friend').notNull().default(0),
    nSkipped: integer('n_skipped').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ms('created_at').notNull(),
    startedAt: ms('started_at'),
    endedAt: ms('ended_at'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fan_tasks_tenant_time').on(t.tenantId, t.createdAt),
    index('fan_tasks_active')
      .on(t.status)
      .where(sql`${t.status} in ('pending', 'running', 'importing')`),
  ],
);

/**
 * One person of a task: the target, the account it goes to, and where it is. A row is known by
 * its task and its place in the list (`seq`); `taskId:seq` is the idempotency key its friend
 * request carries to the platform, so a repeat after a crash is the same request.
 * `state`: queued → claimed (lease) → done; or skipped. Kept lean (no surrogate id, two indexes):
 * a task of 100,000 rows is written at once when it is planned.
 */
export const fanTaskRows = pgTable(
  'fan_task_rows',
  {
    tenantId: uuid('tenant_id').notNull(),
    // No foreign keys on this table and the pool: a 100,000-row plan would check each row
    // against its parents. Hand-written triggers (0019) delete the rows with their task, account
    // or tenant instead.
    taskId: uuid('task_id').notNull(),
    /** 1-based place in the list. */
    seq: integer('seq').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    target: text('target').notNull(),
    /** The row's own greeting (else the task's). */
    greeting: text('greeting'),
    remark: text('remark'),
    tagIds: uuid('tag_ids').array(),
    state: text('state').$type<'queued' | 'claimed' | 'done' | 'skipped'>().notNull(),
    /** The scheduler instance holding a claimed row, and until when (epoch ms). */
    leaseOwner: text('lease_owner'),
    leaseUntil: ms('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    /** The person's platform id once found, and their name. */
    wxid: text('wxid'),
    nickname: text('nickname').notNull().default(''),
    /** SPEC §4 friend request status 1–4. */
    status: smallint('status').$type<FriendRequestStatus>(),
    /** The platform's or the person's text, or empty when `reason_key` says it. */
    reason: text('reason').notNull().default(''),
    reasonKey: text('reason_key'),
    claimedAt: ms('claimed_at'),
    sentAt: ms('sent_at'),
    settledAt: ms('settled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.seq] }),
    // The claim: the next rows of one task and account that are queued (or leased out and lapsed).
    index('fan_task_rows_claim')
      .on(t.taskId, t.workAccountId, t.seq)
      .where(sql`${t.state} in ('queued', 'claimed')`),
    // Answers of people: the sent rows of an account by person.
    index('fan_task_rows_sent')
      .on(t.workAccountId, t.wxid)
      .where(sql`${t.status} = 1`),
  ],
);

/**
 * The data pool: every target a tenant imported into a task, with its latest outcome. Later tasks
 * skip targets found here unless they ask not to.
 */
export const fanPool = pgTable(
  'fan_pool',
  {
    // No foreign key (see fan_task_rows): the pool goes with its tenant by a trigger (0019).
    tenantId: uuid('tenant_id').notNull(),
    target: text('target').notNull(),
    lastTaskId: uuid('last_task_id'),
    /** SPEC §4 status of the latest outcome (null: not sent yet). */
    lastStatus: smallint('last_status').$type<FriendRequestStatus>(),
    lastReason: text('last_reason').notNull().default(''),
    firstAt: ms('first_at').notNull(),
    lastAt: ms('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.target] })],
);
