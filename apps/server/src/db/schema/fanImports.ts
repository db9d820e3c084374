import { bigint, boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { FanImportFormat } from '@cst/shared';
import { tenants, users } from './tenancy.ts';

/** A problem row kept with an import's report: the message as a key and its parameters. */
export interface StoredImportProblem {
  line: number;
  target: string;
  issue: 'invalid' | 'duplicate' | 'tried';
  key: string;
  params?: Record<string, string | number>;
}

/**
 * A checked list of people to add (issue 14 §3): the uploaded file it reads and the check's
 * figures. A task created from it (`fan_tasks.import_id`) streams its rows from the file again.
 */
export const fanImports = pgTable(
  'fan_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Storage key of the upload, `t/{tenant}/u/{user}/…`. */
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format').$type<FanImportFormat>().notNull(),
    total: integer('total').notNull(),
    valid: integer('valid').notNull(),
    invalid: integer('invalid').notNull(),
    duplicates: integer('duplicates').notNull(),
    tried: integer('tried').notNull(),
    phones: integer('phones').notNull(),
    wxids: integer('wxids').notNull(),
    problems: jsonb('problems').$type<StoredImportProblem[]>().notNull(),
    problemsTruncated: boolean('problems_truncated').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('fan_imports_tenant_time').on(t.tenantId, t.createdAt)],
);
