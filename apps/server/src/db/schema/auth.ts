import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './tenancy.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Session tokens, stored as SHA-256 hashes; sliding expiry. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    agent: text('agent'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user').on(t.userId)],
);

/** Every sign-in attempt, good or bad; also the source of captcha and rate rules. */
export const loginRecords = pgTable(
  'login_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id'),
    tenantId: uuid('tenant_id').references(() => tenants.id),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    agent: text('agent').notNull(),
    address: text('address').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_records_ip_time').on(t.ip, t.createdAt),
    // Failures per username are counted case-insensitively (captcha rule, back-off).
    index('login_records_username_time').on(sql`lower(${t.username})`, t.createdAt),
    index('login_records_user_time').on(t.userId, t.createdAt),
    // The retention clean-up deletes by age.
    index('login_records_time').on(t.createdAt),
  ],
);

/** Image captchas, single use. */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey().defaultRandom(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Verification codes sent to a mobile number or email address; hashed, single use. */
export const verifyCodes = pgTable(
  'verify_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    target: text('target').notNull(),
    scene: text('scene').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong guesses against this code; it dies after a few. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('verify_codes_target_time').on(t.target, t.createdAt)],
);

/**
 * Fixed-window request counters of the public sign-up and recovery routes, per address and per
 * target (`platform/rate-limit.ts`): counted in the database so every instance agrees.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
