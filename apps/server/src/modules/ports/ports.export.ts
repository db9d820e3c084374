import type { Language, PortItem, PortState, Text } from '@cst/shared';
import { text, type XlsxColumn, type XlsxExport } from '../../platform/xlsx-export.ts';

const STATE: Record<PortState, Text> = {
  inUse: text('使用中', 'In use'),
  expired: text('已过期', 'Expired'),
  toBeRenewed: text('待续费', 'To be renewed'),
  dueSoon: text('即将到期', 'Due soon'),
};

/** The columns of the port export, in the caller's language. */
export function portExportColumns(lang: Language): XlsxColumn<PortItem>[] {
  return [
    { header: text('端口编号', 'Port'), width: 18, value: (p) => p.code },
    { header: text('所属企业', 'Company'), width: 24, value: (p) => p.tenantName },
    { header: text('状态', 'State'), width: 12, value: (p) => STATE[p.state][lang] },
    { header: text('到期时间', 'Expires'), kind: 'time', width: 20, value: (p) => p.expiresAt },
    { header: text('绑定工作号', 'Work account'), width: 24, value: (p) => p.workWxid },
    { header: text('开通时间', 'Granted'), kind: 'time', width: 20, value: (p) => p.createdAt },
  ];
}

/** File and sheet names of the port export. */
export const portExportNames: Pick<XlsxExport<PortItem>, 'fileName' | 'sheetName'> = {
  fileName: text('端口', 'ports'),
  sheetName: text('端口', 'Ports'),
};
