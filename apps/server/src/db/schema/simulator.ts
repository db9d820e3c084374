import type { Gender, WorkAccountStatus } from '@cst/shared';
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
} from 'drizzle-orm/pg-core';

// The simulated outside world (apps/server/src/gateway/simulator). These rows are the chat
// platform's state, not a tenant's: the console's own rows live in its feature tables and are
// built from gateway events. Times are epoch milliseconds so the simulator's injectable clock
// is the only clock.

const ms = (name: string) => bigint(name, { mode: 'number' });

/** Simulator tunables and counters (key → JSON). */
export const simSettings = pgTable('sim_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** A phone: one simulated work account, its profile and session. */
export const simAccounts = pgTable('sim_accounts', {
  wxid: text('wxid').primaryKey(),
  nickname: text('nickname').notNull(),
  alias: text('alias').notNull(),
  avatar: text('avatar').notNull(),
  sex: text('sex').$type<Gender>().notNull(),
  signature: text('signature').notNull(),
  province: text('province').notNull(),
  city: text('city').notNull(),
  /** The last status the platform reported. */
  status: text('status').$type<WorkAccountStatus>().notNull(),
  /** Session token; null after logout or kick-out (a QR login is needed). */
  session: text('session'),
  banned: boolean('banned').notNull().default(false),
  /** Counter for ids and generated content. */
  seq: integer('seq').notNull().default(0),
  /**
   * The newest of the account's messages (`sim_messages.seq`) the console has taken: what arrived
   * after it is delivered again when the account comes back online, as a platform delivers what
   * its client never acknowledged.
   */
  deliveredSeq: bigint('delivered_seq', { mode: 'number' }).notNull().default(0),
  createdAt: ms('created_at').notNull(),
});

/** People an account knows: friends and strangers (group members, search results). */
export const simPeople = pgTable(
  'sim_people',
  {
    accountWxid: text('account_wxid').notNull(),
    wxid: text('wxid').notNull(),
    nickname: text('nickname').notNull(),
    alias: text('alias').notNull(),
    avatar: text('avatar').notNull(),
    sex: text('sex').$type<Gender>().notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    signature: text('signature').notNull(),
    isFriend: boolean('is_friend').notNull(),
    remark: text('remark').notNull().default(''),
    star: boolean('star').notNull().default(false),
    blacklist: boolean('blacklist').notNull().default(false),
    topChat: boolean('top_chat').notNull().default(false),
    source: text('source').notNull().default('other'),
    addedAt: ms('added_at').notNull(),
    /** When the account asked to add this person (pending until they accept). */
    addRequestedAt: ms('add_requested_at'),
  },
  (t) => [
    primaryKey({ columns: [t.accountWxid, t.wxid] }),
    index('sim_people_friends').on(t.accountWxid, t.isFriend),
  ],
);

/** Groups an account is (or was) in. */
export const simGroups = pgTable(
  'sim_groups',
  {
    accountWxid: text('account_wxid').notNull(),
    groupId: text('group_id').notNull(),
    name: text('name').notNull(),
    avatar: text('avatar').notNull(),
    ownerWxid: text('owner_wxid').notNull(),
    notice: text('notice').notNull().default(''),
    myCard: text('my_card').notNull().default(''),
    /** False once the account left or was removed. */
    active: boolean('active').notNull().default(true),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountWxid, t.groupId] })],
);

