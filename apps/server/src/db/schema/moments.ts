import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  MomentComment,
  MomentInteractionKind,
  MomentLink,
  MomentVisibility,
} from '@cst/shared';
import { workAccounts } from './accounts.ts';
import { tenants, users } from './tenancy.ts';

const ms = (name: string) => bigint(name, { mode: 'number' });

/** A picture or video of a post: the tenant's uploaded file and facts about it. */
export interface MomentPostMedia {
  fileUrl: string;
  fileName: string;
  mime: string;
  size: number;
  kind: 'image' | 'video';
  width?: number;
  height?: number;
  durationMs?: number;
}

/** A file of a moment as the platform reported it (gateway MediaFileDto). */
export interface MomentFileRow {
  fileId: string;
  fileName: string;
  mime: string;
  size: number;
  width?: number;
  height?: number;
  durationMs?: number;
  url?: string;
}

/** A moment post (issue 18 §4): the content and its audience, one job per work account. */
export const momentPosts = pgTable(
  'moment_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    text: text('text').notNull(),
    media: jsonb('media').$type<MomentPostMedia[]>().notNull(),
    link: jsonb('link').$type<MomentLink>(),
    visibility: text('visibility').$type<MomentVisibility>().notNull(),
    tagIds: uuid('tag_ids').array().notNull(),
    sendType: text('send_type').$type<'now' | 'scheduled'>().notNull(),
    sendAt: ms('send_at').notNull(),
    spreadMinutes: integer('spread_minutes').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('moment_posts_tenant_time').on(t.tenantId, t.createdAt)],
);

/**
 * One account's post of a moment post: a job of the scheduler. `state`: pending → claimed (lease)
 * → posted | failed; pending → cancelled. `id:round` is the idempotency key the post carries to
 * the platform; a repost of a failed or cancelled job is a new round.
 */
export const momentJobs = pgTable(
  'moment_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => momentPosts.id, { onDelete: 'cascade' }),
    workAccountId: uuid('work_account_id')
      .notNull()
      .references(() => workAccounts.id, { onDelete: 'cascade' }),
    dueAt: ms('due_at').notNull(),
    state: text('state')
      .$type<'pending' | 'claimed' | 'posted' | 'failed' | 'cancelled'>()
      .notNull(),
    round: integer('round').notNull().default(1),
    leaseOwner: text('lease_owner'),
    leaseUntil: ms('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    momentId: text('moment_id'),
    /** The platform's text, or empty when `reason_key` says it. */
    reason: text('reason').notNull().default(''),
    reasonKey: text('reason_key'),
    postedAt: ms('posted_at'),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('moment_jobs_post_account').on(t.postId, t.workAccountId),
    index('moment_jobs_due')
      .on(t.dueAt)
      .where(sql`${t.state} in ('pending', 'claimed')`),
  ],
);

/** A moment in a work account's timeline as the platform last reported it. */
export const moments = pgTable(
  'moments',
  {
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id')
      .notNull()
      .references(() => workAccounts.id, { onDelete: 'cascade' }),
    momentId: text('moment_id').notNull(),
    authorWxid: text('author_wxid').notNull(),
    authorName: text('author_name').notNull(),
    authorAvatar: text('author_avatar').notNull(),
    own: boolean('own').notNull(),
    text: text('text').notNull(),
    media: jsonb('media').$type<MomentFileRow[]>().notNull(),
    link: jsonb('link').$type<MomentLink>(),
    likes: jsonb('likes').$type<{ wxid: string; name: string; at: number }[]>().notNull(),
    comments: jsonb('comments').$type<MomentComment[]>().notNull(),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.momentId] }),
    index('moments_account_time').on(t.workAccountId, t.createdAt),
    index('moments_tenant_time').on(t.tenantId, t.createdAt),
  ],
);

/**
 * Likes and comments of friends on the accounts' own posts, one row each as it first arrived
 * (`key`: the liker's wxid, or the comment's id); unread until a seat reads it.
 */
export const momentInteractions = pgTable(
  'moment_interactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id')
      .notNull()
      .references(() => workAccounts.id, { onDelete: 'cascade' }),
    momentId: text('moment_id').notNull(),
    kind: text('kind').$type<MomentInteractionKind>().notNull(),
    key: text('key').notNull(),
    wxid: text('wxid').notNull(),
    name: text('name').notNull(),
    text: text('text').notNull(),
    replyToName: text('reply_to_name'),
    at: ms('at').notNull(),
    unread: boolean('unread').notNull(),
  },
  (t) => [
    uniqueIndex('moment_interactions_key').on(t.workAccountId, t.momentId, t.kind, t.key),
    index('moment_interactions_time').on(t.tenantId, t.at),
    index('moment_interactions_unread')
      .on(t.workAccountId)
      .where(sql`${t.unread}`),
  ],
);
