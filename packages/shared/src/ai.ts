import { z } from 'zod';
import type { Text } from './i18n.ts';
import { indexNameSchema } from './conversations.ts';

// AI in the console (API.md "AI", docs/ai.md): an OpenAI-compatible provider of the platform or
// of the tenant, reply drafts, summaries, the AI robot, voice to text.

/** Server messages of the AI features. */
export const aiMessages = {
  aiNotConfigured: { 'zh-CN': '未配置 AI 服务', en: 'AI is not configured' },
  aiDisabled: { 'zh-CN': 'AI 服务已关闭', en: 'AI is turned off' },
  aiBudgetSpent: {
    'zh-CN': '本月 AI 额度已用完',
    en: "This month's AI token budget is spent",
  },
  aiProviderFailed: { 'zh-CN': 'AI 服务出错：{reason}', en: 'The AI service failed: {reason}' },
  aiProviderTimeout: {
    'zh-CN': 'AI 服务响应超时，请稍后再试',
    en: 'The AI service did not answer in time, try again later',
  },
  aiProviderBusy: {
    'zh-CN': 'AI 服务繁忙（请求过多），请稍后再试',
    en: 'The AI service is busy (too many requests), try again later',
  },
  aiProviderAuth: {
    'zh-CN': 'AI 服务拒绝了密钥，请检查 API Key',
    en: 'The AI service refused the key, check the API key',
  },
  aiProviderUnreachable: {
    'zh-CN': '无法连接 AI 服务：{reason}',
    en: 'Cannot reach the AI service: {reason}',
  },
  aiProviderPrivate: {
    'zh-CN': 'AI 服务地址是内网或本机地址，需服务器设置 ALLOW_PRIVATE_NETWORK=1',
    en: 'The AI service is on a private or local address; the server needs ALLOW_PRIVATE_NETWORK=1',
  },
  aiBaseUrlInvalid: {
    'zh-CN': 'AI 服务地址须以 http:// 或 https:// 开头',
    en: 'The AI service address must start with http:// or https://',
  },
  aiModelRequired: { 'zh-CN': '请填写模型名称', en: 'Enter a model name' },
  aiNoSttModel: {
    'zh-CN': '未配置语音转文字模型',
    en: 'No transcription model is configured',
  },
  aiNothingToSummarize: {
    'zh-CN': '会话中还没有可总结的消息',
    en: 'The conversation has no messages to summarize yet',
  },
  aiRobotAccountsRequired: { 'zh-CN': '请选择工作号', en: 'Choose work accounts' },
  aiMonthInvalid: { 'zh-CN': '月份格式应为 YYYY-MM', en: 'The month must be YYYY-MM' },
} satisfies Record<string, Text>;

/** What AI calls are counted as (usage per feature). */
export const AI_FEATURES = [
  'suggest',
  'summary',
  'robot',
  'transcribe',
  'translate',
  'test',
] as const;
export type AiFeature = (typeof AI_FEATURES)[number];

/** `POST /main-api/ai/capability`: whether AI works for the caller's tenant, and why not. */
export const aiCapability = z.object({
  configured: z.boolean(),
  /** Where the provider comes from. */
  source: z.enum(['platform', 'tenant']).nullable(),
  /** Voice to text through the provider (a transcription model is set). */
  stt: z.boolean(),
  /** When not configured: `aiNotConfigured`, `aiDisabled` or `aiBudgetSpent`, in the caller's language. */
  reason: z.string().nullable(),
});
export type AiCapability = z.infer<typeof aiCapability>;

export const aiConversationBody = z.object({ index_name: indexNameSchema });
/** `POST /main-api/ai/suggest` → 1–3 drafts in the conversation's language. */
export const aiSuggestResult = z.object({ suggestions: z.array(z.string()) });
/** `POST /main-api/ai/summary`. */
export const aiSummaryResult = z.object({ summary: z.string() });

/** Most drafts one suggestion gives. */
export const AI_MAX_SUGGESTIONS = 3;

/**
 * Frames of `POST /main-api/ai/suggest-stream` (text/event-stream): `delta` `{text}` (the
 * answer so far grows by `text`), `done` `{suggestions}`, `error` `{message}`.
 */
export type AiStreamFrame =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { suggestions: string[] } }
  | { event: 'error'; data: { message: string } };

/** websocket `aiSummary`: a chat assigned to the seat, with its summary (only that seat gets it). */
export const AI_SUMMARY_EVENT = 'aiSummary';
export const aiSummaryPush = z.object({ index_name: z.string(), summary: z.string() });
export type AiSummaryPush = z.infer<typeof aiSummaryPush>;

