import type { Text, WorkAccountItem, WorkAccountPool, WorkAccountStatus } from '@cst/shared';
import { text, type XlsxColumn, type XlsxExport } from '../../platform/xlsx-export.ts';

const STATUS: Record<WorkAccountStatus, Text> = {
  notLoggedIn: text('未登录', 'Not logged in'),
  loggingIn: text('登录中', 'Logging in'),
  autoLoggingIn: text('自动登录中', 'Auto logging in'),
  online: text('在线', 'Online'),
  offline: text('离线', 'Offline'),
  banned: text('已封号', 'Banned'),
  proxyFailed: text('代理失效', 'Proxy failed'),
  kickedOut: text('被踢下线', 'Kicked out'),
  uploadFailed: text('上传失败', 'Upload failed'),
  alreadyInStock: text('已在库', 'Already in stock'),
  loginFailed: text('登录失败', 'Login failed'),
  keyError: text('密钥错误', 'Key error'),
  keyFormatError: text('密钥格式错误', 'Key format error'),
  other: text('其他', 'Other'),
  gettingDevice: text('获取设备中', 'Getting device'),
};
const POOL: Record<WorkAccountPool, Text> = {
  service: text('客服号池', 'Service pool'),
  feeding: text('养号池', 'Feeding pool'),
};

/** The columns of the work-account export, in the caller's language. */
export function accountExportColumns(lang: keyof Text): XlsxColumn<WorkAccountItem>[] {
  return [
    { header: text('微信号', 'ID'), width: 24, value: (a) => a.wxid },
    { header: text('昵称', 'Nickname'), width: 18, value: (a) => a.nickname },
    { header: text('备注', 'Remark'), width: 18, value: (a) => a.remark },
    { header: text('状态', 'Status'), width: 12, value: (a) => STATUS[a.status][lang] },
    { header: text('状态说明', 'Status reason'), width: 20, value: (a) => a.statusReason },
    { header: text('号池', 'Pool'), width: 12, value: (a) => POOL[a.pool][lang] },
    { header: text('分组', 'Group'), width: 14, value: (a) => a.groupName },
    { header: text('代理', 'Proxy'), width: 22, value: (a) => a.proxy },
    { header: text('分配坐席', 'Seat'), width: 14, value: (a) => a.distributedToName },
    { header: text('好友数', 'Friends'), kind: 'number', width: 10, value: (a) => a.contactCount },
    { header: text('群数', 'Groups'), kind: 'number', width: 10, value: (a) => a.groupCount },
    { header: text('端口', 'Port'), width: 16, value: (a) => a.portCode },
    {
      header: text('端口到期', 'Port expires'),
      kind: 'time',
      width: 20,
      value: (a) => a.portExpiresAt,
    },
    {
      header: text('首次登录', 'First login'),
      kind: 'time',
      width: 20,
      value: (a) => a.firstLoginAt,
    },
    {
      header: text('最后登录', 'Last login'),
      kind: 'time',
      width: 20,
      value: (a) => a.lastLoginAt,
    },
    { header: text('添加时间', 'Added'), kind: 'time', width: 20, value: (a) => a.createdAt },
  ];
}

/** File and sheet names of the work-account export. */
export const accountExportNames: Pick<XlsxExport<WorkAccountItem>, 'fileName' | 'sheetName'> = {
  fileName: text('工作号', 'work-accounts'),
  sheetName: text('工作号', 'Work accounts'),
};
