import { z } from 'zod';
import type { Text } from './i18n.ts';
import { FRIEND_REQUEST_STATUS } from './chat.ts';
import { MAX_GREETING_LENGTH, MAX_REMARK_LENGTH } from './contacts.ts';
import { listResult } from './envelope.ts';
import { exportQuery } from './export.ts';
import { idString, requiredError, requiredString } from './validation.ts';

/** Server messages of bulk friend-adding tasks (SPEC §5, §8). */
export const fanTaskMessages = {
  fanTaskNotFound: { 'zh-CN': '任务不存在', en: 'No such task' },
  tooManyAccountsForData: {
    'zh-CN': '工作号数量不能多于数据条数',
    en: 'Too many accounts for data',
  },
  cannotDeleteRunningTask: {
    'zh-CN': '进行中的任务不能删除',
    en: 'Cannot delete tasks in progress',
  },
  noTaskToPause: { 'zh-CN': '没有可暂停的任务', en: 'No task to pause' },
  noTaskToRestart: { 'zh-CN': '没有可重新开始的任务', en: 'No task to restart' },
  fanImportNotFound: {
    'zh-CN': '导入的数据不存在或尚未校验完成',
    en: 'The imported list does not exist or is not checked yet',
  },
  startAtRequired: { 'zh-CN': '请选择开始时间', en: 'Please choose a start time' },
  fanAlreadyTried: {
    'zh-CN': '该号码已在之前的任务中添加过',
    en: 'This number was already tried by an earlier task',
  },
  fanDuplicateTarget: {
    'zh-CN': '与本任务中的其他行重复',
    en: 'Duplicate of another row of this task',
  },
  fanAccountGone: { 'zh-CN': '工作号已删除', en: 'The work account was deleted' },
  fanTooManyAttempts: {
    'zh-CN': '多次发送失败：{reason}',
    en: 'Sending failed several times: {reason}',
  },
  fanImportFailed: {
    'zh-CN': '导入中断，任务异常关闭',
    en: 'The import was interrupted; the task closed abnormally',
  },
} satisfies Record<string, Text>;

/** Task states of SPEC §4 (API.md's words): importing, pending, in progress, paused, completed, abnormal close. */
export const FAN_TASK_STATES = [
  'importing',
  'pending',
  'running',
  'paused',
  'completed',
  'abnormal',
] as const;
export type FanTaskState = (typeof FAN_TASK_STATES)[number];

/**
 * Where a row of a task is: `waiting` to be claimed, `sending` (claimed by a scheduler, its
 * request due), `done` (the platform answered: see `status`), `skipped` (not sent: already tried
 * by the tenant, or a duplicate of an earlier row; see `reason`).
 */
export const FAN_ROW_STATES = ['waiting', 'sending', 'done', 'skipped'] as const;
export type FanRowState = (typeof FAN_ROW_STATES)[number];

/** Most rows a create carries inline; longer lists come as an import (`importId`). */
export const FAN_TASK_MAX_INLINE_ROWS = 10_000;
/** Most rows one task holds (an import included). */
export const FAN_TASK_MAX_ROWS = 1_000_000;
/** Most work accounts of one task. */
export const FAN_TASK_MAX_ACCOUNTS = 200;
/** Most tags a row puts on the new friend. */
export const FAN_ROW_MAX_TAGS = 20;
/** Rows an account takes per pull (SPEC §9: 5 per pull by default). */
export const FAN_TASK_DEFAULT_ROWS_PER_PULL = 5;
/** Random spread of the interval (SPEC §9: about ±5 s). */
export const FAN_TASK_DEFAULT_JITTER_SEC = 5;
export const FAN_TASK_DEFAULT_INTERVAL_SEC = 60;
export const FAN_TASK_DEFAULT_DAILY_CAP = 50;
/** Longest target (a phone number or platform id). */
export const FAN_TARGET_MAX_LENGTH = 64;

