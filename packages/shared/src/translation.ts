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
  translateUnreachable: {
    'zh-CN': '无法连接翻译服务，请检查服务地址与网络',
    en: 'The translation service cannot be reached; check its address and the network',
  },
  translateTimeout: {
    'zh-CN': '翻译服务响应超时，请稍后再试',
    en: 'The translation service did not answer in time, try again later',
  },
  translateRefused: {
    'zh-CN': '翻译服务地址指向内网，不允许访问',
    en: 'The translation service address points to a private network and is not allowed',
  },
  translateAuthFailed: {
    'zh-CN': '翻译服务拒绝了密钥，请检查 App ID 与密钥',
    en: 'The translation service refused the key; check the app ID and key',
  },
  translateQuota: {
    'zh-CN': '翻译服务额度不足或请求过于频繁',
    en: 'The translation service quota is used up or requests are too frequent',
  },
  translatePairUnsupported: {
    'zh-CN': '翻译服务不支持该语言组合',
    en: 'The translation service does not support this language pair',
  },
  translateKeyRequired: { 'zh-CN': '请填写密钥', en: 'Enter the key' },
  translateAppIdRequired: { 'zh-CN': '请填写 App ID', en: 'Enter the app ID' },
  translateBaseUrlRequired: { 'zh-CN': '请填写服务地址', en: 'Enter the service address' },
  translateModelRequired: { 'zh-CN': '请填写模型名称', en: 'Enter the model name' },
  translateBaseUrlInvalid: {
    'zh-CN': '服务地址须以 http:// 或 https:// 开头',
    en: 'The service address must start with http:// or https://',
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

/** The translation providers a tenant may choose (docs/translation.md). */
export const TRANSLATION_PROVIDERS = [
  'libretranslate',
  'ai',
  'deepl',
  'openai',
  'baidu',
  'youdao',
  'tencent',
] as const;
export type TranslationProviderId = (typeof TRANSLATION_PROVIDERS)[number];

/** A settings field of a provider: whether it must be filled (`true`) or may be (`false`). */
export type TranslationFieldNeed = Partial<
  Record<'baseUrl' | 'appId' | 'apiKey' | 'model' | 'region', boolean>
>;
/**
 * The fields each provider uses. `baseUrl` of DeepL, Baidu, Youdao and Tencent is optional and
 * replaces their public address (a gateway or proxy in front of them).
 */
export const TRANSLATION_PROVIDER_FIELDS: Record<TranslationProviderId, TranslationFieldNeed> = {
  libretranslate: { baseUrl: true, apiKey: false },
  /** The tenant's AI provider (设置 › AI 服务, docs/ai.md): nothing of its own to enter. */
  ai: {},
  deepl: { apiKey: true, baseUrl: false },
  openai: { baseUrl: true, apiKey: false, model: true },
  baidu: { appId: true, apiKey: true, baseUrl: false },
  youdao: { appId: true, apiKey: true, baseUrl: false },
  tencent: { appId: true, apiKey: true, region: false, baseUrl: false },
};

const field = (max: number) => z.string().trim().max(max).optional();

/**
 * `POST /api/v1/translate/settings` (save) and `/settings/test`: the tenant's provider. An
 * omitted `apiKey` keeps the stored one (the browser only ever sees its masked hint).
 */
export const translateSettingsBody = z.object({
  provider: z.enum(TRANSLATION_PROVIDERS),
  baseUrl: field(500),
  appId: field(200),
  apiKey: field(1000),
  model: field(200),
  region: field(64),
});
export type TranslateSettingsBody = z.infer<typeof translateSettingsBody>;

/**
 * `GET /api/v1/translate/settings`: the tenant's provider (null: the platform default, when the
 * server has one — `platformDefault`), the key only as a masked hint.
 */
export const translateSettings = z.object({
  provider: z.enum(TRANSLATION_PROVIDERS).nullable(),
  baseUrl: z.string().nullable(),
  appId: z.string().nullable(),
  model: z.string().nullable(),
  region: z.string().nullable(),
  keyHint: z.string().nullable(),
  platformDefault: z.boolean(),
});
export type TranslateSettings = z.infer<typeof translateSettings>;

/** `POST /api/v1/translate/settings/test`: what the provider answered. */
export const translateTestResult = z.object({
  languages: z.number().int(),
  sample: z.string(),
});
