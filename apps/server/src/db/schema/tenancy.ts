import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A customer enterprise ("cst"). */
export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    // The wallet: changed only with an order row in the same transaction (modules/billing).
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    /** IANA zone the statistics count days in (docs/statistics.md). */
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    /**
     * Messages and cached received files older than this many days are deleted by the
     * retention job (docs/operations.md); null keeps everything.
     */
    retentionDays: integer('retention_days'),
    /**
     * What a seat's send with a sensitive word does (docs/notes.md): `record` it is sent
     * and logged, `confirm` the seat confirms first, `block` it is refused.
     */
    sensitiveMode: text('sensitive_mode', { enum: ['record', 'confirm', 'block'] })
      .notNull()
      .default('record'),
    createdAt: createdAt(),
  },
  (t) => [check('tenants_balance_nonneg', sql`${t.balanceCents} >= 0`)],
);

/** Custom roles: named sets of permissions inside a tenant. */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_tenant_name').on(t.tenantId, t.name)],
);

/** Job titles inside a tenant. */
export const positions = pgTable(
  'positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('positions_tenant_name').on(t.tenantId, t.name)],
);

/** Every person who signs in: platform admins (no tenant), managers, sub-admins and seats. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    twoStepHash: text('two_step_hash'),
    nickname: text('nickname').notNull(),
    avatar: text('avatar'),
    contact: text('contact'),
    role: text('role', { enum: ['admin', 'manager', 'subAdmin', 'office'] }).notNull(),
    roleId: uuid('role_id').references(() => roles.id),
    positionId: uuid('position_id').references(() => positions.id),
    superiorId: uuid('superior_id').references((): AnyPgColumn => users.id),
    seatPrefix: text('seat_prefix'),
    /** `deleted`: a deleted seat, kept for the names on its messages and in statistics. */
    status: text('status', { enum: ['enabled', 'disabled', 'deleted'] })
      .notNull()
      .default('enabled'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username').on(sql`lower(${t.username})`),
    uniqueIndex('users_contact').on(t.contact),
    index('users_tenant').on(t.tenantId),
    index('users_superior').on(t.superiorId),
  ],
);

/** Licensed work-account slots of a tenant, each with an expiry. */
export const ports = pgTable(
  'ports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    code: text('code').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    workAccountId: uuid('work_account_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ports_tenant_expiry').on(t.tenantId, t.expiresAt),
    uniqueIndex('ports_code').on(t.code),
  ],
);

/** Who did what, for the record. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id'),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    target: text('target'),
    detail: jsonb('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_tenant_time').on(t.tenantId, t.createdAt)],
);
