import {
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './tenancy.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id);

/** A folder of a tenant's material library (issue 18 §1). */
export const materialFolders = pgTable(
  'material_folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('material_folders_tenant_name').on(t.tenantId, t.name)],
);

/**
 * An item of the material library. `type` is SPEC.md §3's material resource type (1 text, 2 image,
 * 3 video, 4 voice, 5 document, 6 link, 7 mini-program). Text lives in `content`; links and
 * mini-programs keep their card in `card`; files point at a `stored_files` key.
 */
export const materials = pgTable(
  'materials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => materialFolders.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    card: jsonb('card').$type<Record<string, string>>(),
    fileKey: text('file_key'),
    thumbKey: text('thumb_key'),
    fileName: text('file_name'),
    mime: text('mime'),
    size: integer('size'),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('materials_tenant_folder_created').on(t.tenantId, t.folderId, t.createdAt),
    index('materials_tenant_type_created').on(t.tenantId, t.type, t.createdAt),
  ],
);

/** A group of phrases: the tenant's shared ones (`owner_id` null) or a user's personal ones. */
export const phraseGroups = pgTable(
  'phrase_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('phrase_groups_tenant_owner').on(t.tenantId, t.ownerId)],
);

/** A prepared reply; `use_count` grows each time a seat inserts it and orders the lists. */
export const phrases = pgTable(
  'phrases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => phraseGroups.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    useCount: integer('use_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('phrases_tenant_group').on(t.tenantId, t.groupId, t.useCount)],
);

/** A picture of a tenant's avatar library: a square JPEG of 200–400 px at 72 DPI. */
export const avatarLibrary = pgTable(
  'avatar_library',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    fileKey: text('file_key').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('avatar_library_tenant_created').on(t.tenantId, t.createdAt)],
);

/** A nickname of a tenant's nickname library. */
export const nicknameLibrary = pgTable(
  'nickname_library',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    nickname: text('nickname').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('nickname_library_tenant_nickname').on(t.tenantId, t.nickname)],
);
