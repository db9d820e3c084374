import { z } from 'zod';
import type { Text } from './i18n.ts';
import { listResult, pageQuery } from './envelope.ts';
import { SUB_ROLES } from './permissions.ts';
import { accountName, idString, newPassword, requiredString } from './validation.ts';

/** Server messages of users, seats, roles, positions and ports. */
export const usersMessages = {
  userNotFound: { 'zh-CN': '用户不存在', en: 'No such user' },
  roleNotFound: { 'zh-CN': '角色不存在', en: 'No such role' },
  positionNotFound: { 'zh-CN': '职位不存在', en: 'No such position' },
  superiorNotFound: { 'zh-CN': '上级账号不存在', en: 'No such superior account' },
  superiorCycle: {
    'zh-CN': '上级账号不能是自己或自己的下级',
    en: 'The superior cannot be the user or one of its subordinates',
  },
  roleNameTaken: { 'zh-CN': '角色名称已存在', en: 'This role name already exists' },
  positionNameTaken: { 'zh-CN': '职位名称已存在', en: 'This position name already exists' },
  roleInUse: {
    'zh-CN': '仍有账号使用该角色，无法删除',
    en: 'Accounts still use this role, it cannot be deleted',
  },
  positionInUse: {
    'zh-CN': '仍有账号使用该职位，无法删除',
    en: 'Accounts still hold this position, it cannot be deleted',
  },
  unknownPermission: { 'zh-CN': '未知权限 {permission}', en: 'Unknown permission {permission}' },
  permissionNeeds: {
    'zh-CN': '权限「{permission}」需要同时授予「{needs}」',
    en: 'The permission "{permission}" needs "{needs}" as well',
  },
  cannotDisableSelf: { 'zh-CN': '不能停用自己的账号', en: 'You cannot disable your own account' },
  cannotEditManager: {
    'zh-CN': '只有平台管理员可以修改企业管理员',
    en: 'Only the platform admin may change a company manager',
  },
  batchEmpty: { 'zh-CN': '请至少添加一个账号', en: 'Add at least one account' },
  subordinatesExist: {
    'zh-CN': '该账号仍有下级账号，无法删除',
    en: 'This account still has subordinates',
  },
  cannotGrantMore: {
    'zh-CN': '不能授予超出自己拥有的权限',
    en: 'You cannot grant permissions you do not hold',
  },
  outOfScope: {
    'zh-CN': '只能管理自己下级的账号',
    en: 'You may only manage accounts below you',
  },
  cannotDeleteSelf: { 'zh-CN': '不能删除自己的账号', en: 'You cannot delete your own account' },
  handoverInvalid: {
    'zh-CN': '接手账号必须是本企业另一个启用中的账号',
    en: 'The account taking over must be another enabled account of the company',
  },
  handoverRequired: { 'zh-CN': '请选择接手的账号', en: 'Choose the account that takes over' },
  tenantNotFound: { 'zh-CN': '企业不存在', en: 'No such company' },
  portNotFound: { 'zh-CN': '端口不存在', en: 'No such port' },
} satisfies Record<string, Text>;

export const USER_STATUSES = ['enabled', 'disabled'] as const;
export const userStatus = z.enum(USER_STATUSES);
/** A deleted user stays as a row (its name on messages and statistics) but is listed nowhere. */
export const USER_ROW_STATUSES = [...USER_STATUSES, 'deleted'] as const;
export type UserRowStatus = (typeof USER_ROW_STATUSES)[number];

/** A user row as lists show it. */
export const userItem = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string(),
  role: z.string(),
  roleId: z.string().nullable(),
  roleName: z.string().nullable(),
  positionId: z.string().nullable(),
  positionName: z.string().nullable(),
  superiorId: z.string().nullable(),
  superiorName: z.string().nullable(),
  seatPrefix: z.string().nullable(),
  status: userStatus,
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  createdAt: z.number(),
});
export type UserItem = z.infer<typeof userItem>;

