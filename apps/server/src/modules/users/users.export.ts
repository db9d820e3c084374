import type { Language, Text, UserItem } from '@cst/shared';
import { text, type XlsxColumn, type XlsxExport } from '../../platform/xlsx-export.ts';

const ROLE: Record<string, Text> = {
  admin: text('平台管理员', 'Platform admin'),
  manager: text('管理员', 'Manager'),
  subAdmin: text('主管', 'Supervisor'),
  office: text('客服', 'Seat'),
};
const STATUS: Record<string, Text> = {
  enabled: text('启用', 'Enabled'),
  disabled: text('停用', 'Disabled'),
};
const label = (table: Record<string, Text>, key: string, lang: Language) =>
  table[key]?.[lang] ?? key;
const created: XlsxColumn<UserItem> = {
  header: text('创建时间', 'Created'),
  kind: 'time',
  width: 20,
  value: (u) => u.createdAt,
};

/**
 * The columns of the user export: the platform admin lists customers (company and manager), a
 * tenant its sub-accounts (role, position, superior, seat prefix).
 */
export function userExportColumns(lang: Language, customers: boolean): XlsxColumn<UserItem>[] {
  const status: XlsxColumn<UserItem> = {
    header: text('状态', 'Status'),
    width: 10,
    value: (u) => label(STATUS, u.status, lang),
  };
  if (customers) {
    return [
      { header: text('企业名称', 'Company'), width: 24, value: (u) => u.tenantName },
      { header: text('管理员账号', 'Manager account'), width: 18, value: (u) => u.username },
      { header: text('管理员姓名', 'Manager name'), width: 16, value: (u) => u.nickname },
      status,
      created,
    ];
  }
  return [
    { header: text('账号', 'Account'), width: 18, value: (u) => u.username },
    { header: text('姓名', 'Name'), width: 16, value: (u) => u.nickname },
    { header: text('角色', 'Role'), width: 12, value: (u) => label(ROLE, u.role, lang) },
    { header: text('权限角色', 'Permission role'), width: 16, value: (u) => u.roleName },
    { header: text('职位', 'Position'), width: 14, value: (u) => u.positionName },
    { header: text('上级账号', 'Superior'), width: 16, value: (u) => u.superiorName },
    { header: text('坐席前缀', 'Seat prefix'), width: 12, value: (u) => u.seatPrefix },
    status,
    created,
  ];
}

/** File and sheet names of the user export. */
export function userExportNames(
  customers: boolean,
): Pick<XlsxExport<UserItem>, 'fileName' | 'sheetName'> {
  return customers
    ? { fileName: text('客户用户', 'customers'), sheetName: text('客户用户', 'Customers') }
    : { fileName: text('子账号', 'sub-accounts'), sheetName: text('子账号', 'Sub-accounts') };
}
