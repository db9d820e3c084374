import { z } from 'zod';
import { idString } from './validation.ts';
import type { Text } from './i18n.ts';

/** Server messages of sensitive-word monitoring. */
export const sensitiveMessages = {
  sensitiveWordRequired: { 'zh-CN': '敏感词不能为空', en: 'The sensitive word cannot be empty' },
  sensitiveWordTooLong: {
    'zh-CN': '敏感词长度不能超过 {max} 个字符',
    en: 'A sensitive word is at most {max} characters long',
  },
  sensitiveWordLimit: {
    'zh-CN': '敏感词最多 {max} 个',
    en: 'At most {max} sensitive words',
  },
  sensitiveBlocked: {
    'zh-CN': '消息含敏感词「{word}」，不能发送',
    en: 'The message contains the sensitive word "{word}" and cannot be sent',
  },
  sensitiveConfirm: {
    'zh-CN': '消息含敏感词「{word}」，请确认后再发送',
    en: 'The message contains the sensitive word "{word}"; confirm to send it',
  },
} satisfies Record<string, Text>;

/** Longest sensitive word and most words per tenant. */
export const SENSITIVE_WORD_MAX_LENGTH = 50;
export const SENSITIVE_WORDS_MAX = 5000;

/** `/main-api/sensitive/list`. */
export const sensitiveListBody = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
  keyword: z.string().max(SENSITIVE_WORD_MAX_LENGTH).optional(),
});
export const sensitiveWordItem = z.object({
  id: z.string(),
  word: z.string(),
  createdAt: z.number(),
});
export type SensitiveWordItem = z.infer<typeof sensitiveWordItem>;

/** `/main-api/sensitive/add`: words in bulk; blanks dropped, duplicates ignored. */
export const sensitiveAddBody = z.object({
  words: z
    .array(
      z
        .string({ error: 'sensitiveWordRequired' })
        .max(SENSITIVE_WORD_MAX_LENGTH, { error: 'sensitiveWordTooLong' }),
      { error: 'sensitiveWordRequired' },
    )
    .min(1, { error: 'sensitiveWordRequired' })
    .max(1000),
});
export const sensitiveAddResult = z.object({ added: z.number(), ignored: z.number() });
/** `/main-api/sensitive/del`. */
export const sensitiveDelBody = z.object({
  ids: z.array(idString).min(1).max(1000),
});
export const sensitiveDelResult = z.object({ deleted: z.number() });

/** `/main-api/conv/sensitive-msg-record`. */
export const sensitiveRecordBody = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  workWxid: z.string().max(128).optional(),
});
export const sensitiveRecordItem = z.object({
  id: z.string(),
  word: z.string(),
  messageId: z.string(),
  index_name: z.string(),
  workWxid: z.string(),
  content: z.string(),
  sendSide: z.number(),
  createdAt: z.number(),
  /** The conversation's display name. */
  name: z.string(),
  /** Who sent a sent message (the seat's name as when it was sent; robot, task, phone…). */
  senderName: z.string().nullable().optional(),
  /** The work account's name. */
  accountName: z.string().optional(),
});
export type SensitiveRecordItem = z.infer<typeof sensitiveRecordItem>;

/** `/main-api/sensitive/highlight`: the words a subAdmin sees in red (empty for other roles). */
export const sensitiveHighlight = z.object({ enabled: z.boolean(), words: z.array(z.string()) });
export type SensitiveHighlight = z.infer<typeof sensitiveHighlight>;

/** The first sensitive word found in a text (case-insensitive), with its place; null when none. */
export function firstSensitiveMatch(
  text: string,
  words: readonly string[],
): { word: string; index: number; length: number } | null {
  const lower = text.toLowerCase();
  let best: { word: string; index: number; length: number } | null = null;
  for (const w of words) {
    if (!w) continue;
    const i = lower.indexOf(w.toLowerCase());
    if (i >= 0 && (!best || i < best.index || (i === best.index && w.length > best.length))) {
      best = { word: w, index: i, length: w.length };
    }
  }
  return best;
}

/**
 * What a seat's send containing a sensitive word does (per tenant): `record` it is sent and logged
 * (the default), `confirm` the seat confirms in a dialog first (the send carries
 * `confirmSensitive: true`), `block` it is refused with the word.
 */
export const SENSITIVE_MODES = ['record', 'confirm', 'block'] as const;
export type SensitiveMode = (typeof SENSITIVE_MODES)[number];

/** `/main-api/sensitive/mode/set` (manager of sensitive words). */
export const sensitiveModeBody = z.object({ mode: z.enum(SENSITIVE_MODES) });

/**
 * `/main-api/sensitive/send-rules`: the tenant's mode and, unless it is `record`, its words, so
 * the composer can warn before sending (the server checks again).
 */
export const sensitiveSendRules = z.object({
  mode: z.enum(SENSITIVE_MODES),
  words: z.array(z.string()),
});
export type SensitiveSendRules = z.infer<typeof sensitiveSendRules>;

/** `data` of a send refused for a sensitive word (409 `sensitiveBlocked` / `sensitiveConfirm`). */
export const sensitiveRefusal = z.object({
  mode: z.enum(['confirm', 'block']),
  word: z.string(),
  index: z.number(),
  length: z.number(),
});
export type SensitiveRefusal = z.infer<typeof sensitiveRefusal>;
