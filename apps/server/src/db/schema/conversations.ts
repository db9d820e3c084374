import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A chat of a work account with a friend or a group. `index_name` is derived
 * (`{talkType}__{peer_id}__{work_wxid}`). Names and avatar are copied from the contact or group so
 * the list reads one table.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    workAccountId: uuid('work_account_id').notNull(),
    workWxid: text('work_wxid').notNull(),
    talkType: smallint('talk_type').notNull(),
    peerId: text('peer_id').notNull(),
    nickname: text('nickname').notNull().default(''),
    remark: text('remark').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    unread: integer('unread').notNull().default(0),
    isPin: boolean('is_pin').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    /** A single chat whose peer is no longer a friend (deleted); the chat stays. */
    notFriend: boolean('not_friend').notNull().default(false),
    /** Do not disturb (`/api/v1/talk/disturb`): no tone, no notification, not in unread totals. */
    disturb: boolean('disturb').notNull().default(false),
    /**
     * The seat serving the chat after an accepted transfer (docs/service-transfer.md): it and the
     * seats above it see the chat besides those who see the work account. Null: nobody in particular.
     */
    servedBy: uuid('served_by'),
    /** The seat the chat is assigned to (service flow), else null: unassigned. */
    assigneeUid: uuid('assignee_uid'),
    /** The assignee's name when assigned (every push and page carries it without a join). */
    assigneeName: text('assignee_name'),
    /** open · pending · resolved · snoozed (until `snooze_until`). */
    status: text('status', { enum: ['open', 'pending', 'resolved', 'snoozed'] })
      .notNull()
      .default('open'),
    /** A snoozed chat opens again at this time (ms since the epoch). */
    snoozeUntil: bigint('snooze_until', { mode: 'number' }),
    /** Time of the latest message, ms since the epoch. */
    latestMsgTime: bigint('latest_msg_time', { mode: 'number' }).notNull().default(0),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMsgType: smallint('last_msg_type'),
    msgText: text('msg_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the list's keyword is looked for in: the nickname, remark and peer id lowercased, one
     * line each. A keyword search reads every chat of the tenant; a byte-wise `like` on this costs
     * a seventh of `ilike` on the three columns, which lowercases every value on every search
     * (docs/performance.md, "The inbox's keyword search").
     */
    searchKey: text('search_key')
      .notNull()
      .generatedAlwaysAs(
        sql`lower("conversations"."nickname" || chr(10) || "conversations"."remark" || chr(10) || "conversations"."peer_id")`,
      ),
  },
  (t) => [
    uniqueIndex('conversations_account_peer').on(t.workAccountId, t.talkType, t.peerId),
    index('conversations_account_order').on(
      t.workAccountId,
      t.isPin.desc(),
      t.latestMsgTime.desc(),
      t.id,
    ),
    index('conversations_tenant_order').on(
      t.tenantId,
      t.isPin.desc(),
      t.latestMsgTime.desc(),
      t.id,
    ),
    index('conversations_account_unread')
      .on(t.workAccountId)
      .where(sql`${t.unread} > 0`),
    index('conversations_served_by')
      .on(t.tenantId, t.servedBy)
      .where(sql`${t.servedBy} is not null`),
    // The fewest-open count of automatic assignment.
    index('conversations_assignee').on(t.tenantId, t.assigneeUid, t.status),
    // The pages of the inbox views (我的, 未分配: a seat's or nobody's chats but the resolved
    // ones) in the list's order, read off the index as the unfiltered list's pages are.
    index('conversations_view_order')
      .on(t.tenantId, t.assigneeUid, t.isPin.desc(), t.latestMsgTime.desc(), t.id)
      .where(sql`${t.status} <> 'resolved'`),
    // The pages of a status view (已解决) in the list's order: the chats out of the working set
    // (resolved, snoozed, pending). The list writes the status it asks as a literal, so the
    // planner can use this partial index; an open chat, the one new messages move, has no entry.
    index('conversations_status_order')
      .on(t.tenantId, t.status, t.isPin.desc(), t.latestMsgTime.desc(), t.id)
      .where(sql`${t.status} <> 'open'`),
    index('conversations_snoozed')
      .on(t.snoozeUntil)
      .where(sql`${t.status} = 'snoozed'`),
    check('conversations_unread_non_negative', sql`${t.unread} >= 0`),
  ],
);

/**
 * How many conversations each work account has, per talk type: kept by a statement trigger on
 * `conversations` (migration 0001) so the list's total is a few rows to add, not a count of
 * 100,000 rows on every page.
 */
