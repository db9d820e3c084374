import { z } from 'zod';
import type { Text } from './i18n.ts';
import {
  WORK_ACCOUNT_STATUSES,
  talkTypeSchema,
  workAccountPoolSchema,
  workAccountStatusSchema,
  type WorkAccountStatus,
} from './chat.ts';
import { pacingPreset } from './bulkSend.ts';
import { listResult, pageQuery } from './envelope.ts';
import { idString } from './validation.ts';

/** Server messages of work accounts, account groups, proxies and QR login. */
export const accountsMessages = {
  workAccountNotFound: { 'zh-CN': '工作号不存在', en: 'No such work account' },
  accountGroupNotFound: { 'zh-CN': '分组不存在', en: 'No such group' },
  accountGroupNameRequired: { 'zh-CN': '分组名称不能为空', en: 'Group name cannot be empty' },
  accountGroupNameTaken: {
    'zh-CN': '同一级下已有同名分组',
    en: 'A group with this name already exists at this level',
  },
  accountGroupHasAccounts: {
    'zh-CN': '分组下还有工作号，无法删除',
    en: 'The group still has work accounts, it cannot be deleted',
  },
  proxyNotFound: { 'zh-CN': '代理不存在', en: 'No such proxy' },
  proxyInUse: {
    'zh-CN': '代理正在被工作号使用，请先为这些工作号更换代理',
    en: 'Work accounts still use this proxy; assign them another one first',
  },
  proxyTextRequired: { 'zh-CN': '请输入代理地址', en: 'Enter proxy addresses' },
  proxyTooManyLines: {
    'zh-CN': '一次最多添加 {max} 个代理',
    en: 'Add at most {max} proxies at a time',
  },
  proxyLineFormat: {
    'zh-CN': '格式应为 ip:端口:账号:密码',
    en: 'The format is ip:port:account:password',
  },
  proxyBadHost: { 'zh-CN': 'IP 地址不正确', en: 'The IP address is not valid' },
  proxyBadPort: { 'zh-CN': '端口应为 1 到 65535 的整数', en: 'The port must be 1 to 65535' },
  proxyDuplicate: { 'zh-CN': '代理已存在', en: 'This proxy already exists' },
  proxyNotUsable: { 'zh-CN': '代理地址不可用', en: 'Proxy address not usable' },
  simTrafficTooHigh: {
    'zh-CN': '模拟流量最多为每个工作号每分钟 {max} 条',
    en: 'Simulated traffic is at most {max} messages per work account per minute',
  },
  confirmDel: { 'zh-CN': '请输入 del 确认删除', en: 'Type del to confirm the deletion' },
  confirmYes: { 'zh-CN': '请输入 yes 确认', en: 'Type yes to confirm' },
  logoutOnlyLoggingIn: {
    'zh-CN': '只有登录中的工作号可以退出登录：{names}',
    en: 'Only work accounts that are logging in can be logged out: {names}',
  },
  multiLoginState: {
    'zh-CN': '只有离线、代理失效或需要重新登录的工作号可以多开登录：{names}',
    en: 'Only offline, proxy-failed or relogin work accounts can log in again: {names}',
  },
  batchEditOnlyOnline: {
    'zh-CN': '只有已登录的工作号可以批量编辑：{names}',
    en: 'Only logged-in work accounts can be edited in bulk: {names}',
  },
  deleteBannedOnly: {
    'zh-CN': '只能删除已封号的工作号：{names}',
    en: 'Only banned work accounts can be deleted here: {names}',
  },
  deleteNonOnlineOnly: {
    'zh-CN': '只能删除非在线的工作号：{names}',
    en: 'Only work accounts that are not online can be deleted here: {names}',
  },
  noBannedAccounts: { 'zh-CN': '没有已封号的工作号', en: 'There are no banned work accounts' },
  noNonOnlineAccounts: {
    'zh-CN': '没有非在线的工作号',
    en: 'There are no work accounts that are not online',
  },
  seatNotFound: { 'zh-CN': '坐席不存在', en: 'No such seat' },
  seatNotAllowed: {
    'zh-CN': '只能分配给自己下级的坐席',
    en: 'Work accounts can only be distributed to seats below you',
  },
  seatFull: {
    'zh-CN': '每个坐席最多分配 {max} 个工作号，{name} 已有 {count} 个',
    en: 'A seat holds at most {max} work accounts; {name} already has {count}',
  },
  noFreePort: {
    'zh-CN': '没有可用的端口，请先购买或续费端口',
    en: 'No free port left: buy or renew ports first',
  },
  accountInOtherTenant: {
    'zh-CN': '该工作号已被其他企业添加',
    en: 'This work account belongs to another company',
  },
  qrLoginNotFound: {
    'zh-CN': '二维码登录不存在或已结束',
    en: 'This QR login does not exist or has ended',
  },
  qrExpired: { 'zh-CN': '二维码已过期，请刷新', en: 'The QR code expired, refresh it' },
  phoneInvalid: {
    'zh-CN': '请输入带国家区号的手机号，例如 8613800138000',
    en: 'Enter the phone number with its country code, e.g. 8613800138000',
  },
  riskCaution: {
    'zh-CN': '平台限制或拒绝了发送，请放慢节奏：{reason}',
    en: 'The platform limited or refused sends, slow down: {reason}',
  },
  riskDanger: {
    'zh-CN': '封号风险高，群发、加好友、机器人和 API 发送已暂停：{reason}',
    en: 'High ban risk: mass sends, friend adding, robots and API sends are paused: {reason}',
  },
  taskPausedRisk: {
    'zh-CN': '工作号 {names} 封号风险高，任务已自动暂停，待人工恢复：{reason}',
    en: 'Paused automatically until a person resumes it: work account {names} is at high ban risk: {reason}',
  },
  taskPausedRiskPlain: {
    'zh-CN': '工作号封号风险高，任务已自动暂停，待人工恢复',
    en: 'Paused automatically until a person resumes it: a work account was at high ban risk',
  },
  pairCodeNotFound: {
    'zh-CN': '配对码不正确或已过期',
    en: 'The pairing code is wrong or has expired',
  },
  needQrLogin: {
    'zh-CN': '登录信息已失效，请重新扫码登录',
    en: 'The session is gone, log in again by QR code',
  },
  accountBusyElsewhere: {
    'zh-CN': '工作号正在其他服务节点处理，请稍后再试',
    en: 'The work account is being handled by another server, try again shortly',
  },
  accountNotOnline: {
    'zh-CN': '工作号不在线，请先登录',
    en: 'The work account is not online, log it in first',
  },
  ungrouped: { 'zh-CN': '未分组', en: 'Ungrouped' },
  platformFailed: { 'zh-CN': '平台操作失败：{message}', en: 'The platform refused: {message}' },
  platformUnreachable: {
    'zh-CN': '网络连接失败，请检查网络或代理',
    en: 'The connection failed; check the network or the proxy',
  },
} satisfies Record<string, Text>;

