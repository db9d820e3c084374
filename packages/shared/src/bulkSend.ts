import { z } from 'zod';
import type { Text } from './i18n.ts';
import { MAX_TEXT_LENGTH } from './conversations.ts';
import { listResult } from './envelope.ts';
import { exportQuery } from './export.ts';
import { materialMessageRef } from './material.ts';
import { idString, requiredError, requiredString } from './validation.ts';

/** Server messages of the group helper's mass send (SPEC §5, §8). */
export const bulkSendMessages = {
  bulkTaskNotFound: { 'zh-CN': '任务不存在', en: 'No such task' },
  bulkNoFailedRows: { 'zh-CN': '没有发送失败的记录', en: 'No failed sends to reissue' },
  bulkNoTargets: { 'zh-CN': '没有可发送的对象', en: 'No one to send to' },
  bulkTagsRequired: { 'zh-CN': '请选择标签', en: 'Please choose tags' },
  bulkListRequired: { 'zh-CN': '请选择发送对象', en: 'Please choose the recipients' },
  bulkSendAtRequired: { 'zh-CN': '请选择发送时间', en: 'Please choose a send time' },
  bulkNotFriend: {
    'zh-CN': '不是所选工作号的好友',
    en: 'Not a friend of any chosen work account',
  },
  bulkNotInGroup: {
    'zh-CN': '所选工作号不在该群中',
    en: 'No chosen work account is in this group',
  },
  bulkAccountBanned: { 'zh-CN': '工作号已被封禁', en: 'The work account is banned' },
  bulkAccountGone: { 'zh-CN': '工作号已删除', en: 'The work account was deleted' },
  bulkEarlierFailed: {
    'zh-CN': '同一联系人的前一条消息发送失败，本条未发送',
    en: 'Not sent: an earlier message to this contact failed',
  },
  bulkQuietHoursFormat: {
    'zh-CN': '免打扰时段格式应为 HH:mm',
    en: 'Quiet hours must be written HH:mm',
  },
  bulkClosedBanned: {
    'zh-CN': '有工作号被封禁，部分消息未发送',
    en: 'A work account was banned; some messages were not sent',
  },
} satisfies Record<string, Text>;

/** Task states of SPEC §4 (API.md's words): importing, pending, in progress, paused, completed, abnormal close. */
export const BULK_TASK_STATES = [
  'importing',
  'pending',
  'running',
  'paused',
  'completed',
  'abnormal',
] as const;
export type BulkTaskState = (typeof BULK_TASK_STATES)[number];

/** Send states of SPEC §4 (API.md's words). */
export const BULK_SEND_STATES = [
  'toBeSent',
  'sent',
  'delivered',
  'read',
  'failed',
  'undelivered',
  'awaitingReceipt',
  'noReceipt',
] as const;
export type BulkSendState = (typeof BULK_SEND_STATES)[number];

/**
 * What the details and their export filter by: one send state, or `allFailed` (failed and
 * undelivered: what a task counts as failed).
 */
export const BULK_SEND_FILTERS = ['allFailed', ...BULK_SEND_STATES] as const;
export type BulkSendFilter = (typeof BULK_SEND_FILTERS)[number];

/** Most messages of a task (SPEC §9: quick mode fills five). */
export const BULK_MAX_MESSAGES = 5;
/** Most work accounts of a task. */
export const BULK_MAX_ACCOUNTS = 200;
/** Most targets a create names (chosen contacts, groups, an uploaded list). */
export const BULK_MAX_LIST = 20_000;
/** Most targets one task plans (all friends of many accounts included). */
export const BULK_MAX_TARGETS = 100_000;
/** Mass-send channels of SPEC §9 (channel 4, a hijacked account, is not built). */
export const BULK_CHANNELS = [1, 2, 3] as const;

const wxid = z.string().min(1).max(128);
const url = z.string().min(1).max(2000);
const title = z.string().max(200);

/** One message of a task: text, image, file, video, link or mini-program. */
export const bulkMessageInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), content: z.string().max(MAX_TEXT_LENGTH) }),
  z.object({
    kind: z.enum(['image', 'file', 'video']),
    fileUrl: url,
    fileName: z.string().max(255).optional(),
  }),
  z.object({
    kind: z.literal('link'),
    title,
    description: z.string().max(500).default(''),
    url,
    thumbUrl: url.optional(),
  }),
  z.object({
    kind: z.literal('miniProgram'),
    title,
    appId: z.string().min(1).max(128),
    appName: z.string().max(128).default(''),
    pagePath: z.string().max(500).default(''),
    thumbUrl: url.optional(),
  }),
  materialMessageRef,
]);
export type BulkMessageInput = z.infer<typeof bulkMessageInput>;
export type BulkMessageKind = BulkMessageInput['kind'];

