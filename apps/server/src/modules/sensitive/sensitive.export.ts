import type { Language, SensitiveRecordItem, SensitiveWordItem } from '@cst/shared';
import { text, type XlsxColumn, type XlsxExport } from '../../platform/xlsx-export.ts';

type Names = Pick<XlsxExport<unknown>, 'fileName' | 'sheetName'>;

/** The columns of the word-list export. */
export const wordExportColumns: XlsxColumn<SensitiveWordItem>[] = [
  { header: text('敏感词', 'Word'), width: 24, value: (w) => w.word },
  { header: text('添加时间', 'Added'), kind: 'time', width: 20, value: (w) => w.createdAt },
];

/** File and sheet names of the word-list export. */
export const wordExportNames: Names = {
  fileName: text('敏感词', 'sensitive-words'),
  sheetName: text('敏感词', 'Sensitive words'),
};

/** The columns of the hit-record export, in the caller's language. */
export function recordExportColumns(lang: Language): XlsxColumn<SensitiveRecordItem>[] {
  const sent = text('发出', 'Sent');
  const received = text('收到', 'Received');
  return [
    { header: text('敏感词', 'Word'), width: 16, value: (r) => r.word },
    { header: text('会话', 'Conversation'), width: 20, value: (r) => r.name },
    { header: text('工作号', 'Work account'), width: 22, value: (r) => r.workWxid },
    { header: text('消息内容', 'Message'), width: 60, value: (r) => r.content },
    {
      header: text('方向', 'Direction'),
      width: 8,
      value: (r) => (r.sendSide === 1 ? sent : received)[lang],
    },
    { header: text('时间', 'Time'), kind: 'time', width: 20, value: (r) => r.createdAt },
    { header: text('发送坐席', 'Seat'), width: 14, value: (r) => r.senderName ?? '' },
    {
      header: text('工作号名称', 'Work account name'),
      width: 18,
      value: (r) => r.accountName ?? '',
    },
  ];
}

/** File and sheet names of the hit-record export. */
export const recordExportNames: Names = {
  fileName: text('敏感词触发记录', 'sensitive-hits'),
  sheetName: text('触发记录', 'Hits'),
};
