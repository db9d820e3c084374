import { z } from 'zod';
import { exportQuery } from './export.ts';
import type { Text } from './i18n.ts';
import { idString } from './validation.ts';

/** Server messages of the statistics reports (issue 20). */
export const statisticsMessages = {
  statRangeInvalid: {
    'zh-CN': '开始日期不能晚于结束日期，且跨度不超过 366 天',
    en: 'The start date must not be after the end date, and the range is at most 366 days',
  },
  statDayInvalid: { 'zh-CN': '日期格式应为 YYYY-MM-DD', en: 'Dates are written YYYY-MM-DD' },
  statTimeZoneInvalid: {
    'zh-CN': '时区无效，请使用如 Asia/Shanghai 的时区名',
    en: 'Unknown time zone; use a name such as Asia/Shanghai',
  },
  statTimeZoneManagerOnly: {
    'zh-CN': '只有企业管理员可以修改统计时区',
    en: 'Only the manager can change the statistics time zone',
  },
} satisfies Record<string, Text>;

/** The reports (`/main-api/statistics/{report}`); the menu shows these. */
export const STAT_REPORTS = [
  'wxfriend',
  'newfriend',
  'sysadd',
  'nosysadd',
  'deletefriend',
  'addfriend',
  'message',
  'service',
  'label',
  'eft',
  'redpacket',
  'login',
] as const;
export type StatReport = (typeof STAT_REPORTS)[number];

/**
 * The figures of each report, in the order the cards and table show them. `passRate` is a
 * percentage with one decimal; every other figure is a count.
 */
export const STAT_METRICS = {
  wxfriend: ['friends', 'added', 'removed', 'net'],
  newfriend: ['total', 'manual', 'task', 'autoAccept', 'phone'],
  sysadd: ['total', 'task', 'autoAccept'],
  nosysadd: ['total', 'manual', 'phone'],
  deletefriend: ['total', 'manual', 'task', 'autoAccept', 'phone'],
  addfriend: ['sent', 'requested', 'failed', 'added', 'already', 'passRate'],
  message: [
    'total',
    'sent',
    'received',
    'robot',
    'text',
    'image',
    'voice',
    'video',
    'emoticon',
    'document',
    'other',
  ],
  service: [
    'served',
    'sent',
    'received',
    'firstResponse',
    'avgResponse',
    'unanswered',
    'assigned',
    'resolved',
    'medianFirstResponse',
    'medianResolution',
  ],
  label: ['contacts', 'added', 'removed', 'net'],
  eft: [
    'total',
    'amount',
    'initiated',
    'initiatedAmount',
    'expired',
    'expiredAmount',
    'accepted',
    'acceptedAmount',
    'returned',
    'returnedAmount',
  ],
  redpacket: ['total', 'sent', 'received', 'amount', 'unknownAmount'],
  login: ['logins', 'logouts', 'bans', 'kickouts', 'onlineHours'],
} as const satisfies Record<StatReport, readonly string[]>;
export type StatMetric = (typeof STAT_METRICS)[StatReport][number];

/** Longest range of one report, in days. */
export const STAT_MAX_DAYS = 366;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day in the tenant's time zone, `YYYY-MM-DD`. */
export const statDay = z
  .string()
  .max(10)
  .regex(DAY_RE, 'statDayInvalid')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'statDayInvalid');

/** Days from `from` to `to` inclusive (both `YYYY-MM-DD`). */
export function statDaySpan(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

const statFilterShape = {
  /** First day; default: six days before `to`. */
  from: statDay.optional(),
  /** Last day; default: today in the tenant's time zone. */
  to: statDay.optional(),
  /** Work accounts by platform id; none: every visible account. */
  workWxids: z.array(z.string().min(1).max(128)).max(200).optional(),
  /** Only the accounts distributed to these seats. */
  seatIds: z.array(idString).max(200).optional(),
};

const rangeOk = (b: { from?: string; to?: string }) => {
  if (!b.from || !b.to) return true;
  const n = statDaySpan(b.from, b.to);
  return n >= 1 && n <= STAT_MAX_DAYS;
};

/** `POST /main-api/statistics/{report}`: the date range (tenant days) and filters. */
export const statQueryBody = z
  .object(statFilterShape)
  .refine(rangeOk, { message: 'statRangeInvalid', path: ['to'] });
export type StatQueryBody = z.infer<typeof statQueryBody>;

const commaList = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .max(8000)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(item).max(200))
    .optional();

