import { z } from 'zod';
import { talkTypeSchema } from './chat.ts';
import { conversationItem, messageItem } from './conversations.ts';
import { messageWithConversation } from './talk.ts';

/** The latest time a filter may name (year 2286): keeps values inside a bigint. */
const MAX_TIME_MS = 9_999_999_999_999;

/** `/main-api/conv/poly-message-his`: search messages across the visible work accounts. */
export const historySearchBody = z.object({
  keyword: z.string().max(100).optional(),
  workWxid: z.string().max(128).optional(),
  receiver_id: z.string().max(128).optional(),
  talkType: talkTypeSchema.optional(),
  msgType: z.coerce.number().int().min(1).max(99).optional(),
  startTime: z.coerce.number().int().min(0).max(MAX_TIME_MS).optional(),
  endTime: z.coerce.number().int().min(0).max(MAX_TIME_MS).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type HistorySearchBody = z.infer<typeof historySearchBody>;
export const historySearchResult = z.object({
  list: z.array(messageWithConversation),
  total: z.number(),
});

/** `/main-api/conv/cst/message-list`: messages around one message, to open the conversation there. */
export const messageAroundBody = z.object({
  messageId: z.union([z.string().regex(/^\d{1,18}$/, { error: 'messageNotFound' }), z.number()]),
  before: z.coerce.number().int().min(0).max(100).default(20),
  after: z.coerce.number().int().min(0).max(100).default(20),
});
export const messageAroundResult = z.object({
  conv: conversationItem,
  list: z.array(messageItem),
  messageId: z.string(),
  hasBefore: z.boolean(),
  hasAfter: z.boolean(),
});