/** Members of an account's groups (the account itself included). */
export const simGroupMembers = pgTable(
  'sim_group_members',
  {
    accountWxid: text('account_wxid').notNull(),
    groupId: text('group_id').notNull(),
    wxid: text('wxid').notNull(),
    card: text('card').notNull().default(''),
    banned: boolean('banned').notNull().default(false),
    /** Set by the owner: may remove members, mute and post the announcement. */
    admin: boolean('admin').notNull().default(false),
    joinedAt: ms('joined_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountWxid, t.groupId, t.wxid] })],
);

/** Messages on the platform: sent by the console or the phone, or received. */
export const simMessages = pgTable(
  'sim_messages',
  {
    accountWxid: text('account_wxid').notNull(),
    msgId: text('msg_id').notNull(),
    /** The console's idempotency key (null for received and phone-sent messages). */
    requestId: text('request_id'),
    talkType: integer('talk_type').notNull(),
    peerId: text('peer_id').notNull(),
    fromSelf: boolean('from_self').notNull(),
    memberWxid: text('member_wxid'),
    msgType: integer('msg_type').notNull(),
    content: text('content').notNull(),
    fileId: text('file_id'),
    /** received | sent | delivered | read | failed */
    status: text('status').notNull(),
    error: text('error'),
    /** Transcript of a voice message. */
    transcript: text('transcript'),
    /** Group members a sent text mentions. */
    mentions: jsonb('mentions').$type<string[]>(),
    revoked: boolean('revoked').notNull().default(false),
    createdAt: ms('created_at').notNull(),
    /** Insertion order: orders messages made in the same millisecond. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    primaryKey({ columns: [t.accountWxid, t.msgId] }),
    uniqueIndex('sim_messages_request').on(t.accountWxid, t.requestId),
    index('sim_messages_peer_time').on(t.accountWxid, t.peerId, t.createdAt),
    index('sim_messages_pending').on(t.accountWxid, t.status),
    // What is left to deliver again after the console's cursor (`sim_accounts.delivered_seq`).
    index('sim_messages_account_seq').on(t.accountWxid, t.seq),
  ],
);

/** Media files the simulator made (under dataDir/files/sim). */
export const simFiles = pgTable(
  'sim_files',
  {
    fileId: text('file_id').primaryKey(),
    accountWxid: text('account_wxid').notNull(),
    relPath: text('rel_path').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('sim_files_account').on(t.accountWxid)],
);

/**
 * Friend requests: received by an account (`in`, `from_wxid` is the person asking) or sent by it
 * (`out`, `from_wxid` is the person asked).
 */
export const simFriendRequests = pgTable(
  'sim_friend_requests',
  {
    accountWxid: text('account_wxid').notNull(),
    requestId: text('request_id').notNull(),
    fromWxid: text('from_wxid').notNull(),
    verifyContent: text('verify_content').notNull(),
    source: text('source').notNull(),
    /** in: pending | accepted | declined | expired; out: pending | accepted | refused */
    status: text('status').notNull(),
    direction: text('direction').$type<'in' | 'out'>().notNull().default('in'),
    /** Why the person refused (out). */
    reason: text('reason').notNull().default(''),
    /** The sender's idempotency key (out): the same key is the same request, never a second one. */
    idemKey: text('idem_key'),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountWxid, t.requestId] }),
    index('sim_friend_requests_time').on(t.accountWxid, t.createdAt),
    uniqueIndex('sim_friend_requests_idem').on(t.accountWxid, t.idemKey),
  ],
);

/** Moments visible to an account. */
export const simMoments = pgTable(
  'sim_moments',
  {
    accountWxid: text('account_wxid').notNull(),
    momentId: text('moment_id').notNull(),
    requestId: text('request_id'),
    authorWxid: text('author_wxid').notNull(),
    text: text('text').notNull(),
    media: jsonb('media').notNull(),
    link: jsonb('link'),
    likes: jsonb('likes').notNull(),
    comments: jsonb('comments').notNull(),
    /** Friends who may see an own post (null: every friend). */
    visibleTo: jsonb('visible_to').$type<string[]>(),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountWxid, t.momentId] }),
    uniqueIndex('sim_moments_request').on(t.accountWxid, t.requestId),
    index('sim_moments_time').on(t.accountWxid, t.createdAt),
  ],
);

/** QR logins: issued, scanned, confirmed, failed, expired or cancelled. */
export const simLogins = pgTable('sim_logins', {
  loginId: text('login_id').primaryKey(),
  status: text('status').notNull(),
  /** The re-login target, then the confirmed account. */
  wxid: text('wxid'),
  proxy: text('proxy'),
  expiresAt: ms('expires_at').notNull(),
  createdAt: ms('created_at').notNull(),
});
