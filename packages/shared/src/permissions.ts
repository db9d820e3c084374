import type { Text } from './i18n.ts';

/** The roles of DESIGN.md §4. */
export const ROLES = ['admin', 'manager', 'subAdmin', 'office'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a sub-account may have. */
export const SUB_ROLES = ['subAdmin', 'office'] as const;
export type SubRole = (typeof SUB_ROLES)[number];

/** Every permission the server knows, with its label. */
export const PERMISSIONS = {
  'platform.customers': { 'zh-CN': '客户用户管理', en: 'Customer users' },
  'platform.ports': { 'zh-CN': '端口管理', en: 'Ports' },
  'platform.billing': { 'zh-CN': '充值与价格', en: 'Recharges and prices' },
  'conversation.read': { 'zh-CN': '查看会话', en: 'Read conversations' },
  'conversation.send': { 'zh-CN': '发送消息', en: 'Send messages' },
  'history.read': { 'zh-CN': '历史消息', en: 'History messages' },
  'account.manage': { 'zh-CN': '工作号管理', en: 'Work accounts' },
  'contact.manage': { 'zh-CN': '联系人与群', en: 'Contacts and groups' },
  'moments.manage': { 'zh-CN': '朋友圈', en: 'Moments' },
  'task.manage': { 'zh-CN': '群发助手', en: 'Bulk send' },
  'customer.manage': { 'zh-CN': '客户中心', en: 'Customer center' },
  'autoreply.manage': { 'zh-CN': '自动回复与自动通过', en: 'Auto-reply and auto-accept' },
  'statistics.read': { 'zh-CN': '数据统计', en: 'Statistics' },
  'seat.manage': { 'zh-CN': '子账号管理', en: 'Sub-accounts and seats' },
  'seat.delete': { 'zh-CN': '删除子账号', en: 'Delete sub-accounts' },
  'role.manage': { 'zh-CN': '角色管理', en: 'Roles' },
  'sensitive.manage': { 'zh-CN': '敏感词监控', en: 'Sensitive words' },
  'billing.manage': { 'zh-CN': '端口购买与订单', en: 'Port purchases and orders' },
  'library.manage': { 'zh-CN': '素材库与共享话术', en: 'Material and shared phrases' },
  'openapi.manage': {
    'zh-CN': '开放平台（API 密钥与 Webhook）',
    en: 'Open platform (API keys and webhooks)',
  },
  'platform.backups': { 'zh-CN': '备份', en: 'Backups' },
  'retention.manage': { 'zh-CN': '消息保留期限', en: 'Message retention' },
  'conversation.assign': { 'zh-CN': '分配会话', en: 'Assign conversations' },
  'ai.manage': { 'zh-CN': 'AI 服务设置', en: 'AI settings' },
  'translation.manage': { 'zh-CN': '翻译服务设置', en: 'Translation service' },
} as const satisfies Record<string, Text>;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as Permission[];

/** Permissions of the platform admin; it belongs to no tenant. */
export const PLATFORM_PERMISSIONS: Permission[] = [
  'platform.customers',
  'platform.ports',
  'platform.billing',
  'platform.backups',
];
/** Permissions that only exist inside a tenant. */
export const TENANT_PERMISSIONS: Permission[] = PERMISSION_KEYS.filter(
  (p) => !p.startsWith('platform.'),
);

/** Default permissions of each built-in role, used when a user has no custom role. */
export const DEFAULT_ROLE_PERMISSIONS: Record<Role, Permission[]> = {
  admin: PLATFORM_PERMISSIONS,
  manager: TENANT_PERMISSIONS,
  // Money is the manager's: a sub-account pays only through a custom role that grants it.
  // So are the open platform's keys and webhooks, which act for the whole tenant.
  subAdmin: TENANT_PERMISSIONS.filter(
    (p) =>
      p !== 'role.manage' &&
      p !== 'billing.manage' &&
      p !== 'openapi.manage' &&
      p !== 'retention.manage' &&
      p !== 'ai.manage' &&
      // Deleting a seat hands its work away for good: the manager's, or a custom role's.
      p !== 'seat.delete' &&
      p !== 'translation.manage',
  ),
  office: [
    'conversation.read',
    'conversation.send',
    'history.read',
    'contact.manage',
    'moments.manage',
    'task.manage',
    'customer.manage',
  ],
};

/**
 * What a permission is of no use without: a role holding it must hold these too. The role editor
 * checks them along, and the server refuses a role without them (`permissionNeeds`).
 */
export const PERMISSION_NEEDS: Partial<Record<Permission, readonly Permission[]>> = {
  // Sending happens in the conversation screen, which needs reading.
  'conversation.send': ['conversation.read'],
  // Deleting happens in the sub-account list, which needs managing them.
  'seat.delete': ['seat.manage'],
};

/** The first permission of `permissions` lacking one it needs, with that need; null when none. */
export function missingNeed(
  permissions: readonly string[],
): { permission: Permission; needs: Permission } | null {
  for (const p of permissions) {
    const needs = PERMISSION_NEEDS[p as Permission] ?? [];
    const lacking = needs.find((n) => !permissions.includes(n));
    if (lacking) return { permission: p as Permission, needs: lacking };
  }
  return null;
}

/** The tenant permissions by group, in the role editor's order (each group has a select-all). */
export const PERMISSION_GROUPS = {
  conversations: ['conversation.read', 'conversation.send', 'conversation.assign', 'history.read'],
  customers: ['account.manage', 'contact.manage', 'moments.manage', 'customer.manage'],
  marketing: ['task.manage', 'autoreply.manage', 'library.manage'],
  management: [
    'seat.manage',
    'seat.delete',
    'role.manage',
    'sensitive.manage',
    'statistics.read',
    'billing.manage',
    'openapi.manage',
    'retention.manage',
    'ai.manage',
    'translation.manage',
  ],
} as const satisfies Record<string, readonly Permission[]>;
export type PermissionGroup = keyof typeof PERMISSION_GROUPS;

/** Whether a permission may be granted by a custom role (tenant permissions only). */
export function isTenantPermission(p: string): p is Permission {
  return (TENANT_PERMISSIONS as string[]).includes(p);
}