const wxid = z.string().min(1).max(128);

/** One row of a list to add: a phone number or platform id, with optional greeting, remark, tags. */
export const fanTaskRowInput = z.object({
  target: z.string().min(1).max(FAN_TARGET_MAX_LENGTH),
  /** Overrides the task's greeting for this person. */
  greeting: z.string().max(MAX_GREETING_LENGTH).optional(),
  /** Remark to set on the new friend. */
  remark: z.string().max(MAX_REMARK_LENGTH).optional(),
  /** Tags to put on the new friend (tags issue). */
  tagIds: z.array(idString).max(FAN_ROW_MAX_TAGS).optional(),
});
export type FanTaskRowInput = z.infer<typeof fanTaskRowInput>;

/**
 * `POST /task-api/fans/task/create`. The rows come inline (`rows`) or from a checked import
 * (`importId`, the id the import route answered); exactly one of the two. Targets the tenant
 * already tried (the data pool) are skipped unless `includeTried`.
 */
export const fanTaskCreateBody = z
  .object({
    taskName: requiredString('taskNameRequired', 64),
    workWxids: z
      .array(wxid, { error: requiredError('workAccountRequired') })
      .min(1, { error: 'workAccountRequired' })
      .max(FAN_TASK_MAX_ACCOUNTS),
    /** The greeting of every request (a row's own greeting wins). */
    greeting: requiredString('greetingRequired', MAX_GREETING_LENGTH),
    /** Seconds between two requests of one account. */
    intervalSec: z.number().int().min(0).max(86_400).default(FAN_TASK_DEFAULT_INTERVAL_SEC),
    /** Random spread added to each interval: uniform in [-jitterSec, +jitterSec]. */
    jitterSec: z.number().int().min(0).max(3_600).default(FAN_TASK_DEFAULT_JITTER_SEC),
    /** Most requests one account sends a day (counting every task of the account). */
    dailyCap: z.number().int().min(1).max(10_000).default(FAN_TASK_DEFAULT_DAILY_CAP),
    /** Rows an account claims at a time. */
    rowsPerPull: z.number().int().min(1).max(100).default(FAN_TASK_DEFAULT_ROWS_PER_PULL),
    startType: z.enum(['now', 'scheduled']).default('now'),
    /** When a scheduled task starts (epoch ms). */
    startAt: z.number().int().min(0).max(8_640_000_000_000).optional(),
    rows: z.array(fanTaskRowInput).max(FAN_TASK_MAX_INLINE_ROWS).optional(),
    /** A checked import of the list (fanimport); instead of `rows`. */
    importId: idString.optional(),
    /** Also send to targets the tenant already tried in earlier tasks. */
    includeTried: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if ((!b.rows || b.rows.length === 0) && !b.importId) {
      ctx.addIssue({ code: 'custom', path: ['rows'], message: 'fansDataRequired' });
    }
    if (b.startType === 'scheduled' && b.startAt === undefined) {
      ctx.addIssue({ code: 'custom', path: ['startAt'], message: 'startAtRequired' });
    }
  });
export type FanTaskCreateBody = z.infer<typeof fanTaskCreateBody>;

export const fanTaskCreateResult = z.object({ taskId: z.string() });
export type FanTaskCreateResult = z.infer<typeof fanTaskCreateResult>;

/** `POST /task-api/fans/task/list`. */
export const fanTaskListBody = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(FAN_TASK_STATES).optional(),
  keyword: z.string().max(64).optional(),
});
export type FanTaskListBody = z.infer<typeof fanTaskListBody>;

/** Live counts of a task's rows. */
export const fanTaskCounts = z.object({
  total: z.number().int(),
  /** Not claimed yet. */
  waiting: z.number().int(),
  /** Claimed, the request due. */
  sending: z.number().int(),
  /** Status 1: sent, no answer yet. */
  requested: z.number().int(),
  /** Status 3. */
  added: z.number().int(),
  /** Status 2. */
  failed: z.number().int(),
  /** Status 4. */
  alreadyFriend: z.number().int(),
  skipped: z.number().int(),
});
export type FanTaskCounts = z.infer<typeof fanTaskCounts>;

