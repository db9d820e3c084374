import { z } from 'zod';
import { idString } from './validation.ts';
import type { Text } from './i18n.ts';
import { talkTypeSchema } from './chat.ts';
import { indexNameSchema, messageItem } from './conversations.ts';

/** Server messages of the tools around a message: stickers, forward, delete, collect, votes. */
export const talkMessages = {
  emoticonNotFound: { 'zh-CN': '表情不存在', en: 'No such sticker' },
  emoticonSaveFailed: { 'zh-CN': '表情包收藏失败...', en: 'Saving the sticker failed...' },
  emoticonNotSticker: {
    'zh-CN': '只能收藏表情消息',
    en: 'Only sticker messages can be saved',
  },
  emoticonTooLarge: {
    'zh-CN': '表情图片不能超过 {max}',
    en: 'A sticker cannot be larger than {max}',
  },
  emoticonLimit: {
    'zh-CN': '表情最多保存 {max} 个',
    en: 'At most {max} stickers can be saved',
  },
  forwardUnsupported: {
    'zh-CN': '该类型的消息不支持转发',
    en: 'This kind of message cannot be forwarded',
  },
  forwardTargetsRequired: {
    'zh-CN': '请选择转发对象',
    en: 'Choose whom to forward to',
  },
  forwardMessagesRequired: {
    'zh-CN': '请选择要转发的消息',
    en: 'Choose the messages to forward',
  },
  forwardTooMany: {
    'zh-CN': '一次最多转发 {max} 条消息给 {targets} 个对象',
    en: 'At most {max} messages to {targets} recipients at once',
  },
  voteNotFound: { 'zh-CN': '投票不存在', en: 'No such vote' },
  voteOptionRequired: { 'zh-CN': '请至少选择一个选项', en: 'Choose at least one option' },
  voteSingleOnly: { 'zh-CN': '该投票只能选择一个选项', en: 'This vote allows only one option' },
  voteOptionInvalid: { 'zh-CN': '投票选项无效', en: 'The vote option is invalid' },
  voteTooMany: {
    'zh-CN': '最多只能选择 {max} 个选项',
    en: 'At most {max} options can be chosen',
  },
  voteAlready: { 'zh-CN': '已经投过票了', en: 'This account has already voted' },
  chatRecordNotFound: { 'zh-CN': '聊天记录不存在', en: 'No such chat record' },
  voiceNotVoice: { 'zh-CN': '只能转换语音消息', en: 'Only voice messages can be transcribed' },
  voiceToTextFailed: {
    'zh-CN': '语音转文字失败：{reason}',
    en: 'Voice to text failed: {reason}',
  },
} satisfies Record<string, Text>;

/** Most stickers a user keeps. */
export const MAX_USER_EMOTICONS = 300;
/** Largest sticker upload. */
export const EMOTICON_MAX_BYTES = 2 * 1024 * 1024;
/** Forward limits: messages per call and recipients per call. */
export const FORWARD_MAX_MESSAGES = 30;
export const FORWARD_MAX_TARGETS = 20;

/** A message id as routes take it: digits or a number. */
export const messageIdValue = z.union([
  z.string().regex(/^\d{1,18}$/, { error: 'messageNotFound' }),
  z.number().int().min(0),
]);

// ---- emoticons ---------------------------------------------------------------------------------

/** A sticker of the system set or of a user's set. */
export const emoticonItem = z.object({
  id: z.string(),
  /** Display name (system set) or ''. */
  name: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  system: z.boolean(),
});
export type EmoticonItem = z.infer<typeof emoticonItem>;
export const emoticonList = z.object({ list: z.array(emoticonItem) });

/** `/api/v1/emoticon/set-user-emoticon`: save a received sticker (or any sticker message). */
export const setUserEmoticonBody = z.object({ messageId: messageIdValue });
export const emoticonIdsBody = z.object({
  ids: z.array(idString).min(1).max(100),
});

/** `/api/v1/talk/message/emoticon`: send a sticker of the system or the user's set. */
export const sendEmoticonBody = z.object({
  workWxid: z.string().min(1).max(128),
  receiver_id: z.string().min(1).max(128),
  talkType: talkTypeSchema,
  sendingUUid: z.string().min(1).max(64),
  emoticonId: z.string({ error: 'emoticonNotFound' }).min(1, { error: 'emoticonNotFound' }).max(64),
});
export type SendEmoticonBody = z.infer<typeof sendEmoticonBody>;

// ---- forward, delete, collect -------------------------------------------------------------------

