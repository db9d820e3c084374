import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A sticker in a user's own set (saved from a chat or uploaded). */
export const userEmoticons = pgTable(
  'user_emoticons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** Storage key of the image and of its 100×100 thumbnail. */
    fileKey: text('file_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** SHA-256 of the bytes: saving the same sticker twice keeps one. */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_emoticons_user_sha').on(t.userId, t.sha256),
    index('user_emoticons_tenant_user').on(t.tenantId, t.userId, t.createdAt),
  ],
);
