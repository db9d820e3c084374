import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of the history search page. */
export const historyTexts: Record<Language, TextTree> = {
  'zh-CN': {
    historyPage: {
      title: '历史消息',
      keyword: '关键词',
      keywordPlaceholder: '搜索消息内容',
      account: '工作号',
      allAccounts: '全部工作号',
      contact: '联系人',
      contactPlaceholder: '搜索昵称、备注或 ID',
      contactNoMatch: '没有匹配的联系人或群',
      contactById: '按 ID 筛选：{id}',
      time: '时间',
      search: '搜索',
      reset: '重置',
      conversation: '会话',
      content: '消息',
      msgTime: '时间',
      side: '方向',
      sent: '发出',
      received: '收到',
      open: '查看上下文',
      openChat: '打开会话',
      context: '消息上下文',
      empty: '还没有消息记录',
      emptyHint: '工作号收发的消息会出现在这里；可按关键词、工作号、联系人和时间查找',
      outsideWindow: '该消息已超过一个月，会话中仅显示最近一个月的消息',
    },
  },
  en: {
    historyPage: {
      title: 'History messages',
      keyword: 'Keyword',
      keywordPlaceholder: 'Search message text',
      account: 'Work account',
      allAccounts: 'All work accounts',
      contact: 'Contact',
      contactPlaceholder: 'Search name, remark or ID',
      contactNoMatch: 'No matching contact or group',
      contactById: 'Filter by ID: {id}',
      time: 'Time',
      search: 'Search',
      reset: 'Reset',
      conversation: 'Conversation',
      content: 'Message',
      msgTime: 'Time',
      side: 'Direction',
      sent: 'Sent',
      received: 'Received',
      open: 'Show context',
      openChat: 'Open the conversation',
      context: 'Around the message',
      empty: 'No messages yet',
      emptyHint:
        'Messages the work accounts send and receive show up here; search them by keyword, account, contact and time',
      outsideWindow:
        'This message is more than a month old; conversations show the last month only',
    },
  },
};