/** Most work accounts a seat may hold (SPEC §9: seat chat room max 50 work accounts). */
export const SEAT_MAX_WORK_ACCOUNTS = 50;
/** First-login accounts should stay idle this long (SPEC §9). */
export const KEEP_IDLE_MS = 8 * 3600_000;
/** Page size of the account list (SPEC §9) and its maximum. */
export const ACCOUNT_PAGE_SIZE = 500;

/** States in which each account operation is allowed (SPEC §5). */
export const ACCOUNT_OPERATION_STATES = {
  /** Logout only for logging-in accounts. */
  logout: ['loggingIn'],
  /** Multi-login only for offline, proxy-invalid or relogin states. */
  multiLogin: ['offline', 'proxyFailed', 'notLoggedIn', 'kickedOut', 'loginFailed'],
  /** Batch edit only for logged-in accounts. */
  batchEdit: ['online'],
  /** Delete-banned only for banned accounts. */
  deleteBanned: ['banned'],
  /** Delete-non-online for every state but online. */
  deleteNonOnline: WORK_ACCOUNT_STATUSES.filter((s) => s !== 'online'),
} as const satisfies Record<string, readonly WorkAccountStatus[]>;
export type AccountOperation = keyof typeof ACCOUNT_OPERATION_STATES;

/** Whether an account in `status` may undergo an operation. */
export function accountOperationAllowed(op: AccountOperation, status: WorkAccountStatus): boolean {
  return (ACCOUNT_OPERATION_STATES[op] as readonly string[]).includes(status);
}