/** Who a task sends to. */
export const bulkTargets = z.object({
  /** all friends (or groups) of the accounts, friends with any of the tags, a list of ids, chosen groups. */
  mode: z.enum(['all', 'tags', 'list', 'groups']),
  tagIds: z.array(idString).max(100).optional(),
  /** Friend ids (chosen contacts or an uploaded list) or group ids. */
  wxids: z.array(wxid).max(BULK_MAX_LIST).optional(),
});
export type BulkTargets = z.infer<typeof bulkTargets>;

/** Whether a text message is empty (SPEC §5: text and image cannot both be empty). */
function emptyMessage(m: BulkMessageInput): boolean {
  return m.kind === 'text' && m.content.trim() === '';
}

/** `POST /task-api/bulk-send-task/create`. */
export const bulkTaskCreateBody = z
  .object({
    taskName: requiredString('taskNameRequired', 64),
    taskType: z.enum(['friends', 'groups']),
    workWxids: z
      .array(wxid, { error: requiredError('workAccountRequired') })
      .min(1, { error: 'workAccountRequired' })
      .max(BULK_MAX_ACCOUNTS),
    targets: bulkTargets,
    messages: z
      .array(bulkMessageInput, { error: requiredError('textOrImageRequired') })
      .min(1, { error: 'textOrImageRequired' })
      .max(BULK_MAX_MESSAGES),
    sendType: z.enum(['now', 'scheduled']).default('now'),
    /** When a scheduled task starts (epoch ms). */
    sendAt: z.number().int().min(0).max(8_640_000_000_000).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.messages.some(emptyMessage)) {
      ctx.addIssue({ code: 'custom', path: ['messages'], message: 'textOrImageRequired' });
    }
    if (b.sendType === 'scheduled' && b.sendAt === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sendAt'], message: 'bulkSendAtRequired' });
    }
    const t = b.targets;
    if (t.mode === 'tags' && !t.tagIds?.length) {
      ctx.addIssue({ code: 'custom', path: ['targets', 'tagIds'], message: 'bulkTagsRequired' });
    }
    if ((t.mode === 'list' || t.mode === 'groups') && !t.wxids?.length) {
      ctx.addIssue({ code: 'custom', path: ['targets', 'wxids'], message: 'bulkListRequired' });
    }
  });
export type BulkTaskCreateBody = z.infer<typeof bulkTaskCreateBody>;

export const bulkTaskCreateResult = z.object({ taskId: z.string() });
export type BulkTaskCreateResult = z.infer<typeof bulkTaskCreateResult>;

/** `POST /task-api/bulk-send-task/fetch`. */
export const bulkTaskFetchBody = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(BULK_TASK_STATES).optional(),
});
export type BulkTaskFetchBody = z.infer<typeof bulkTaskFetchBody>;

/** Counts of a task's sends (one per target and message) by send state. */
export const bulkStateCounts = z.object(
  Object.fromEntries(BULK_SEND_STATES.map((s) => [s, z.number().int()])) as Record<
    BulkSendState,
    z.ZodNumber
  >,
);
export type BulkStateCounts = z.infer<typeof bulkStateCounts>;

/** One task of the list (API.md's fields, then the console's). */
export const bulkTaskItem = z.object({
  taskId: z.string(),
  taskName: z.string(),
  taskType: z.enum(['friends', 'groups']),
  status: z.enum(BULK_TASK_STATES),
  sendType: z.enum(['now', 'scheduled']),
  sendAt: z.number().nullable(),
  startAt: z.number().nullable(),
  endAt: z.number().nullable(),
  /** Sends of the task: one per target and message. */
  total: z.number().int(),
  /** Handed to the platform and not failed (sent, delivered, read, no receipt). */
  sent: z.number().int(),
  /** Failed or undelivered. */
  failed: z.number().int(),
  /** Not answered by the platform yet (to be sent, awaiting receipt). */
  pending: z.number().int(),
  targets: z.number().int(),
  messageCount: z.number().int(),
  workWxids: z.array(z.string()),
  createdAt: z.number(),
  /** Why the task closed abnormally (reader's language). */
  reason: z.string().optional(),
  counts: bulkStateCounts,
});
export type BulkTaskItem = z.infer<typeof bulkTaskItem>;
export const bulkTaskFetchResult = listResult(bulkTaskItem);
export type BulkTaskFetchResult = z.infer<typeof bulkTaskFetchResult>;