export const conversationCounts = pgTable(
  'conversation_counts',
  {
    workAccountId: uuid('work_account_id').notNull(),
    talkType: smallint('talk_type').notNull(),
    tenantId: uuid('tenant_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.workAccountId, t.talkType] }),
    index('conversation_counts_tenant').on(t.tenantId),
  ],
);

/**
 * How many conversations each work account has per talk type, assignee (null: unassigned) and
 * status: kept by statement triggers on `conversations` (migration 0042) so the total of the
 * inbox views and status filters is a few rows to add, not a count of 100,000 rows per page.
 */
export const conversationViewCounts = pgTable(
  'conversation_view_counts',
  {
    workAccountId: uuid('work_account_id').notNull(),
    talkType: smallint('talk_type').notNull(),
    assigneeUid: uuid('assignee_uid'),
    status: text('status').notNull(),
    tenantId: uuid('tenant_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    unique('conversation_view_counts_key')
      .on(t.workAccountId, t.talkType, t.assigneeUid, t.status)
      .nullsNotDistinct(),
    index('conversation_view_counts_tenant').on(t.tenantId),
  ],
);

/** One message of a conversation; `id` is the console's messageId. */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id').notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    workAccountId: uuid('work_account_id').notNull(),
    /** The platform's message id (null until the platform accepted a send). */
    msgId: text('msg_id'),
    /** Console send id (idempotency key towards the platform). */
    requestId: text('request_id'),
    /** The browser's optimistic id. */
    sendingUuid: text('sending_uuid'),
    msgType: smallint('msg_type').notNull(),
    /** 1 sent by the operator, 2 received. */
    sendSide: smallint('send_side').notNull(),
    content: text('content').notNull().default(''),
    caption: text('caption'),
    fileUrl: text('file_url'),
    fileCdnUrl: text('file_cdn_url'),
    fileName: text('file_name'),
    fileLen: bigint('file_len', { mode: 'number' }),
    /** The platform's id of the media file (download through the gateway). */
    fileId: text('file_id'),
    fileMime: text('file_mime'),
    /** Media facts: width, height, durationMs. */
    media: jsonb('media').$type<{ width?: number; height?: number; durationMs?: number }>(),
    jpegThumbnail: text('jpeg_thumbnail'),
    memberWxid: text('member_wxid'),
    memberName: text('member_name'),
    memberAvatar: text('member_avatar'),
    refMsgId: text('ref_msg_id'),
    refContent: text('ref_content'),
    displayName: text('display_name'),
    sendOk: boolean('send_ok').notNull().default(false),
    deliveryOk: boolean('delivery_ok').notNull().default(false),
    readOk: boolean('read_ok').notNull().default(false),
    failed: boolean('failed').notNull().default(false),
    errMessage: text('err_message'),
    revoked: boolean('revoked').notNull().default(false),
    /** When the sender last edited the text (platforms with edits), else null. */
    editedAt: bigint('edited_at', { mode: 'number' }),
    senderUserId: uuid('sender_user_id'),
    /** Who sent a console or phone message: seat, robot, task, api or phone; null when received. */
    senderKind: text('sender_kind', { enum: ['seat', 'robot', 'task', 'api', 'phone'] }),
    /** The seat's user id, the robot's job, the task or the API key. */
    senderId: text('sender_id'),
    /** The sender's name when the message was stored (a deleted seat keeps its name here). */
    senderName: text('sender_name'),
    /** Sent by a robot (keyword auto-reply, greeting on accepting): never answered by robots. */
    robot: boolean('robot').notNull().default(false),
    /** Group members a console text mentions (their platform ids), sent as platform mentions. */
    mentions: jsonb('mentions').$type<string[]>(),
    /** Console sends waiting for the account's holder: pending → dispatching → done. */
    dispatchState: text('dispatch_state', { enum: ['pending', 'dispatching', 'done'] }),
    /** Time of the message, ms since the epoch. */
    msgTime: bigint('msg_time', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_id').on(t.conversationId, t.id),
    uniqueIndex('messages_account_msg_id')
      .on(t.workAccountId, t.msgId)
      .where(sql`${t.msgId} is not null`),
    uniqueIndex('messages_account_request_id')
      .on(t.workAccountId, t.requestId)
      .where(sql`${t.requestId} is not null`),
    // A console send retried with the same browser id is the same message (never sent twice).
    uniqueIndex('messages_account_sending_uuid')
      .on(t.workAccountId, t.sendingUuid)
      .where(sql`${t.sendingUuid} is not null`),
    index('messages_tenant_time').on(t.tenantId, t.msgTime),
    // The service report: a conversation's messages in time order (statistics, issue 20).
    index('messages_conversation_time').on(t.conversationId, t.msgTime, t.id),
    index('messages_dispatch')
      .on(t.workAccountId, t.id)
      .where(sql`${t.dispatchState} in ('pending', 'dispatching')`),
  ],
);

/** Custom session groups of a user (SPEC: custom sessions). */
export const sessionGroups = pgTable(
  'session_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('session_groups_user_name').on(t.userId, t.name)],
);

/** Which conversations a session group holds. */
export const sessionGroupItems = pgTable(
  'session_group_items',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => sessionGroups.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('session_group_items_pk').on(t.groupId, t.conversationId),
    index('session_group_items_conversation').on(t.conversationId),
  ],
);

/**
 * A gateway command for the instance that holds a work account (revoke, mark read, …), when the
 * request reached another instance. The holder claims it, runs it and writes the outcome.
 */
export const gatewayCalls = pgTable(
  'gateway_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workWxid: text('work_wxid').notNull(),
    command: jsonb('command').$type<unknown>().notNull(),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    result: jsonb('result').$type<unknown>(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gateway_calls_pending')
      .on(t.workWxid)
      .where(sql`${t.status} = 'pending'`),
  ],
);
