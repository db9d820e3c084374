import type { BulkDetailItem, BulkSendState, Language, Text } from '@cst/shared';
import { text, type ExportNames, type XlsxColumn } from '../../platform/xlsx-export.ts';

/** SPEC §4 send states as the export words them. */
export const SEND_STATE_TEXT: Record<BulkSendState, Text> = {
  toBeSent: text('待发送', 'To be sent'),
  sent: text('已发送', 'Sent'),
  delivered: text('已送达', 'Delivered'),
  read: text('已读', 'Read'),
  failed: text('发送失败', 'Failed'),
  undelivered: text('未送达', 'Undelivered'),
  awaitingReceipt: text('等待回执', 'Awaiting receipt'),
  noReceipt: text('无回执', 'No receipt'),
};

/** The columns of a task's details export: each send with its account, target and state. */
export function bulkDetailExportColumns(lang: Language): XlsxColumn<BulkDetailItem>[] {
  return [
    { header: text('工作号', 'Work account'), width: 20, value: (r) => r.workWxid },
    { header: text('发送对象', 'Recipient'), width: 22, value: (r) => r.targetWxid },
    { header: text('昵称', 'Name'), width: 16, value: (r) => r.targetName },
    { header: text('第几条', 'Message'), kind: 'number', width: 8, value: (r) => r.messageIndex },
    { header: text('状态', 'State'), width: 12, value: (r) => SEND_STATE_TEXT[r.state][lang] },
    { header: text('原因', 'Error'), width: 28, value: (r) => r.error ?? '' },
    {
      header: text('发送时间', 'Sent'),
      kind: 'time',
      width: 20,
      value: (r) => r.sentAt ?? null,
    },
  ];
}

/** File and sheet names of the details export. */
export const bulkDetailExportNames: ExportNames<BulkDetailItem> = {
  fileName: text('群发任务明细', 'bulk-send-details'),
  sheetName: text('发送明细', 'Sends'),
};
