import { z } from 'zod';
import type { Text } from './i18n.ts';
import { talkTypeSchema, type TalkType } from './chat.ts';
import { idString } from './validation.ts';

/** Server messages of conversations and messages. */
export const conversationMessages = {
  conversationNotFound: { 'zh-CN': '会话不存在', en: 'No such conversation' },
  messageNotFound: { 'zh-CN': '消息不存在', en: 'No such message' },
  messageResentByTask: {
    'zh-CN': '群发任务已重新发送这条消息',
    en: 'The mass-send task has sent this message again',
  },
  workAccountNotFound: { 'zh-CN': '工作号不存在', en: 'No such work account' },
  workAccountOffline: {
    'zh-CN': '工作号不在线，无法发送',
    en: 'The work account is not online, it cannot send',
  },
  contentRequired: { 'zh-CN': '消息内容不能为空', en: 'The message cannot be empty' },
  contentTooLong: {
    'zh-CN': '消息内容不能超过 {max} 个字符',
    en: 'The message cannot be longer than {max} characters',
  },
  revokeOwnOnly: {
    'zh-CN': '只能撤回自己发送的消息',
    en: 'Only messages you sent can be revoked',
  },
  revokeTooLate: {
    'zh-CN': '消息发送已超过 2 分钟，无法撤回',
    en: 'Messages older than 2 minutes cannot be revoked',
  },
  revokeNotSent: {
    'zh-CN': '消息尚未发送成功，无法撤回',
    en: 'The message has not been sent yet, it cannot be revoked',
  },
  sessionGroupRequired: {
    'zh-CN': '请选择自定义分组',
    en: 'Choose a custom session group',
  },
  sessionGroupNameRequired: {
    'zh-CN': '分组名称不能为空',
    en: 'Group name cannot be empty',
  },
  sessionGroupNameTaken: {
    'zh-CN': '分组名称已存在',
    en: 'This group name already exists',
  },
  sessionGroupNotFound: { 'zh-CN': '分组不存在', en: 'No such session group' },
  sendFailed: { 'zh-CN': '发送失败：{reason}', en: 'Sending failed: {reason}' },
  accountAbnormal: {
    'zh-CN': '工作号状态异常：{reason}',
    en: 'The work account is in trouble: {reason}',
  },
  accountStateBanned: { 'zh-CN': '已被封号', en: 'banned' },
  accountStateKickedOut: { 'zh-CN': '已被踢下线', en: 'logged out by the platform' },
  accountStateOffline: { 'zh-CN': '已离线', en: 'offline' },
  accountStateProxyFailed: { 'zh-CN': '代理失效', en: 'its proxy failed' },
  accountStateLoggingIn: { 'zh-CN': '正在登录', en: 'still logging in' },
  accountStateNotOnline: { 'zh-CN': '未登录', en: 'not logged in' },
} satisfies Record<string, Text>;

/** Longest text message the console sends. */
export const MAX_TEXT_LENGTH = 5000;
/** Messages older than this are not shown (SPEC §9: the last month). */
export const MESSAGE_WINDOW_MS = 31 * 86400_000;
/** How long after sending a message can be revoked. */
export const REVOKE_WINDOW_MS = 2 * 60_000;

/** `{talkType}__{receiver_id}__{workWxid}`. */
export function indexName(talkType: TalkType | number, receiverId: string, workWxid: string) {
  return `${talkType}__${receiverId}__${workWxid}`;
}

/** Splits an index_name; null when malformed. */
export function parseIndexName(
  value: string,
): { talkType: TalkType; receiverId: string; workWxid: string } | null {
  // Neither ids contain "__": split on the first and the last separator.
  const first = value.indexOf('__');
  const lastSep = value.lastIndexOf('__');
  if (first < 1 || first === lastSep) return null;
  const talkType = value.slice(0, first);
  const receiverId = value.slice(first + 2, lastSep);
  const workWxid = value.slice(lastSep + 2);
  if ((talkType !== '1' && talkType !== '2') || !receiverId || !workWxid) return null;
  return { talkType: Number(talkType) as TalkType, receiverId, workWxid };
}