/** `GET /main-api/statistics/{report}/export`: the same filters as a query (lists comma-separated). */
export const statExportQuery = z
  .object({
    from: statFilterShape.from,
    to: statFilterShape.to,
    workWxids: commaList(z.string().min(1).max(128)),
    seatIds: commaList(idString),
  })
  .extend(exportQuery.shape)
  .refine(rangeOk, { message: 'statRangeInvalid', path: ['to'] });
export type StatExportQuery = z.infer<typeof statExportQuery>;

const values = z.record(z.string(), z.number());

/**
 * What the rows of a report's breakdown are: seats (`service`) or tags (`label`). The other
 * reports have none.
 */
export const STAT_ROW_KINDS = ['seat', 'tag'] as const;
export type StatRowKind = (typeof STAT_ROW_KINDS)[number];

/** One row of a report's breakdown: a seat or a tag, its figures, and for a tag its daily count. */
export const statRow = z.object({
  id: z.string(),
  name: z.string(),
  /** A tag's group. */
  group: z.string().optional(),
  /** A tag's colour. */
  color: z.string().optional(),
  values,
  /** Contacts carrying the tag at the end of each day of the range (`label`). */
  daily: z.array(z.number()).optional(),
});
export type StatRow = z.infer<typeof statRow>;

/** A report: its figures' keys, the range's totals, one row per day and one per work account. */
export const statResult = z.object({
  /** The range counted (the defaults filled in). */
  from: z.string(),
  to: z.string(),
  metrics: z.array(z.string()),
  timeZone: z.string(),
  summary: values,
  days: z.array(z.object({ day: z.string(), values })),
  accounts: z.array(
    z.object({ workWxid: z.string(), nickname: z.string(), remark: z.string(), values }),
  ),
  /** The breakdown by seat (`service`) or tag (`label`). */
  rowKind: z.enum(STAT_ROW_KINDS).optional(),
  rows: z.array(statRow).optional(),
});
export type StatResult = z.infer<typeof statResult>;

