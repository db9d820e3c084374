import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of the in-console manual (the pages themselves are in content.*.ts). */
export const manualTexts: Record<Language, TextTree> = {
  'zh-CN': {
    manual: {
      title: '使用手册',
      menu: '使用手册',
      help: '使用帮助',
      helpFor: '打开「{page}」的使用说明',
      search: '搜索手册',
      searchPlaceholder: '输入关键词，如：群发、标签、扫码',
      contents: '目录',
      results_one: '找到 {count} 处',
      results_other: '找到 {count} 处',
      noResults: '没有找到与「{q}」相关的内容',
      noShot: '截图暂缺：{alt}',
      open: '打开此页面',
      pages: {
        inbox: '会话（收件箱）',
        accounts: '工作号管理',
        contacts: '通讯录',
        customerCenter: '客户中心',
        groupHelper: '群发助手',
        moments: '朋友圈',
        statistics: '数据统计',
        settings: '设置',
        openPlatform: '开放平台',
      },
    },
  },
  en: {
    manual: {
      title: 'Manual',
      menu: 'Manual',
      help: 'Help',
      helpFor: 'Open the manual page “{page}”',
      search: 'Search the manual',
      searchPlaceholder: 'Keywords, e.g. mass send, tag, QR',
      contents: 'Contents',
      results_one: '{count} match',
      results_other: '{count} matches',
      noResults: 'Nothing in the manual matches “{q}”',
      noShot: 'Screenshot missing: {alt}',
      open: 'Open this screen',
      pages: {
        inbox: 'Conversations (inbox)',
        accounts: 'Work accounts',
        contacts: 'Contacts',
        customerCenter: 'Customer center',
        groupHelper: 'Group helper (mass send)',
        moments: 'Moments',
        statistics: 'Statistics',
        settings: 'Settings',
        openPlatform: 'Open platform',
      },
    },
  },
};
