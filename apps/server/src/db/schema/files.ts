import {
  bigint,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A file in object storage (DESIGN.md §8): an upload through the POST policy, a received chat file
 * cached on its first download (`message_id`), or a saved sticker. `mime` is detected from the
 * bytes, never taken from the name.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    /** Storage key, `t/{tenantId}/…`. */
    key: text('key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    kind: text('kind', { enum: ['image', 'video', 'audio', 'document'] }).notNull(),
    width: integer('width'),
    height: integer('height'),
    /** The 100×100 thumbnail's key (images and stickers). */
    thumbKey: text('thumb_key'),
    source: text('source', { enum: ['upload', 'media', 'emoticon'] }).notNull(),
    /** For a cached received file: the message it belongs to. */
    messageId: bigint('message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stored_files_key').on(t.key),
    index('stored_files_message').on(t.tenantId, t.messageId),
  ],
);

/** Server-wide secrets every instance shares (e.g. the storage policy signing key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An open upload in 1 MB slices (modules/files/slice-uploads.ts): one row per slice folder
 * (`slices/{tenant}/{user}/{sha256(key, size)}/`) from its first slice until it is completed,
 * refused or swept. It bounds what one person can leave unfinished (the cap counts the declared
 * sizes) and lets the hourly sweep find uploads nobody touched for a day. Times are epoch ms of
 * the server's clock. No foreign keys: a row outlives its user or tenant until the sweep removes
 * its slices, so no object is left without a row.
 */
export const sliceUploads = pgTable(
  'slice_uploads',
  {
    folder: text('folder').primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** The file's final key and declared size; `count` slices of 1 MB (the last the rest). */
    key: text('key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    /** The last slice written (or the start). */
    touchedAt: bigint('touched_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('slice_uploads_user').on(t.userId),
    index('slice_uploads_tenant').on(t.tenantId),
    index('slice_uploads_touched').on(t.touchedAt),
  ],
);