/** A recipient of a forward: a friend or group of a visible work account. */
export const forwardTarget = z.object({
  workWxid: z.string().min(1).max(128),
  receiver_id: z.string().min(1).max(128),
  talkType: talkTypeSchema,
});
export const forwardBody = z.object({
  messageIds: z
    .array(messageIdValue, { error: 'forwardMessagesRequired' })
    .min(1, { error: 'forwardMessagesRequired' })
    .max(FORWARD_MAX_MESSAGES),
  targets: z
    .array(forwardTarget, { error: 'forwardTargetsRequired' })
    .min(1, { error: 'forwardTargetsRequired' })
    .max(FORWARD_MAX_TARGETS),
});
export type ForwardBody = z.infer<typeof forwardBody>;
export const forwardResult = z.object({
  list: z.array(
    z.object({
      messageId: z.string(),
      requestId: z.string(),
      index_name: z.string(),
      sourceMessageId: z.string(),
    }),
  ),
});

/** `/api/v1/talk/delete`: hide messages for the whole tenant. */
export const deleteMessagesBody = z.object({
  messageIds: z.array(messageIdValue).min(1).max(100),
});
export const deleteMessagesResult = z.object({ deleted: z.number() });
/** websocket `deleteMsg`: messages hidden by someone of the tenant. */
export const deleteMsgPush = z.object({ index_name: z.string(), messageIds: z.array(z.string()) });

/** `/api/v1/talk/collect`: save a message to the caller's collection. */
export const collectBody = z.object({ messageId: messageIdValue });
export const collectItem = z.object({
  id: z.string(),
  messageId: z.string(),
  msgType: z.number(),
  content: z.string(),
  fileUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  fileLen: z.number().nullable(),
  index_name: z.string(),
  workWxid: z.string(),
  msgTime: z.number(),
  createdAt: z.number(),
});
export type CollectItem = z.infer<typeof collectItem>;
export const collectListBody = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

// ---- votes (SPEC §4) ------------------------------------------------------------------------------

/** `/api/v1/talk/vote`: the record of a poll (record_id as in the message's vote). */
export const voteRecordBody = z.object({
  record_id: z.string().min(1, { error: 'voteNotFound' }).max(64),
  /** The poll message, when known (the record is looked up by it). */
  messageId: messageIdValue.optional(),
});
/** `/api/v1/talk/vote/handle`: vote; several options joined by a comma. */
export const voteHandleBody = voteRecordBody.extend({
  options: z
    .union([z.string().max(500), z.array(z.string().max(64)).max(50)], {
      error: 'voteOptionRequired',
    })
    .transform((v) => (Array.isArray(v) ? v.join(',') : v)),
});
/** A poll with its results: count and percent per option. */
export const voteRecord = z.object({
  record_id: z.string(),
  messageId: z.string(),
  detail: z.object({
    title: z.string(),
    answer_mode: z.union([z.literal(0), z.literal(1)]),
    answer_num: z.number(),
    answered_num: z.number(),
    answer_option: z.array(z.object({ key: z.string(), value: z.string() })),
  }),
  statistics: z.object({
    count: z.number(),
    options: z.array(
      z.object({ key: z.string(), value: z.string(), count: z.number(), percent: z.number() }),
    ),
  }),
  vote_users: z.array(z.string()),
  /** Whether the message's work account has voted, and what. */
  voted: z.boolean(),
  myOptions: z.array(z.string()),
});
export type VoteRecord = z.infer<typeof voteRecord>;

/** websocket `voteUpdate`: a poll's record after a vote by someone of the tenant. */
export const voteUpdatePush = z.object({ index_name: z.string(), record: voteRecord });
export type VoteUpdatePush = z.infer<typeof voteUpdatePush>;

/** Percent of one option: votes / total, rounded to one decimal (0 when nobody voted). */
export function votePercent(count: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((count / total) * 1000) / 10;
}

// ---- forwarded chat records (type 21) -----------------------------------------------------------

/** `/api/v1/talk/find-chat-records?record_id=`: the items of a forwarded chat record. */
export const chatRecordsQuery = z.object({ record_id: messageIdValue });
export const chatRecords = z.object({
  record_id: z.string(),
  title: z.string(),
  list: z.array(z.object({ name: z.string(), content: z.string(), time: z.number() })),
  total: z.number(),
});
export type ChatRecords = z.infer<typeof chatRecords>;
/** `/api/v1/talk/get-forward-records?index_name=`: the chat records of a conversation. */
export const forwardRecordsQuery = z.object({
  index_name: indexNameSchema,
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const forwardRecordItem = z.object({
  record_id: z.string(),
  title: z.string(),
  count: z.number(),
  msgTime: z.number(),
  sendSide: z.number(),
});
export const forwardRecordList = z.object({ list: z.array(forwardRecordItem), total: z.number() });

// ---- voice to text ------------------------------------------------------------------------------

/** `/wechat_api/message/voiceToText`. */
export const voiceToTextBody = z.object({ messageId: messageIdValue });
export const voiceToTextResult = z.object({ messageId: z.string(), text: z.string() });

/** A message with its conversation's name, for lists outside a conversation. */
export const messageWithConversation = messageItem.extend({
  conversationName: z.string(),
  conversationAvatar: z.string(),
});
export type MessageWithConversation = z.infer<typeof messageWithConversation>;