export const indexNameSchema = z
  .string()
  .max(300)
  .refine((v) => parseIndexName(v) !== null, { error: 'conversationNotFound' });

/** Who a sent message is from (API.md "Service flow"). */
export const SENDER_KINDS = ['seat', 'robot', 'task', 'api', 'phone'] as const;
export type SenderKind = (typeof SENDER_KINDS)[number];
/** The sender of a message the work account sent: `uid` for a seat; `name` as when it was sent. */
export const messageSender = z.object({
  kind: z.enum(SENDER_KINDS),
  uid: z.string().optional(),
  name: z.string(),
});
export type MessageSender = z.infer<typeof messageSender>;

/** A conversation's place in the service flow. */
export const CONVERSATION_STATUSES = ['open', 'pending', 'resolved', 'snoozed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** A conversation item (SPEC §3). */
export const conversationItem = z.object({
  index_name: z.string(),
  talkType: talkTypeSchema,
  receiver_id: z.string(),
  friendWxid: z.string(),
  convId: z.string(),
  messageId: z.string().nullable(),
  avatar: z.string(),
  nickname: z.string(),
  remark: z.string(),
  name: z.string(),
  latestMsgTime: z.number(),
  createdAt: z.number(),
  createSort: z.number(),
  unRead: z.number(),
  isPin: z.boolean(),
  blocked: z.boolean(),
  /** A single chat whose peer was deleted as a friend (the chat stays). */
  notFriend: z.boolean().optional(),
  /** Do not disturb: no tone, no notification, not counted in unread totals. */
  disturb: z.boolean().optional(),
  /** The last message is the account's own send and it failed (the list marks the row). */
  lastFailed: z.boolean().optional(),
  /** The seat serving the chat after an accepted transfer (docs/service-transfer.md), else null. */
  servedBy: z.string().nullable().optional(),
  workWxid: z.string(),
  /**
   * The work account's name and picture, on a chat the caller serves through a transfer while
   * the account itself is held by another seat (so it is not in the caller's account list).
   */
  workAccount: z
    .object({ nickname: z.string(), remark: z.string(), avatar: z.string() })
    .nullable()
    .optional(),
  msg_text: z.string(),
  /** Type of the latest message, so the list can prefix its preview ('[图片]'). */
  lastMsgType: z.number().nullable(),
  /**
   * Members of a group chat, when known (list pages carry it; pushes leave it out and the SPA
   * keeps the last known count), so two groups of the same name can be told apart.
   */
  memberCount: z.number().int().nullable().optional(),
  /** The seat the chat is assigned to, and its name; null when unassigned. */
  assigneeUid: z.string().nullable(),
  assigneeName: z.string().nullable(),
  status: z.enum(CONVERSATION_STATUSES),
  /** A snoozed chat's time of opening again (ms). */
  snoozeUntil: z.number().nullable().optional(),
});
export type ConversationItem = z.infer<typeof conversationItem>;

/** A message (SPEC §3). */
export const messageItem = z.object({
  messageId: z.string(),
  msgId: z.string().nullable(),
  requestId: z.string().nullable(),
  sendingUUid: z.string().nullable(),
  msgType: z.number(),
  msgTime: z.number(),
  sendSide: z.union([z.literal(1), z.literal(2)]),
  content: z.string(),
  caption: z.string().nullable(),
  fileUrl: z.string().nullable(),
  fileCdnUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  fileLen: z.number().nullable(),
  jpegThumbnail: z.string().nullable(),
  memberName: z.string().nullable(),
  memberAvatar: z.string().nullable(),
  participant: z.string().nullable(),
  refMsgId: z.string().nullable(),
  refContent: z.string().nullable(),
  displayName: z.string().nullable(),
  sendOk: z.boolean(),
  deliveryOK: z.boolean(),
  readOK: z.boolean(),
  failed: z.boolean(),
  errMessage: z.string().nullable(),
  revoked: z.boolean(),
  workWxid: z.string(),
  receiver_id: z.string(),
  talkType: talkTypeSchema,
  index_name: z.string(),
  createSort: z.number(),
  createdAt: z.number(),
  msg_text: z.string(),
  /** Sent by a robot (keyword auto-reply, greeting on accepting), not by a seat. */
  robot: z.boolean().optional(),
  /** When the sender edited the text (platforms with edits, e.g. WhatsApp); unset when never. */
  editedAt: z.number().nullable().optional(),
  /** A private note of a seat (`conv/note`): shown to seats only, never sent to the platform. */
  private: z.boolean().optional(),
  /** A note's author. */
  noteBy: z.object({ uid: z.string(), name: z.string() }).optional(),
  /** The seats a note mentions, or the group members a sent text mentions (`uid` their wxid). */
  mentions: z.array(z.object({ uid: z.string(), name: z.string() })).optional(),
  /** Who sent it, on messages the work account sent (seat, robot, task, API key or phone). */
  sender: messageSender.optional(),
});
export type MessageItem = z.infer<typeof messageItem>;

export const CONVERSATION_MODES = ['account', 'aggregated', 'unread', 'pinned', 'custom'] as const;
export type ConversationMode = (typeof CONVERSATION_MODES)[number];

export const convListBody = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  workWxid: z.string().max(128).optional(),
  mode: z.enum(CONVERSATION_MODES).default('account'),
  sessionGroupId: idString.optional(),
  keyword: z.string().max(64).optional(),
  /** Only single chats (1) or only group chats (2). */
  talkType: talkTypeSchema.optional(),
  /** Only single chats with a contact carrying any of these tags. */
  tagIds: z.array(idString).max(20).optional(),
  /** Inbox views: my chats, unassigned ones, or one seat's (a user id). */
  assignee: z.union([z.literal('me'), z.literal('unassigned'), idString]).optional(),
  status: z.enum(CONVERSATION_STATUSES).optional(),
});
export type ConvListBody = z.infer<typeof convListBody>;

