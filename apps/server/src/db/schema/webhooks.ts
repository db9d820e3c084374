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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants } from './tenancy.ts';

/**
 * The durable event log of the open platform (DESIGN.md §12): one row per change the outside world
 * may hear of, written in the transaction of the change (an outbox). `id` orders a tenant's events
 * and is the SSE `id`; `public_id` is the event's id on the wire (webhook body, `X-CST-Event-Id`).
 * Kept 7 days.
 */
export const openEvents = pgTable(
  'open_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id'),
    event: text('event').notNull(),
    data: jsonb('data').$type<unknown>(),
    occurredAt: bigint('occurred_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('open_events_tenant_id').on(t.tenantId, t.id),
    index('open_events_occurred').on(t.occurredAt),
    uniqueIndex('open_events_public_id').on(t.publicId),
  ],
);

/** A tenant's webhook endpoint: where its events are posted, which ones, and the signing secrets. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    /** The secret before the last rotation: it keeps signing beside the new one until then. */
    previousSecret: text('previous_secret'),
    previousUntil: bigint('previous_until', { mode: 'number' }),
    /** Since when every attempt failed (null once one succeeds); 3 days of it disable. */
    failingSince: bigint('failing_since', { mode: 'number' }),
    /** Why the server disabled it ('failing'), null when a manager did or it is enabled. */
    disabledReason: text('disabled_reason'),
    createdBy: uuid('created_by'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('webhook_endpoints_tenant').on(t.tenantId, t.createdAt)],
);

/** One attempt of a delivery, as the log shows it. */
export interface DeliveryAttempt {
  at: number;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  /** The first 1 KB of the answer. */
  body: string;
}

/**
 * One event to one endpoint: claimed by the scheduler with a lease (`FOR UPDATE SKIP LOCKED`),
 * posted until a 2xx or the last back-off step. Kept 7 days.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id').notNull(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventRowId: bigint('event_row_id', { mode: 'number' }).notNull(),
    eventId: uuid('event_id').notNull(),
    event: text('event').notNull(),
    /** pending → delivered | failed (a redelivery makes it pending again). */
    state: text('state').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    /** claimed while an instance holds it (with a lease), else null. */
    leaseOwner: text('lease_owner'),
    leaseUntil: bigint('lease_until', { mode: 'number' }),
    dueAt: bigint('due_at', { mode: 'number' }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    latencyMs: integer('latency_ms'),
    log: jsonb('log')
      .$type<DeliveryAttempt[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    deliveredAt: bigint('delivered_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due')
      .on(t.dueAt)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_endpoint_time').on(t.endpointId, t.id),
    index('webhook_deliveries_created').on(t.createdAt),
  ],
);
