import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy.ts';

/**
 * A tenant's translation provider (docs/translation.md). No row: the platform default
 * (TRANSLATE_URL), when the server has one. The key is sealed with the settings secret box
 * (context `tenant:<id>:translation.apiKey`); `key_hint` is what the console shows of it.
 */
export const translationSettings = pgTable('translation_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  provider: text('provider').notNull(),
  baseUrl: text('base_url'),
  appId: text('app_id'),
  model: text('model'),
  region: text('region'),
  keySealed: text('key_sealed'),
  keyHint: text('key_hint'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Translated texts, so the same text is sent to a provider once: by tenant, provider (its kind
 * and model), source, target and the SHA-256 of the text.
 */
export const translationCache = pgTable(
  'translation_cache',
  {
    tenantId: uuid('tenant_id').notNull(),
    provider: text('provider').notNull(),
    source: text('source').notNull(),
    target: text('target').notNull(),
    textHash: text('text_hash').notNull(),
    text: text('text').notNull(),
    detected: text('detected').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.provider, t.source, t.target, t.textHash] })],
);
