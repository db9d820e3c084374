import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants } from './tenancy.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id);

/** A group of tags of a tenant (customer tagging, issue 14), in the order the operators chose. */
export const tagGroups = pgTable(
  'tag_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tag_groups_tenant_name').on(t.tenantId, t.name)],
);

/**
 * A tag of a tenant, in a group. `contact_count` is how many contacts carry it: kept by statement
 * triggers on `contact_tags` (hand-written in this table's migration), so the tag list shows its
 * counts at 250,000 contacts without counting rows.
 */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => tagGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    contactCount: integer('contact_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tags_group_name').on(t.groupId, t.name),
    index('tags_tenant').on(t.tenantId),
  ],
);

/**
 * A tag on a contact (a friend row of a work account). The tenant is repeated so every query
 * filters by it without a join. No foreign keys: their per-row checks doubled the time of a bulk
 * tagging (100,000 links: about 1.9 s without, 3.5–5 s with, PGlite); statement triggers of
 * migration 0008 remove a contact's or a tag's links with it instead, and the writes take their
 * contact and tag ids from those tables in the same statement.
 */
export const contactTags = pgTable(
  'contact_tags',
  {
    contactId: uuid('contact_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    tenantId: uuid('tenant_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.tagId] }),
    // The contacts of a tag (filters, has / lacks a tag, the inbox filter).
    index('contact_tags_tag').on(t.tagId, t.contactId),
  ],
);