const optionalId = z
  .union([idString, z.literal('')])
  .optional()
  .nullable();

/** Add a user: a tenant with its manager (platform admin) or a sub-account (inside a tenant). */
export const addUserBody = z.object({
  username: accountName,
  password: newPassword,
  nickname: requiredString('nameRequired', 32),
  role: z.enum(SUB_ROLES, { error: 'roleRequired' }).optional(),
  roleId: optionalId,
  positionId: optionalId,
  superiorId: optionalId,
  seatPrefix: z.string().max(16).optional().nullable(),
  tenantName: z.string().max(64).optional(),
});
export type AddUserBody = z.infer<typeof addUserBody>;

export const editUserBody = z.object({
  uid: idString,
  nickname: requiredString('nameRequired', 32).optional(),
  role: z.enum(SUB_ROLES, { error: 'roleRequired' }).optional(),
  roleId: optionalId,
  positionId: optionalId,
  superiorId: optionalId,
  seatPrefix: z.string().max(16).optional().nullable(),
  tenantName: z.string().max(64).optional(),
});
export type EditUserBody = z.infer<typeof editUserBody>;

/** Sub-account lists load up to 1000 rows a page (SPEC.md §9). */
export const USER_PAGE_SIZE_MAX = 1000;
export const userPageQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(USER_PAGE_SIZE_MAX).default(20),
  keyword: z.string().max(64).optional(),
  role: z.enum(['manager', ...SUB_ROLES]).optional(),
  status: userStatus.optional(),
});
export type UserPageQuery = z.infer<typeof userPageQuery>;
export const userList = listResult(userItem);
export const subListQuery = z.object({ uid: idString });
export const uidResult = z.object({ uid: z.string() });
export const idResult = z.object({ id: z.string() });
export const idParams = z.object({ id: idString });
export const changeStatusBody = z.object({ uid: idString, status: userStatus });
export type ChangeStatusBody = z.infer<typeof changeStatusBody>;
export const resetPwdBody = z.object({ uid: idString, password: newPassword });
export type ResetPwdBody = z.infer<typeof resetPwdBody>;
/**
 * Deletes a seat or sub-account (`POST /main-api/acc/del-sub-cst`, API.md): its work accounts,
 * assigned chats, phrase groups and pending transfers go to `handoverUid` (default: its superior).
 */
export const delSubCstBody = z.object({
  uid: idString,
  handoverUid: z
    .union([idString, z.literal('')])
    .optional()
    .nullable(),
});
export type DelSubCstBody = z.infer<typeof delSubCstBody>;
export const delSubCstResult = z.object({ movedAccounts: z.number() });
export type DelSubCstResult = z.infer<typeof delSubCstResult>;
export const addBatchBody = z.object({
  users: z.array(z.unknown()).max(500),
});
export const addBatchResult = z.object({
  created: z.array(z.string()),
  errors: z.array(z.object({ index: z.number(), message: z.string() })),
});
export type AddBatchResult = z.infer<typeof addBatchResult>;

/** Roles. */
export const roleItem = z.object({
  id: z.string(),
  roleName: z.string(),
  permissions: z.array(z.string()),
  createdAt: z.number(),
});
export type RoleItem = z.infer<typeof roleItem>;
export const roleBody = z.object({
  roleName: requiredString('roleNameRequired', 32),
  permissions: z
    .array(z.string().max(64), { error: 'permissionRequired' })
    .min(1, { error: 'permissionRequired' })
    .max(64),
});
export type RoleBody = z.infer<typeof roleBody>;
export const roleEditBody = roleBody.extend({ id: idString });
export type RoleEditBody = z.infer<typeof roleEditBody>;
export const roleListQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
  keyword: z.string().max(64).optional(),
});
export type RoleListQuery = z.infer<typeof roleListQuery>;
export const roleList = listResult(roleItem);
export const permissionItem = z.object({ key: z.string(), label: z.string() });

