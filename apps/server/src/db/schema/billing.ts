import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_TYPES } from '@cst/shared';
import { tenants } from './tenancy.ts';

/**
 * Every change of a tenant's wallet (`tenants.balance_cents`): written in the transaction that
 * changes the balance, never updated or deleted (a trigger refuses both), unique per tenant by
 * the client's order number so a retried request answers the first order. Amounts in cents.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    orderNumber: text('order_number').notNull(),
    type: text('type', { enum: ORDER_TYPES }).notNull(),
    preAmount: bigint('pre_amount', { mode: 'number' }).notNull(),
    changeAmount: bigint('change_amount', { mode: 'number' }).notNull(),
    afterAmount: bigint('after_amount', { mode: 'number' }).notNull(),
    portCount: integer('port_count').notNull().default(0),
    months: integer('months').notNull().default(0),
    unitPriceCents: integer('unit_price_cents').notNull().default(0),
    portIds: jsonb('port_ids').$type<string[]>().notNull().default([]),
    remark: text('remark').notNull().default(''),
    userId: uuid('user_id'),
    operatorName: text('operator_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_tenant_number').on(t.tenantId, t.orderNumber),
    index('orders_tenant_time').on(t.tenantId, t.createdAt),
    index('orders_time').on(t.createdAt),
    check(
      'orders_amounts',
      sql`${t.afterAmount} = ${t.preAmount} + ${t.changeAmount} and ${t.preAmount} >= 0 and ${t.afterAmount} >= 0`,
    ),
  ],
);

/** The platform's prices and allowances: one row (id 1), set by the platform admin. */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: integer('id').primaryKey().default(1),
    portPriceCents: integer('port_price_cents').notNull(),
    trialPorts: integer('trial_ports').notNull(),
    trialDays: integer('trial_days').notNull(),
    warnDays: integer('warn_days').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('billing_settings_one_row', sql`${t.id} = 1`)],
);