/** `failed-reissue`, `delete`, `restart`, `pause`: one task. */
export const bulkTaskIdBody = z.object({ taskId: idString });
export type BulkTaskIdBody = z.infer<typeof bulkTaskIdBody>;

/** `failed-reissue`: how many sends were queued again. */
export const bulkReissueResult = z.object({ reissued: z.number().int() });
export type BulkReissueResult = z.infer<typeof bulkReissueResult>;

/** `POST /task-api/bulk-send-task/sub-task/details`. */
export const bulkDetailsBody = z.object({
  taskId: idString,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  state: z.enum(BULK_SEND_FILTERS).optional(),
});
export type BulkDetailsBody = z.infer<typeof bulkDetailsBody>;

/** One send of a task: a target and one of the task's messages. */
export const bulkDetailItem = z.object({
  workWxid: z.string(),
  targetWxid: z.string(),
  state: z.enum(BULK_SEND_STATES),
  error: z.string().optional(),
  sentAt: z.number().optional(),
  /** 1-based: which of the task's messages. */
  messageIndex: z.number().int(),
  messageKind: z.enum(['text', 'image', 'file', 'video', 'link', 'miniProgram']),
  targetName: z.string(),
});
export type BulkDetailItem = z.infer<typeof bulkDetailItem>;
export const bulkDetailsResult = listResult(bulkDetailItem);
export type BulkDetailsResult = z.infer<typeof bulkDetailsResult>;

/** `GET /task-api/bulk-send-task/sub-task/export`: a task's sends as xlsx. */
export const bulkDetailsExportQuery = z
  .object({ taskId: idString, state: z.enum(BULK_SEND_FILTERS).optional() })
  .extend(exportQuery.shape);
export type BulkDetailsExportQuery = z.infer<typeof bulkDetailsExportQuery>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const hhmm = z.string().max(5).regex(HHMM, { error: 'bulkQuietHoursFormat' });

/** Mass-send pacing (SPEC §9): tenant defaults, overridable per work account. */
export const bulkSettings = z.object({
  /** Channel 1–3 (SPEC §9). */
  channel: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  /** Friends one account sends to a day (all its tasks together). */
  dailyCapPerAccount: z.number().int().min(1).max(100_000),
  /** Seconds between two messages to one target. */
  messageIntervalSec: z.number().int().min(0).max(86_400),
  /** Seconds between two friends. */
  fanIntervalSec: z.number().int().min(0).max(86_400),
  /** Targets an account takes per round. */
  perRoundCount: z.number().int().min(1).max(100),
  /** Seconds between two groups. */
  groupIntervalSec: z.number().int().min(0).max(86_400),
  /** Groups one account sends to a day. */
  groupDailyCap: z.number().int().min(1).max(100_000),
  /** Each gap between targets is its interval ± a uniform spread of this many seconds. */
  jitterSec: z.number().int().min(0).max(3_600),
  /** No sends between start and end (HH:mm, server time; end before start spans midnight). */
  quietHours: z.object({ start: hhmm, end: hhmm }).nullable().optional(),
});
export type BulkSettings = z.infer<typeof bulkSettings>;

/** Defaults when the tenant saved none (SPEC §9: jitter about ±5 s). */
export const BULK_DEFAULT_SETTINGS: BulkSettings = {
  channel: 1,
  dailyCapPerAccount: 200,
  messageIntervalSec: 3,
  fanIntervalSec: 30,
  perRoundCount: 5,
  groupIntervalSec: 60,
  groupDailyCap: 50,
  jitterSec: 5,
  quietHours: null,
};

/** The pacing numbers of mass sends (the settings without channel and quiet hours). */
export const pacingNumbers = bulkSettings.pick({
  dailyCapPerAccount: true,
  messageIntervalSec: true,
  fanIntervalSec: true,
  perRoundCount: true,
  groupIntervalSec: true,
  groupDailyCap: true,
  jitterSec: true,
});
export type PacingNumbers = z.infer<typeof pacingNumbers>;

/**
 * Human pacing a platform declares (issue 34): `defaults` pace automated sends when the tenant saved
 * no settings; `ceilings` are the limits past which the platform is known to ban — caps and the
 * round size at most, intervals and jitter at least. The settings page warns past a ceiling.
 */
