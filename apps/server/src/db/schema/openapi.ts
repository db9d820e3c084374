import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './tenancy.ts';

/**
 * API keys of the public API (`/open/v1`, docs/open-platform.md): the SHA-256 of the key and
 * its visible prefix, the permissions and work accounts it is limited to (always narrowed again
 * by its creator's current rights), and its token bucket (counted here so every instance agrees).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    permissions: text('permissions').array().notNull(),
    /** Work account ids the key is limited to; empty: every account its creator sees. */
    accountIds: uuid('account_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Requests per second refilled into the bucket, and its size. */
    ratePerSec: integer('rate_per_sec').notNull().default(20),
    burst: integer('burst').notNull().default(40),
    bucketTokens: doublePrecision('bucket_tokens').notNull().default(40),
    bucketAt: timestamp('bucket_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_keys_tenant').on(t.tenantId, t.createdAt)],
);
