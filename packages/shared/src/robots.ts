import { z } from 'zod';
import type { Text } from './i18n.ts';
import { talkTypeSchema } from './chat.ts';
import { materialMessageRef } from './material.ts';
import { idString, requiredError } from './validation.ts';

/** Server messages of the robots (auto-accept, greeting on accepting, keyword auto-reply). */
export const robotMessages = {
  keywordRuleNotFound: { 'zh-CN': '关键词规则不存在', en: 'The keyword rule does not exist' },
  robotFileInvalid: {
    'zh-CN': '文件地址无效，请重新上传',
    en: 'The file address is not valid, upload it again',
  },
  robotLinkInvalid: { 'zh-CN': '链接地址无效', en: 'The link address is not valid' },
  robotDelayRange: {
    'zh-CN': '最长延迟不能小于最短延迟',
    en: 'The longest delay cannot be shorter than the shortest',
  },
  robotTagNotFound: { 'zh-CN': '标签不存在', en: 'The tag does not exist' },
} satisfies Record<string, Text>;

/** Most reply messages of a rule or a greeting (issue 15: up to 5). */
export const MAX_ROBOT_MESSAGES = 5;
/** Most keywords of one rule. */
export const MAX_RULE_KEYWORDS = 50;
/** Longest keyword. */
export const MAX_KEYWORD_LENGTH = 64;
/** SPEC §9: the keyword list is requested as page 1, limit 500. */
export const KEYWORD_LIST_LIMIT = 500;

const wxid = z.string().min(1).max(128);
const keyword = z.string().min(1, { error: 'keywordTargetRequired' }).max(MAX_KEYWORD_LENGTH);

/** One message a robot sends: the types the composer sends (text, files, link, mini-program). */
export const robotMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    content: z
      .string({ error: requiredError('textOrImageRequired') })
      .min(1, { error: 'textOrImageRequired' })
      .max(2000),
  }),
  z.object({
    kind: z.literal('image'),
    fileUrl: z.string().min(1, { error: 'robotFileInvalid' }).max(1024),
    fileName: z.string().max(255).optional(),
  }),
  z.object({
    kind: z.literal('file'),
    fileUrl: z.string().min(1, { error: 'robotFileInvalid' }).max(1024),
    fileName: z.string().max(255).optional(),
  }),
  z.object({
    kind: z.literal('video'),
    fileUrl: z.string().min(1, { error: 'robotFileInvalid' }).max(1024),
    fileName: z.string().max(255).optional(),
  }),
  z.object({
    kind: z.literal('link'),
    title: z.string({ error: 'linkTitleRequired' }).min(1, { error: 'linkTitleRequired' }).max(200),
    description: z.string().max(500).default(''),
    url: z.string({ error: 'linkUrlInvalid' }).min(1, { error: 'linkUrlInvalid' }).max(2048),
    thumbUrl: z.string().max(2048).optional(),
  }),
  z.object({
    kind: z.literal('miniProgram'),
    title: z
      .string({ error: 'miniAppFieldsRequired' })
      .min(1, { error: 'miniAppFieldsRequired' })
      .max(200),
    appId: z
      .string({ error: 'miniAppFieldsRequired' })
      .min(1, { error: 'miniAppFieldsRequired' })
      .max(64),
    appName: z.string().max(100).default(''),
    pagePath: z
      .string({ error: 'miniAppFieldsRequired' })
      .min(1, { error: 'miniAppFieldsRequired' })
      .max(1024),
    thumbUrl: z.string().max(2048).optional(),
  }),
  materialMessageRef,
]);
export type RobotMessage = z.infer<typeof robotMessage>;
export type RobotMessageKind = RobotMessage['kind'];

const robotMessages5 = z
  .array(robotMessage, { error: requiredError('textOrImageRequired') })
  .min(1, { error: 'textOrImageRequired' })
  .max(MAX_ROBOT_MESSAGES);

// ---------------------------------------------------------------- keyword auto-reply

export const KEYWORD_MATCH_MODES = ['exact', 'contains'] as const;
export type KeywordMatchMode = (typeof KEYWORD_MATCH_MODES)[number];

/** Where a rule answers: accounts (empty = all), chat kinds, groups only when mentioned. */
export const keywordScope = z.object({
  workWxids: z.array(wxid).max(500).default([]),
  talkTypes: z
    .array(talkTypeSchema, { error: requiredError('keywordTargetRequired') })
    .min(1, { error: 'keywordTargetRequired' })
    .max(2),
  mentionOnly: z.boolean().default(false),
});
export type KeywordScope = z.infer<typeof keywordScope>;

const ruleFields = {
  keywords: z
    .array(keyword, { error: requiredError('keywordTargetRequired') })
    .min(1, { error: 'keywordTargetRequired' })
    .max(MAX_RULE_KEYWORDS),
  matchMode: z.enum(KEYWORD_MATCH_MODES).default('contains'),
  scope: keywordScope,
  replies: robotMessages5,
  enabled: z.boolean().default(true),
  priority: z.number().int().min(0).max(1000).default(0),
  cooldownSec: z.number().int().min(0).max(86_400).default(0),
};

/** `POST /task-api/auto-reply/keywords/create`. */
export const keywordRuleCreateBody = z.object(ruleFields);
export type KeywordRuleCreateBody = z.infer<typeof keywordRuleCreateBody>;