/** The label of each figure, for cards, table headers and exports. */
export const STAT_METRIC_LABELS = {
  friends: { 'zh-CN': '好友数', en: 'Friends' },
  added: { 'zh-CN': '新增', en: 'Added' },
  removed: { 'zh-CN': '减少', en: 'Lost' },
  net: { 'zh-CN': '净增', en: 'Net change' },
  total: { 'zh-CN': '合计', en: 'Total' },
  manual: { 'zh-CN': '手动添加', en: 'Added by hand' },
  task: { 'zh-CN': '加粉任务', en: 'Friend-adding task' },
  autoAccept: { 'zh-CN': '自动通过', en: 'Auto-accept' },
  phone: { 'zh-CN': '手机端/对方添加', en: 'Phone or by the contact' },
  sent: { 'zh-CN': '发送', en: 'Sent' },
  received: { 'zh-CN': '接收', en: 'Received' },
  robot: { 'zh-CN': '机器人发送', en: 'Sent by robots' },
  requested: { 'zh-CN': '待通过', en: 'Waiting' },
  failed: { 'zh-CN': '失败', en: 'Failed' },
  already: { 'zh-CN': '已是好友', en: 'Already friends' },
  passRate: { 'zh-CN': '通过率(%)', en: 'Pass rate (%)' },
  text: { 'zh-CN': '文本', en: 'Text' },
  image: { 'zh-CN': '图片', en: 'Images' },
  voice: { 'zh-CN': '语音', en: 'Voice' },
  video: { 'zh-CN': '视频', en: 'Video' },
  emoticon: { 'zh-CN': '表情', en: 'Stickers' },
  document: { 'zh-CN': '文件', en: 'Files' },
  other: { 'zh-CN': '其他类型', en: 'Other types' },
  served: { 'zh-CN': '接待会话', en: 'Chats served' },
  firstResponse: { 'zh-CN': '首次响应(秒)', en: 'First response (s)' },
  avgResponse: { 'zh-CN': '平均响应(秒)', en: 'Average response (s)' },
  unanswered: { 'zh-CN': '未回复会话', en: 'Chats left unanswered' },
  assigned: { 'zh-CN': '分配会话', en: 'Chats assigned' },
  resolved: { 'zh-CN': '已解决会话', en: 'Chats resolved' },
  medianFirstResponse: { 'zh-CN': '首次响应中位数(秒)', en: 'Median first response (s)' },
  medianResolution: { 'zh-CN': '解决时长中位数(分钟)', en: 'Median time to resolve (min)' },
  contacts: { 'zh-CN': '打标签人次', en: 'Tagged contacts' },
  amount: { 'zh-CN': '金额(元)', en: 'Amount (CNY)' },
  initiated: { 'zh-CN': '发起', en: 'Initiated' },
  initiatedAmount: { 'zh-CN': '发起金额(元)', en: 'Initiated amount' },
  expired: { 'zh-CN': '已过期', en: 'Expired' },
  expiredAmount: { 'zh-CN': '过期金额(元)', en: 'Expired amount' },
  accepted: { 'zh-CN': '已收款', en: 'Accepted' },
  acceptedAmount: { 'zh-CN': '收款金额(元)', en: 'Accepted amount' },
  returned: { 'zh-CN': '已退还', en: 'Returned' },
  returnedAmount: { 'zh-CN': '退还金额(元)', en: 'Returned amount' },
  unknownAmount: { 'zh-CN': '金额未知', en: 'Amount unknown' },
  logins: { 'zh-CN': '登录', en: 'Logins' },
  logouts: { 'zh-CN': '退出登录', en: 'Logouts' },
  bans: { 'zh-CN': '封号', en: 'Bans' },
  kickouts: { 'zh-CN': '被踢下线', en: 'Kick-outs' },
  onlineHours: { 'zh-CN': '在线时长(小时)', en: 'Online time (h)' },
} as const satisfies Record<StatMetric | 'sent', Text>;

/** The title of each report (export file names, page titles). */
export const STAT_REPORT_TITLES = {
  wxfriend: { 'zh-CN': '联系人好友统计', en: 'Friends' },
  newfriend: { 'zh-CN': '新增好友统计', en: 'New friends' },
  sysadd: { 'zh-CN': '系统添加好友统计', en: 'Friends added by the system' },
  nosysadd: { 'zh-CN': '非系统添加好友统计', en: 'Friends not added by the system' },
  deletefriend: { 'zh-CN': '删除好友统计', en: 'Lost friends' },
  addfriend: { 'zh-CN': '加好友统计', en: 'Friend requests' },
  message: { 'zh-CN': '会话记录统计', en: 'Messages' },
  service: { 'zh-CN': '服务记录', en: 'Service by seat' },
  label: { 'zh-CN': '标签统计', en: 'Tags' },
  eft: { 'zh-CN': '转账记录', en: 'Transfers' },
  redpacket: { 'zh-CN': '红包统计', en: 'Red packets' },
  login: { 'zh-CN': '登录统计', en: 'Logins' },
} as const satisfies Record<StatReport, Text>;

/** Whether a statistics page name is a report served so far. */
export function isStatReport(name: string): name is StatReport {
  return (STAT_REPORTS as readonly string[]).includes(name);
}

/** Whether a string names a time zone this runtime knows (IANA, e.g. `Asia/Shanghai`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return /^[A-Za-z_+\-/0-9]+$/.test(name);
  } catch {
    return false;
  }
}

/**
 * `POST /main-api/statistics/time-zone`: the zone the tenant's days are counted in (the manager
 * only); the rollups are rebuilt in the same transaction.
 */
export const statTimeZoneBody = z.object({
  timeZone: z.string().min(1).max(64).refine(isTimeZone, 'statTimeZoneInvalid'),
});
export type StatTimeZoneBody = z.infer<typeof statTimeZoneBody>;
export const statTimeZoneResult = z.object({ timeZone: z.string() });
export type StatTimeZoneResult = z.infer<typeof statTimeZoneResult>;
