import type { FanTaskRowItem, Language, Text } from '@cst/shared';
import { text, type ExportNames, type XlsxColumn } from '../../platform/xlsx-export.ts';

const STATE: Record<FanTaskRowItem['state'], Text> = {
  waiting: text('待添加', 'Waiting'),
  sending: text('添加中', 'Sending'),
  done: text('已处理', 'Done'),
  skipped: text('已跳过', 'Skipped'),
};
const STATUS: Record<number, Text> = {
  1: text('已申请', 'Requested'),
  2: text('添加失败', 'Add failed'),
  3: text('添加成功', 'Added'),
  4: text('已是好友', 'Already a friend'),
};

/** The columns of a task's row export: each person with their account and outcome. */
export function fanRowExportColumns(lang: Language): XlsxColumn<FanTaskRowItem>[] {
  const time = (header: Text, value: (r: FanTaskRowItem) => number | null) => ({
    header,
    kind: 'time' as const,
    width: 20,
    value,
  });
  return [
    { header: text('序号', 'No.'), kind: 'number', width: 8, value: (r) => r.seq },
    { header: text('手机号/账号', 'Phone / id'), width: 18, value: (r) => r.target },
    { header: text('工作号', 'Work account'), width: 20, value: (r) => r.workWxid },
    { header: text('好友账号', 'Friend id'), width: 20, value: (r) => r.wxid },
    { header: text('昵称', 'Nickname'), width: 16, value: (r) => r.nickname },
    { header: text('申请备注', 'Greeting'), width: 24, value: (r) => r.greeting },
    { header: text('备注', 'Remark'), width: 14, value: (r) => r.remark },
    { header: text('进度', 'Progress'), width: 10, value: (r) => STATE[r.state][lang] },
    {
      header: text('添加状态', 'Request status'),
      width: 12,
      value: (r) => (r.status ? STATUS[r.status]?.[lang] : ''),
    },
    { header: text('原因', 'Reason'), width: 28, value: (r) => r.reason },
    time(text('领取时间', 'Claimed'), (r) => r.claimedAt),
    time(text('发送时间', 'Sent'), (r) => r.sentAt),
    time(text('结果时间', 'Answered'), (r) => r.settledAt),
  ];
}

/** File and sheet names of the row export. */
export const fanRowExportNames: ExportNames<FanTaskRowItem> = {
  fileName: text('加粉任务明细', 'friend-task-rows'),
  sheetName: text('加粉明细', 'Rows'),
};