/** The end of the keep-idle period of an account, or null when it is over. */
export function keepIdleUntil(firstLoginAt: number | null, now: number): number | null {
  if (firstLoginAt === null) return null;
  const until = firstLoginAt + KEEP_IDLE_MS;
  return until > now ? until : null;
}

const wxid = z.string().min(1).max(128);
const wxids = z
  .array(wxid, { error: 'workAccountRequired' })
  .min(1, { error: 'workAccountRequired' })
  .max(ACCOUNT_PAGE_SIZE);
const optionalId = z
  .union([idString, z.literal('')])
  .optional()
  .nullable();
const confirmDel = z.literal('del', { error: 'confirmDel' });
const groupName = z
  .string({ error: 'accountGroupNameRequired' })
  .min(1, { error: 'accountGroupNameRequired' })
  .max(32);

/** Ban risk of a work account from the platform's signals (API.md "Keeping accounts alive"). */
export const ACCOUNT_RISKS = ['normal', 'caution', 'danger'] as const;
export type AccountRisk = (typeof ACCOUNT_RISKS)[number];
export const accountRiskSchema = z.enum(ACCOUNT_RISKS);

/** A work account as the list shows it (API.md plus counts, names and the keep-idle end). */
export const workAccountItem = z.object({
  wxid: z.string(),
  nickname: z.string(),
  remark: z.string(),
  avatar: z.string(),
  status: workAccountStatusSchema,
  statusReason: z.string(),
  statusAt: z.number(),
  pool: workAccountPoolSchema,
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  proxyId: z.string().nullable(),
  proxy: z.string().nullable(),
  distributedTo: z.string().nullable(),
  distributedToName: z.string().nullable(),
  firstLoginAt: z.number().nullable(),
  lastLoginAt: z.number().nullable(),
  keepIdleUntil: z.number().nullable(),
  contactCount: z.number(),
  groupCount: z.number(),
  portCode: z.string().nullable(),
  portExpiresAt: z.number().nullable(),
  createdAt: z.number(),
  /** 正常 / 注意 / 危险: at danger its mass-send, friend-adding, robot and API sends pause. */
  risk: accountRiskSchema,
  riskReason: z.string(),
});
export type WorkAccountItem = z.infer<typeof workAccountItem>;

export const accountListBody = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(ACCOUNT_PAGE_SIZE).default(ACCOUNT_PAGE_SIZE),
  status: workAccountStatusSchema.optional(),
  pool: workAccountPoolSchema.optional(),
  keyword: z.string().max(64).optional(),
  groupId: optionalId,
  distributedTo: optionalId,
});
export type AccountListBody = z.infer<typeof accountListBody>;
export const accountListResult = listResult(workAccountItem).extend({
  /** Accounts per status under the same filters (status itself aside). */
  counts: z.record(z.string(), z.number()),
});
export type AccountListResult = z.infer<typeof accountListResult>;

export const wxidsBody = z.object({ wxids });
export const deleteAccountsBody = z.object({ wxids, confirm: confirmDel });
/** Delete banned / non-online: the chosen accounts, or all visible ones in that state. */
export const deleteByStateBody = z.object({ wxids: wxids.optional(), confirm: confirmDel });
export const updateRemarkBody = z.object({
  wxid,
  remark: z.string({ error: 'remarkNameRequired' }).min(1, { error: 'remarkNameRequired' }).max(64),
});
export const batchEditBody = z.object({
  wxids,
  remark: z.string().max(64).optional(),
  groupId: optionalId,
});
export const moveGroupBody = z.object({ wxids, groupId: optionalId });
export const poolChangeBody = z.object({
  wxids,
  pool: workAccountPoolSchema,
  confirm: z.literal('yes', { error: 'confirmYes' }),
});
export const distributeBody = z.object({
  wxids,
  uid: z.string({ error: 'seatNotFound' }).min(1, { error: 'seatNotFound' }).max(64),
});
/** Affected accounts of a bulk operation. */
export const accountsAffected = z.object({ count: z.number(), wxids: z.array(z.string()) });
export type AccountsAffected = z.infer<typeof accountsAffected>;
/** Per-account outcome of multi-login. */
export const multiLoginResult = z.object({
  results: z.array(z.object({ wxid: z.string(), ok: z.boolean(), message: z.string().optional() })),
});
export type MultiLoginResult = z.infer<typeof multiLoginResult>;