const messageIdCursor = z.union([z.string().regex(/^\d{1,18}$/), z.number().int().min(0)]);

/**
 * `conv/messages`: the latest page, the page before `beforeMessageId` (API.md), and two additions
 * for opening a conversation at a message (a history hit): the page around `aroundMessageId`
 * (the message with the older half before it and the newer half after it) and the page after
 * `afterMessageId` (scrolling down towards the latest). At most one cursor is used:
 * `aroundMessageId` first, then `afterMessageId`, then `beforeMessageId`.
 */
export const convMessagesBody = z.object({
  index_name: indexNameSchema,
  beforeMessageId: messageIdCursor.optional(),
  afterMessageId: messageIdCursor.optional(),
  aroundMessageId: messageIdCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
/**
 * `list` oldest first; `hasMore`: older messages exist (within the one-month window). With
 * `aroundMessageId` or `afterMessageId` also `hasNewer` (newer messages exist after the page) and,
 * around a message, `anchored`: false when that message is not shown in the conversation (older
 * than the one-month window of SPEC §9, or not in it), and the page is then the latest one.
 */
export const convMessagesResult = z.object({
  list: z.array(messageItem),
  hasMore: z.boolean(),
  hasNewer: z.boolean().optional(),
  anchored: z.boolean().optional(),
});
export type ConvMessagesResult = z.infer<typeof convMessagesResult>;

export const sendTextBody = z.object({
  workWxid: z.string().min(1).max(128),
  receiver_id: z.string().min(1).max(128),
  talkType: talkTypeSchema,
  content: z
    .string({ error: 'contentRequired' })
    .min(1, { error: 'contentRequired' })
    .max(MAX_TEXT_LENGTH),
  sendingUUid: z.string().min(1).max(64),
  refMsgId: z.string().max(64).optional(),
  /** Group members the text mentions (their wxids; the text carries `@name`). */
  mentions: z.array(z.string().min(1).max(128)).max(50).optional(),
  /** The seat confirmed sending despite a sensitive word (tenant mode `confirm`). */
  confirmSensitive: z.boolean().optional(),
});
export type SendTextBody = z.infer<typeof sendTextBody>;
export const sendResult = z.object({ messageId: z.string(), requestId: z.string() });

export const sendReferBody = sendTextBody.extend({ refMsgId: z.string().min(1).max(64) });

export const readBody = z.union([
  z.object({ index_name: indexNameSchema }),
  z.object({ mode: z.literal(1), workWxid: z.string().min(1).max(128) }),
  z.object({ mode: z.coerce.number().int().min(2).max(9) }),
]);
export const readResult = z.object({ cleared: z.number() });

export const revokeBody = z.object({
  messageId: z.union([z.string().regex(/^\d{1,18}$/), z.number().int()]),
});
export const pinBody = z.object({ index_name: indexNameSchema, isPin: z.boolean() });

/** Per-account unread counts (the switcher's sessionWsList) and the total. */
export const unreadSummary = z.object({
  total: z.number(),
  accounts: z.array(z.object({ wxid: z.string(), unRead: z.number() })),
});
export type UnreadSummary = z.infer<typeof unreadSummary>;

/** Session groups (custom sessions). */
export const sessionGroupItem = z.object({
  id: z.string(),
  name: z.string(),
  count: z.number(),
  unRead: z.number(),
});
export type SessionGroupItem = z.infer<typeof sessionGroupItem>;
export const sessionGroupSaveBody = z.object({
  id: idString.optional(),
  name: z
    .string({ error: 'sessionGroupNameRequired' })
    .min(1, { error: 'sessionGroupNameRequired' })
    .max(32),
});
export const sessionGroupDelBody = z.object({ id: idString });
export const setGroupBody = z.object({
  index_name: indexNameSchema,
  /** Groups to hold the conversation; an empty list removes it from every group. */
  groupIds: z.array(idString).max(50),
});

/** websocket `send`: progress of a console send. */
export const sendPush = z.object({
  requestId: z.string(),
  messageId: z.string(),
  sendingUUid: z.string().nullable(),
  msgId: z.string().nullable(),
  status: z.number(),
  sendOk: z.boolean(),
  deliveryOK: z.boolean(),
  readOK: z.boolean(),
  errMessage: z.string().optional(),
  index_name: z.string(),
  sender: messageSender.optional(),
});
export type SendPush = z.infer<typeof sendPush>;

/** websocket `revokeMsg`. */
export const revokePush = z.object({
  index_name: z.string(),
  messageId: z.string(),
  msgId: z.string().nullable(),
  msgType: z.literal(99),
  content: z.string(),
});
export type RevokePush = z.infer<typeof revokePush>;

/** websocket `editMsg`: the sender edited a text; `conv` when it is the chat's latest message. */
export const editPush = z.object({
  index_name: z.string(),
  messageId: z.string(),
  msgId: z.string().nullable(),
  content: z.string(),
  editedAt: z.number(),
  conv: conversationItem.optional(),
});
export type EditPush = z.infer<typeof editPush>;

/** websocket `syncRead`: the conversation was read (on the phone or by another seat). */
export const syncReadPush = z.object({ index_name: z.string(), workWxid: z.string() });
export type SyncReadPush = z.infer<typeof syncReadPush>;

/**
 * websocket `convMerged`: the platform found two ids of one person (WhatsApp: a phone id and its
 * LID); the chat `index_name` is gone, its messages and state now in `conv` (open it instead).
 */
export const convMergedPush = z.object({
  index_name: z.string(),
  workWxid: z.string(),
  conv: conversationItem,
});
export type ConvMergedPush = z.infer<typeof convMergedPush>;

/**
 * The message key naming a work account's state in 「工作号状态异常：{reason}」 (a send refused
 * because the account is banned, kicked out, offline…).
 */
export function accountStateKey(
  status: string,
):
  | 'accountStateBanned'
  | 'accountStateKickedOut'
  | 'accountStateOffline'
  | 'accountStateProxyFailed'
  | 'accountStateLoggingIn'
  | 'accountStateNotOnline' {
  switch (status) {
    case 'banned':
      return 'accountStateBanned';
    case 'kickedOut':
      return 'accountStateKickedOut';
    case 'offline':
      return 'accountStateOffline';
    case 'proxyFailed':
      return 'accountStateProxyFailed';
    case 'loggingIn':
    case 'autoLoggingIn':
      return 'accountStateLoggingIn';
    default:
      return 'accountStateNotOnline';
  }
}
