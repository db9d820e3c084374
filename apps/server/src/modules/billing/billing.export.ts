import type { Language, OrderItem, OrderType, Text } from '@cst/shared';
import { text, type XlsxColumn, type XlsxExport } from '../../platform/xlsx-export.ts';

const TYPE: Record<OrderType, Text> = {
  recharge: text('充值', 'Recharge'),
  adjust: text('余额调整', 'Adjustment'),
  portBuy: text('购买端口', 'Port purchase'),
  portRenew: text('端口续费', 'Port renewal'),
  trial: text('试用端口', 'Trial ports'),
  portGrant: text('赠送端口', 'Ports granted'),
  portGrantRenew: text('免费续期', 'Free renewal'),
};

const yuan = (cents: number) => cents / 100;

/** The columns of the order export, in the caller's language (amounts in yuan). */
export function orderExportColumns(lang: Language): XlsxColumn<OrderItem>[] {
  return [
    { header: text('订单号', 'Order number'), width: 26, value: (o) => o.orderNumber },
    { header: text('所属企业', 'Company'), width: 22, value: (o) => o.tenantName },
    { header: text('类型', 'Type'), width: 12, value: (o) => TYPE[o.type][lang] },
    { header: text('变动前余额', 'Before'), kind: 'number', value: (o) => yuan(o.preAmount) },
    { header: text('变动金额', 'Change'), kind: 'number', value: (o) => yuan(o.changeAmount) },
    { header: text('变动后余额', 'After'), kind: 'number', value: (o) => yuan(o.afterAmount) },
    { header: text('端口数', 'Ports'), kind: 'number', width: 10, value: (o) => o.portCount },
    { header: text('月数', 'Months'), kind: 'number', width: 10, value: (o) => o.months },
    { header: text('操作人', 'Operator'), width: 16, value: (o) => o.operator },
    { header: text('备注', 'Remark'), width: 24, value: (o) => o.remark },
    { header: text('时间', 'Time'), kind: 'time', width: 20, value: (o) => o.createdAt },
  ];
}

/** File and sheet names of the order export. */
export const orderExportNames: Pick<XlsxExport<OrderItem>, 'fileName' | 'sheetName'> = {
  fileName: text('订单', 'orders'),
  sheetName: text('订单', 'Orders'),
};
