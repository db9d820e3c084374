import { z } from 'zod';
import type { Text } from './i18n.ts';
import { indexNameSchema, sendTextBody } from './conversations.ts';

/** Server messages of the translation assistant. */
export const translationMessages = {
  translationDisabled: {
    'zh-CN': '未配置翻译服务',
    en: 'No translation service is configured',
  },
  translateLanguageRequired: {
    'zh-CN': '请选择翻译语言',
    en: 'Choose a language to translate into',
  },
  translateLanguageUnknown: {
    'zh-CN': '不支持的翻译语言',
    en: 'This language is not supported',
  },
  translateFailed: {
    'zh-CN': '翻译失败，请稍后再试',
    en: 'Translation failed, try again later',
  },
  translateNothing: {
    'zh-CN': '该消息没有可翻译的文字',
    en: 'This message has no text to translate',
  },
} satisfies Record<string, Text>;

/** Longest text translated at once. */
export const TRANSLATE_MAX_LENGTH = 5000;

/** `GET /api/v1/translate/capability`: whether a provider is configured (the SPA hides it otherwise). */
export const translateCapability = z.object({ enabled: z.boolean() });
/** A language the provider speaks. */
export const translateLanguage = z.object({ code: z.string(), name: z.string() });
export type TranslateLanguage = z.infer<typeof translateLanguage>;
export const translateLanguages = z.object({ list: z.array(translateLanguage) });

const target = z
  .string({ error: 'translateLanguageRequired' })
  .min(1, { error: 'translateLanguageRequired' })
  .max(16);
const source = z.string().max(16).optional();

/** `/api/v1/translate/message`: translate a message on demand (also pushed as `translate`). */
export const translateMessageBody = z.object({
  messageId: z.union([z.string().regex(/^\d{1,18}$/, { error: 'messageNotFound' }), z.number()]),
  target,
  source,
});
/** `/api/v1/translate/text`: translate what the operator is about to send. */
export const translateTextBody = z.object({
  text: z.string().min(1, { error: 'translateNothing' }).max(TRANSLATE_MAX_LENGTH),
  target,
  source,
});
export const translateResult = z.object({
  text: z.string(),
  source: z.string(),
  target: z.string(),
});
/** websocket `translate`: a translated message, to the user who asked. */
export const translatePush = z.object({
  messageId: z.string(),
  index_name: z.string(),
  text: z.string(),
  target: z.string(),
});
export type TranslatePush = z.infer<typeof translatePush>;

/** `/api/v1/translate/send`: auto translate, then send the translation (target required). */
export const translateSendBody = sendTextBody.omit({ refMsgId: true }).extend({ target, source });
export const translateSendResult = z.object({
  messageId: z.string(),
  requestId: z.string(),
  text: z.string(),
});

/** Most messages translated in one call of `/api/v1/translate/messages`. */
export const TRANSLATE_BATCH_MAX = 50;

const lang = z.string().max(16);

/** `/api/v1/translate/auto/get`: the caller's auto translation of a conversation. */
export const translateAutoGetBody = z.object({ index_name: indexNameSchema });
/**
 * `/api/v1/translate/auto/set`: turn auto translation of a conversation on or off for the caller.
 * On needs both languages: `seatLang` (inbound text is shown in it) and `peerLang` (what the
 * seat sends is translated into it) — SPEC §5 'auto translate needs a chosen language'.
 */
export const translateAutoSetBody = z.object({
  index_name: indexNameSchema,
  enabled: z.boolean(),
  seatLang: lang.optional(),
  peerLang: lang.optional(),
});
export const translateAutoSettings = z.object({
  enabled: z.boolean(),
  seatLang: z.string().nullable(),
  peerLang: z.string().nullable(),
});
export type TranslateAutoSettings = z.infer<typeof translateAutoSettings>;

/**
 * `/api/v1/translate/messages`: translations of messages of one conversation (cached; each new
 * one is also pushed as `translate`). Messages without text are left out of the answer.
 */
export const translateMessagesBody = z.object({
  index_name: indexNameSchema,
  messageIds: z
    .array(z.string().regex(/^\d{1,18}$/, { error: 'messageNotFound' }))
    .min(1)
    .max(TRANSLATE_BATCH_MAX),
  target,
});
export const translateMessagesResult = z.object({ list: z.array(translatePush) });