/** websocket `aiHandoff`: the AI robot handed a chat to the seats (it is open and unassigned). */
export const AI_HANDOFF_EVENT = 'aiHandoff';
export const aiHandoffPush = z.object({
  index_name: z.string(),
  workWxid: z.string(),
  peerId: z.string(),
  reason: z.enum(['keyword', 'seat', 'cap']),
});
export type AiHandoffPush = z.infer<typeof aiHandoffPush>;

const optionalText = (max: number) => z.string().trim().max(max);

/** A month's AI usage of a tenant, by feature (tokens as the provider reported them). */
export const aiUsageOfMonth = z.object({
  /** `YYYY-MM` (UTC). */
  month: z.string(),
  totalTokens: z.number(),
  byFeature: z.array(
    z.object({
      feature: z.string(),
      calls: z.number(),
      promptTokens: z.number(),
      completionTokens: z.number(),
    }),
  ),
});

/**
 * `POST /main-api/ai/usage` `{month?}` (managers with `ai.manage` or `billing.manage`): a month's
 * usage beside the bill, with the monthly budget (null = none).
 */
export const aiUsageBody = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'aiMonthInvalid' })
    .optional(),
});
export const aiUsageView = aiUsageOfMonth.extend({
  monthlyTokenBudget: z.number().int().nullable(),
  /** Whether AI works for the tenant now (the usage still shows when it does not). */
  configured: z.boolean(),
});
export type AiUsageView = z.infer<typeof aiUsageView>;

/** The tenant's AI settings as the console shows them (the key only as a hint). */
export const aiSettingsView = z.object({
  enabled: z.boolean(),
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  sttModel: z.string().nullable(),
  /** The stored key's last characters (`sk-…abcd`), or null when none is stored. */
  apiKeyHint: z.string().nullable(),
  monthlyTokenBudget: z.number().int().nullable(),
  /** The platform's default provider (AI_BASE_URL), when there is one: its model only. */
  platform: z.object({ model: z.string(), stt: z.boolean() }).nullable(),
  usage: aiUsageOfMonth,
});
export type AiSettingsView = z.infer<typeof aiSettingsView>;

const baseUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), { error: 'aiBaseUrlInvalid' });

/**
 * `POST /main-api/ai/settings/save`: an empty `baseUrl` uses the platform's provider; `apiKey`
 * absent keeps the stored key, `''` removes it.
 */
export const aiSettingsSaveBody = z.object({
  enabled: z.boolean(),
  baseUrl: baseUrl.optional(),
  model: optionalText(200).optional(),
  sttModel: optionalText(200).optional(),
  apiKey: z.string().trim().max(500).optional(),
  monthlyTokenBudget: z.number().int().min(0).max(2_000_000_000).nullable().optional(),
});
export type AiSettingsSaveBody = z.infer<typeof aiSettingsSaveBody>;

/** `POST /main-api/ai/settings/test` (测试连接): the fields given, else the saved settings. */
export const aiSettingsTestBody = z.object({
  baseUrl: baseUrl.optional(),
  model: optionalText(200).optional(),
  apiKey: z.string().trim().max(500).optional(),
});
export const aiSettingsTestResult = z.object({
  ok: z.boolean(),
  model: z.string(),
  latencyMs: z.number(),
  /** The error in the caller's language when not ok. */
  message: z.string().nullable(),
});

/** The libraries the AI robot may draw on. */
export const AI_LIBRARIES = ['phrases', 'materials'] as const;
export const AI_DEFAULT_HANDOFF = ['人工'];

/** `POST /task-api/ai-reply/save` (API.md "AI"). */
export const aiReplySaveBody = z.object({
  workWxids: z
    .array(z.string().min(1).max(128))
    .min(1, { error: 'aiRobotAccountsRequired' })
    .max(500),
  enabled: z.boolean(),
  instructions: z.string().max(4000).default(''),
  handoffKeywords: z.array(z.string().trim().min(1).max(64)).max(50).default(AI_DEFAULT_HANDOFF),
  maxRepliesPerConversation: z.number().int().min(1).max(1000).default(10),
  replyDelaySec: z.number().int().min(0).max(3600).optional(),
  libraries: z.array(z.enum(AI_LIBRARIES)).max(2).optional(),
  dailyCap: z.number().int().min(1).max(100_000).optional(),
});
export type AiReplySaveBody = z.infer<typeof aiReplySaveBody>;

/** `POST /task-api/ai-reply/get` `{workWxid?}`: one account's robot, or the tenant's enabled ones. */
export const aiReplyGetBody = z.object({ workWxid: z.string().min(1).max(128).optional() });
export const aiReplySettings = z.object({
  workWxids: z.array(z.string()),
  enabled: z.boolean(),
  instructions: z.string(),
  handoffKeywords: z.array(z.string()),
  maxRepliesPerConversation: z.number(),
  replyDelaySec: z.number(),
  libraries: z.array(z.string()),
  dailyCap: z.number(),
});
export type AiReplySettings = z.infer<typeof aiReplySettings>;