/** One task of the list. */
export const fanTaskItem = z.object({
  taskId: z.string(),
  taskName: z.string(),
  status: z.enum(FAN_TASK_STATES),
  workWxids: z.array(z.string()),
  greeting: z.string(),
  intervalSec: z.number().int(),
  jitterSec: z.number().int(),
  dailyCap: z.number().int(),
  rowsPerPull: z.number().int(),
  startType: z.enum(['now', 'scheduled']),
  startAt: z.number().nullable(),
  includeTried: z.boolean(),
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  /** Why the task closed abnormally (reader's language). */
  reason: z.string().optional(),
  counts: fanTaskCounts,
});
export type FanTaskItem = z.infer<typeof fanTaskItem>;
export const fanTaskListResult = listResult(fanTaskItem);
export type FanTaskListResult = z.infer<typeof fanTaskListResult>;

/** `pause`, `restart`, `delete`: one task. */
export const fanTaskIdBody = z.object({ taskId: idString });
export type FanTaskIdBody = z.infer<typeof fanTaskIdBody>;

/** `POST /task-api/fans/task/rows`: the rows of a task, in list order. */
export const fanTaskRowsBody = z.object({
  taskId: idString,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  state: z.enum(FAN_ROW_STATES).optional(),
  status: z.coerce
    .number()
    .int()
    .refine((n) => n >= 1 && n <= 4)
    .optional(),
  keyword: z.string().max(64).optional(),
});
export type FanTaskRowsBody = z.infer<typeof fanTaskRowsBody>;

/** One row of a task: the target, its account and SPEC §4's friend-request status with reason. */
export const fanTaskRowItem = z.object({
  id: z.string(),
  /** 1-based position in the list. */
  seq: z.number().int(),
  target: z.string(),
  greeting: z.string(),
  remark: z.string(),
  tagIds: z.array(z.string()),
  workWxid: z.string(),
  /** The work account's name (its remark, else its nickname, else its id). */
  workName: z.string(),
  /** The person's platform id, once found. */
  wxid: z.string().nullable(),
  nickname: z.string(),
  state: z.enum(FAN_ROW_STATES),
  status: z
    .union([
      z.literal(FRIEND_REQUEST_STATUS.requested),
      z.literal(FRIEND_REQUEST_STATUS.failed),
      z.literal(FRIEND_REQUEST_STATUS.succeeded),
      z.literal(FRIEND_REQUEST_STATUS.alreadyFriend),
    ])
    .nullable(),
  reason: z.string().optional(),
  /** When a scheduler claimed it, sent it, and the person answered (epoch ms). */
  claimedAt: z.number().nullable(),
  sentAt: z.number().nullable(),
  settledAt: z.number().nullable(),
});
export type FanTaskRowItem = z.infer<typeof fanTaskRowItem>;
export const fanTaskRowsResult = listResult(fanTaskRowItem);
export type FanTaskRowsResult = z.infer<typeof fanTaskRowsResult>;

/** `GET /task-api/fans/task/export`: the rows of a task with their outcome, as xlsx. */
export const fanTaskExportQuery = z
  .object({
    taskId: idString,
    state: z.enum(FAN_ROW_STATES).optional(),
  })
  .extend(exportQuery.shape);
export type FanTaskExportQuery = z.infer<typeof fanTaskExportQuery>;

/** Websocket `fanTask`: a task's state or counts changed (re-fetch its rows if they are open). */
export const fanTaskPush = z.object({
  taskId: z.string(),
  status: z.enum(FAN_TASK_STATES),
  counts: fanTaskCounts,
});
export type FanTaskPush = z.infer<typeof fanTaskPush>;