/** Positions. */
export const positionItem = z.object({ id: z.string(), name: z.string(), createdAt: z.number() });
export type PositionItem = z.infer<typeof positionItem>;
export const positionBody = z.object({ name: requiredString('positionNameRequired', 32) });
export const positionEditBody = positionBody.extend({ id: idString });
/** Positions feed select boxes, so a page holds up to 1000 and defaults to 1000. */
export const positionListQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(1000).default(1000),
  keyword: z.string().max(64).optional(),
});
export type PositionListQuery = z.infer<typeof positionListQuery>;
export const positionList = listResult(positionItem);

/** Ports: licensed work-account slots. */
export const PORT_STATES = ['inUse', 'expired', 'toBeRenewed', 'dueSoon'] as const;
export type PortState = (typeof PORT_STATES)[number];
export const portItem = z.object({
  id: z.string(),
  code: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  expiresAt: z.number(),
  state: z.enum(PORT_STATES),
  workWxid: z.string().nullable(),
  /** The bound work account's remark or nickname (null: none, or unbound). */
  workAccountName: z.string().nullable().optional(),
  createdAt: z.number(),
});
export type PortItem = z.infer<typeof portItem>;
export const portListQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
  tenantId: idString.optional(),
  state: z.enum(PORT_STATES).optional(),
});
export type PortListQuery = z.infer<typeof portListQuery>;
export const portList = listResult(portItem);
export const portAddBody = z.object({
  tenantId: idString,
  count: z.coerce.number().int().min(1).max(1000),
  days: z.coerce.number().int().min(1).max(3650),
});
export type PortAddBody = z.infer<typeof portAddBody>;
export const portAddResult = z.object({ ids: z.array(z.string()) });
export const portRenewBody = z.object({
  ids: z.array(idString, { error: 'pickAtLeastOne' }).min(1, { error: 'pickAtLeastOne' }).max(1000),
  days: z.coerce.number().int().min(1).max(3650),
});
export type PortRenewBody = z.infer<typeof portRenewBody>;
export const portRenewResult = z.object({ count: z.number() });

/** Days before expiry at which a port is "due soon" or "to be renewed". */
export const PORT_DUE_SOON_DAYS = 3;
export const PORT_RENEW_DAYS = 15;

/** The state of a port derived from its expiry. */
export function portState(expiresAt: number, now: number): PortState {
  const left = expiresAt - now;
  if (left <= 0) return 'expired';
  if (left <= PORT_DUE_SOON_DAYS * 86400_000) return 'dueSoon';
  if (left <= PORT_RENEW_DAYS * 86400_000) return 'toBeRenewed';
  return 'inUse';
}

/** A node of the seat tree. */
export interface SeatNode {
  uid: string;
  username: string;
  nickname: string;
  role: string;
  workAccountCount: number;
  children: SeatNode[];
}
export const seatNode: z.ZodType<SeatNode> = z.lazy(() =>
  z.object({
    uid: z.string(),
    username: z.string(),
    nickname: z.string(),
    role: z.string(),
    workAccountCount: z.number(),
    children: z.array(seatNode),
  }),
);
export const accountTreeQuery = z.object({
  onlyWithAccounts: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

export type AccountTreeQuery = z.infer<typeof accountTreeQuery>;

/** My seat. */
export const updateProfileBody = z.object({
  nickname: requiredString('nameRequired', 32),
  avatar: z
    .string()
    .max(2048)
    .regex(/^(|https?:\/\/\S+|\/\S*)$/, { error: 'avatarFormat' })
    .optional()
    .nullable(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;
export const profile = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  role: z.string(),
  roleName: z.string().nullable(),
  positionName: z.string().nullable(),
  superiorName: z.string().nullable(),
  seatPrefix: z.string().nullable(),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  twoStepEnabled: z.boolean(),
  createdAt: z.number(),
});
export type Profile = z.infer<typeof profile>;