/** QR login (API.md). `wxid` asks to log a known account in again. */
export const qrLoginBody = z.object({
  groupId: optionalId,
  proxyId: optionalId,
  wxid: wxid.optional(),
});
export const qrLoginResult = z.object({
  loginId: z.string(),
  qrImage: z.string(),
  expiresAt: z.number(),
});
export type QrLoginResult = z.infer<typeof qrLoginResult>;
/** Pairing-code login (API.md "Keeping accounts alive"): a phone number in, an 8-character code out. */
export const pairCodeBody = z.object({
  phone: z
    .string({ error: 'phoneInvalid' })
    .trim()
    .regex(/^\+?[1-9][0-9\s-]{5,20}$/, { error: 'phoneInvalid' }),
  groupId: optionalId,
  proxyId: optionalId,
  wxid: wxid.optional(),
});
export const pairCodeResult = z.object({
  loginId: z.string(),
  code: z.string(),
  expiresAt: z.number(),
});
export type PairCodeResult = z.infer<typeof pairCodeResult>;
export const QR_LOGIN_STATES = [
  'issued',
  'scanned',
  'confirmed',
  'failed',
  'expired',
  'cancelled',
] as const;
export const qrLoginState = z.object({
  loginId: z.string(),
  status: z.enum(QR_LOGIN_STATES),
  wxid: z.string().nullable(),
  message: z.string(),
  expiresAt: z.number(),
  qrImage: z.string(),
  createdAt: z.number(),
});
export type QrLoginState = z.infer<typeof qrLoginState>;
export const loginIdBody = z.object({ loginId: z.string().min(1).max(64) });

/** The account-group tree. */
export interface AccountGroupNode {
  id: string;
  name: string;
  parentId: string | null;
  accountCount: number;
  children: AccountGroupNode[];
}
export const accountGroupNode: z.ZodType<AccountGroupNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    parentId: z.string().nullable(),
    accountCount: z.number(),
    children: z.array(accountGroupNode),
  }),
);
export const accountGroupAddBody = z.object({
  name: groupName,
  parentId: optionalId,
});
export const accountGroupRenameBody = z.object({
  id: idString,
  name: groupName,
});
export const idBody = z.object({ id: idString });

/** Proxies. */
export const proxyItem = z.object({
  id: z.string(),
  type: z.literal('socks5'),
  host: z.string(),
  port: z.number(),
  username: z.string(),
  /** `ip:port`, for display. */
  label: z.string(),
  accountCount: z.number(),
  createdAt: z.number(),
});
export type ProxyItem = z.infer<typeof proxyItem>;
export const proxyListBody = pageQuery.extend({ keyword: z.string().max(64).optional() });
export const PROXY_MAX_LINES = 500;
export const proxyAddBody = z.object({
  text: z
    .string({ error: 'proxyTextRequired' })
    .min(1, { error: 'proxyTextRequired' })
    .max(100_000),
});
export const proxyAddResult = z.object({
  added: z.number(),
  errors: z.array(z.object({ line: z.number(), text: z.string(), message: z.string() })),
});
export type ProxyAddResult = z.infer<typeof proxyAddResult>;
export const proxyAssignBody = z.object({ wxids, proxyId: optionalId });
export const idsBody = z.object({
  ids: z.array(idString, { error: 'pickAtLeastOne' }).min(1, { error: 'pickAtLeastOne' }).max(500),
});