export const pacingPreset = z.object({
  defaults: pacingNumbers,
  ceilings: pacingNumbers,
  /**
   * Warm-up of a new account: for this many days after its first login its daily caps grow day by
   * day (day d of n allows (d + 1) / (n + 1) of the cap, at least 1); 0 for none.
   */
  warmupDays: z.number().int().min(0).max(60),
});
export type PacingPreset = z.infer<typeof pacingPreset>;

/** Caps and round sizes: a ceiling is a most; for the rest (intervals, jitter) it is a least. */
const PACING_MOST = new Set<keyof PacingNumbers>([
  'dailyCapPerAccount',
  'groupDailyCap',
  'perRoundCount',
]);

/** The settings past the platform's ceilings (in the settings' order). */
export function pacingBeyond(
  values: Partial<PacingNumbers>,
  ceilings: PacingNumbers,
): (keyof PacingNumbers)[] {
  return (Object.keys(ceilings) as (keyof PacingNumbers)[]).filter((k) => {
    const v = values[k];
    if (typeof v !== 'number') return false;
    return PACING_MOST.has(k) ? v > ceilings[k] : v < ceilings[k];
  });
}

/**
 * The simulator's pacing (a WeChat-like platform): the SPEC §9 defaults, and ceilings where its
 * rate limits model a ban.
 */
export const SIMULATOR_PACING: PacingPreset = {
  defaults: {
    dailyCapPerAccount: BULK_DEFAULT_SETTINGS.dailyCapPerAccount,
    messageIntervalSec: BULK_DEFAULT_SETTINGS.messageIntervalSec,
    fanIntervalSec: BULK_DEFAULT_SETTINGS.fanIntervalSec,
    perRoundCount: BULK_DEFAULT_SETTINGS.perRoundCount,
    groupIntervalSec: BULK_DEFAULT_SETTINGS.groupIntervalSec,
    groupDailyCap: BULK_DEFAULT_SETTINGS.groupDailyCap,
    jitterSec: BULK_DEFAULT_SETTINGS.jitterSec,
  },
  ceilings: {
    dailyCapPerAccount: 1000,
    messageIntervalSec: 1,
    fanIntervalSec: 5,
    perRoundCount: 20,
    groupIntervalSec: 10,
    groupDailyCap: 200,
    jitterSec: 0,
  },
  warmupDays: 0,
};

/** `POST /task-api/bulk-send-task/settings/get`: the tenant's defaults, or one account's. */
export const bulkSettingsGetBody = z.object({ workWxid: wxid.optional() });
export type BulkSettingsGetBody = z.infer<typeof bulkSettingsGetBody>;

export const bulkSettingsResult = bulkSettings.extend({
  workWxid: z.string().optional(),
  /** For an account: true when it follows the tenant's defaults (no override saved). */
  inherited: z.boolean(),
});
export type BulkSettingsResult = z.infer<typeof bulkSettingsResult>;

/** `settings/save`: the tenant's defaults, or (with workWxid) an account's override. */
export const bulkSettingsSaveBody = bulkSettings.extend({
  workWxid: wxid.optional(),
  /** With workWxid: drop the override (the account follows the defaults again). */
  inherit: z.boolean().optional(),
});
export type BulkSettingsSaveBody = z.infer<typeof bulkSettingsSaveBody>;

/** Websocket `bulkSendTask`: a task's state or counts changed. */
export const bulkTaskPush = bulkTaskItem.pick({
  taskId: true,
  status: true,
  total: true,
  sent: true,
  failed: true,
  pending: true,
  startAt: true,
  endAt: true,
  counts: true,
});
export type BulkTaskPush = z.infer<typeof bulkTaskPush>;

/**
 * The request id of a mass-send task's message to one target in one round (`bs:task:seq:round`):
 * a failed-send reissue is the next round, so a message's later rounds are its resends.
 */
export const bulkRequestIdOf = (taskId: string, seq: number, round: number) =>
  `bs:${taskId}:${seq}:${round}`;

/** The task row and round a request id names (null for other sends). */
export function parseBulkRequestId(
  requestId: string | null | undefined,
): { taskId: string; seq: number; round: number } | null {
  if (!requestId?.startsWith('bs:')) return null;
  const [, taskId, seq, round] = requestId.split(':');
  if (!taskId || !seq || !round) return null;
  const n = Number(seq);
  const r = Number(round);
  if (!Number.isInteger(n) || !Number.isInteger(r)) return null;
  return { taskId, seq: n, round: r };
}