/** `POST /task-api/auto-reply/keywords/modify`. */
export const keywordRuleModifyBody = z.object({ id: idString, ...ruleFields });
export type KeywordRuleModifyBody = z.infer<typeof keywordRuleModifyBody>;

/** `POST /task-api/auto-reply/keywords/fetch` (SPEC §9: page 1, limit 500). */
export const keywordRuleFetchBody = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(KEYWORD_LIST_LIMIT).default(KEYWORD_LIST_LIMIT),
  keyword: z.string().max(MAX_KEYWORD_LENGTH).optional(),
});
export type KeywordRuleFetchBody = z.infer<typeof keywordRuleFetchBody>;

/** `POST /task-api/auto-reply/keywords/delete`. */
export const keywordRuleDeleteBody = z.object({
  ids: z
    .array(idString, { error: requiredError('pickAtLeastOne') })
    .min(1, { error: 'pickAtLeastOne' })
    .max(500),
});

/** `POST /task-api/auto-reply/keywords/modify/enabled`. */
export const keywordRuleEnabledBody = z.object({ id: idString, enabled: z.boolean() });

/** A keyword rule as the list shows it. */
export const keywordRuleItem = z.object({
  id: z.string(),
  keywords: z.array(z.string()),
  matchMode: z.enum(KEYWORD_MATCH_MODES),
  scope: z.object({
    workWxids: z.array(z.string()),
    talkTypes: z.array(talkTypeSchema),
    mentionOnly: z.boolean(),
  }),
  replies: z.array(robotMessage),
  enabled: z.boolean(),
  priority: z.number(),
  cooldownSec: z.number(),
  hits: z.number(),
  lastHitAt: z.number().nullable(),
  createdAt: z.number(),
});
export type KeywordRuleItem = z.infer<typeof keywordRuleItem>;

export const keywordRuleCreated = z.object({ id: z.string() });
export const keywordRuleDeleted = z.object({ deleted: z.number() });

// ---------------------------------------------------------------- auto-accept and greeting

/** `POST /api/autoAgree/get` and `reply/get`: one account's settings, or the tenant default. */
export const autoAgreeGetBody = z.object({ workWxid: wxid.optional() });
export type AutoAgreeGetBody = z.infer<typeof autoAgreeGetBody>;

/** `POST /api/autoAgree/update` (API.md; no `workWxid` = the tenant default). */
export const autoAgreeUpdateBody = z
  .object({
    workWxid: wxid.optional(),
    enabled: z.boolean(),
    /** Accept only requests whose greeting contains one of these; empty = accept all. */
    keywords: z.array(keyword).max(MAX_RULE_KEYWORDS).default([]),
    delayMinSec: z.number().int().min(0).max(86_400),
    delayMaxSec: z.number().int().min(0).max(86_400),
    dailyCap: z.number().int().min(1).max(5000),
    tagIds: z.array(idString).max(20).default([]),
  })
  .refine((b) => b.delayMaxSec >= b.delayMinSec, {
    error: 'robotDelayRange',
    path: ['delayMaxSec'],
  });
export type AutoAgreeUpdateBody = z.infer<typeof autoAgreeUpdateBody>;

/** Auto-accept settings as read: `inherited` when the account has none and the default applies. */
export const autoAgreeItem = z.object({
  workWxid: z.string().nullable(),
  enabled: z.boolean(),
  keywords: z.array(z.string()),
  delayMinSec: z.number(),
  delayMaxSec: z.number(),
  dailyCap: z.number(),
  tagIds: z.array(z.string()),
  inherited: z.boolean(),
  /** Requests the robot accepted today for this account (0 for the default). */
  acceptedToday: z.number(),
});
export type AutoAgreeItem = z.infer<typeof autoAgreeItem>;

/** `POST /api/autoAgree/reply/save`: the greeting sent after a request is accepted. */
export const autoAgreeReplySaveBody = z.object({
  workWxid: wxid.optional(),
  enabled: z.boolean().default(true),
  messages: robotMessages5,
  intervalSec: z.number().int().min(0).max(3600),
});
export type AutoAgreeReplySaveBody = z.infer<typeof autoAgreeReplySaveBody>;

/** The greeting as read (`messages` empty when none is set). */
export const autoAgreeReplyItem = z.object({
  workWxid: z.string().nullable(),
  enabled: z.boolean(),
  messages: z.array(robotMessage),
  intervalSec: z.number(),
  inherited: z.boolean(),
});
export type AutoAgreeReplyItem = z.infer<typeof autoAgreeReplyItem>;

/** `POST /api/autoAgree/list`: the accounts that have their own settings (beside the default). */
export const autoAgreeListResult = z.object({
  accept: z.array(autoAgreeItem),
  reply: z.array(autoAgreeReplyItem),
});
export type AutoAgreeListResult = z.infer<typeof autoAgreeListResult>;

/** Default auto-accept settings of a tenant that never saved any. */
export const AUTO_AGREE_DEFAULTS = {
  enabled: false,
  keywords: [] as string[],
  delayMinSec: 5,
  delayMaxSec: 30,
  dailyCap: 100,
  tagIds: [] as string[],
};

/** Normalises text for keyword matching: full-width to half-width (NFKC) and lower case. */
export function normalizeKeywordText(s: string): string {
  return s.normalize('NFKC').toLowerCase();
}