/** The header's work-account switcher (SPEC §3 account state). */
export interface WxTreeNode {
  id: string;
  name: string;
  wxids: string[];
  children: WxTreeNode[];
}
export const wxTreeNode: z.ZodType<WxTreeNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    wxids: z.array(z.string()),
    children: z.array(wxTreeNode),
  }),
);
export const switcherAccount = z.object({
  /** The account's id (assignment rules and other settings of one account name it). */
  id: z.string(),
  wxid: z.string(),
  nickname: z.string(),
  remark: z.string(),
  avatar: z.string(),
  status: workAccountStatusSchema,
  groupId: z.string().nullable(),
  /** The first login (epoch ms), for the keep-idle warning where accounts are picked for tasks. */
  firstLoginAt: z.number().nullable().optional(),
  risk: accountRiskSchema.optional(),
  riskReason: z.string().optional(),
});
export type SwitcherAccount = z.infer<typeof switcherAccount>;
export const switcherResult = z.object({
  wxAccount: z.array(switcherAccount),
  /** Accounts by account group; accounts without a group sit in the node with id ''. */
  wxTreeData: z.array(wxTreeNode),
  sessionWsList: z.array(z.object({ wxid: z.string(), unRead: z.number() })),
});
export type SwitcherResult = z.infer<typeof switcherResult>;

/** What the platform can do (the SPA hides the rest). */
export const platformInfo = z.object({
  platform: z.string(),
  capabilities: z.array(z.string()),
  simulator: z.boolean(),
  /**
   * The platform's human pacing: defaults of automated sends and the ceilings to warn past (the
   * server always sends it; optional for clients that mock the platform).
   */
  pacing: pacingPreset.optional(),
});
export type PlatformInfo = z.infer<typeof platformInfo>;

/** Simulator control (API.md, only when the platform is the simulator). */
export const simScanBody = z.object({
  loginId: z.string().min(1).max(64),
  confirm: z.boolean(),
  nickname: z.string().max(32).optional(),
});
export const simPairBody = z.object({
  code: z.string().trim().min(1, { error: 'pairCodeNotFound' }).max(16),
  confirm: z.boolean(),
  nickname: z.string().max(32).optional(),
});
export const simInboundBody = z.object({
  workWxid: wxid,
  fromWxid: wxid,
  talkType: talkTypeSchema,
  msgType: z.number().int(),
  content: z.string().max(10_000),
  memberWxid: wxid.optional(),
  fileName: z.string().max(255).optional(),
  /** The account itself writes on the phone (a message the console did not send). */
  fromSelf: z.boolean().optional(),
});
export const SIM_FAULT_KINDS = ['ban', 'kickOut', 'proxyFail', 'drop', 'rateLimit'] as const;
export const simFaultBody = z.object({ workWxid: wxid, kind: z.enum(SIM_FAULT_KINDS) });
/**
 * `/sim-api/merge-person`: the platform gives a person of the account a new id (as WhatsApp moves
 * people to `@lid`); the console merges their two chats into one.
 */
export const simMergePersonBody = z.object({ workWxid: wxid, wxid, newWxid: wxid });
export type SimMergePersonBody = z.infer<typeof simMergePersonBody>;
export const simConfig = z.object({
  trafficPerMinute: z.number().min(0).max(6000),
  deliveryDelayMs: z.number().int().min(0).max(600_000),
  readDelayMs: z.number().int().min(0).max(600_000),
  failRate: z.number().min(0).max(1),
  /** Share of people who accept a work account's friend request (the rest refuse). */
  friendAcceptRate: z.number().min(0).max(1),
});
export const simConfigBody = simConfig.partial();
export const simPendingQr = z.object({
  loginId: z.string(),
  qrImage: z.string(),
  status: z.enum(QR_LOGIN_STATES),
  wxid: z.string().nullable(),
  expiresAt: z.number(),
  createdAt: z.number(),
  createdBy: z.string(),
  /** A pairing-code login: the code the phone's owner types (no QR image then). */
  pairingCode: z.string().optional(),
});
export type SimPendingQr = z.infer<typeof simPendingQr>;
export const simAccount = z.object({
  wxid: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  status: workAccountStatusSchema,
  contactCount: z.number(),
  groupCount: z.number(),
});
export const simContactsQuery = z.object({ workWxid: wxid });
export const simContacts = z.object({
  contacts: z.array(
    z.object({ wxid: z.string(), nickname: z.string(), remark: z.string(), avatar: z.string() }),
  ),
  groups: z.array(
    z.object({
      groupId: z.string(),
      name: z.string(),
      members: z.array(z.object({ wxid: z.string(), nickname: z.string(), card: z.string() })),
    }),
  ),
});
export type SimContacts = z.infer<typeof simContacts>;
