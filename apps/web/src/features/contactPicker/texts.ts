import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of the contact picker. */
export const contactPickerTexts: Record<Language, TextTree> = {
  'zh-CN': {
    contactPicker: {
      title: '选择联系人',
      search: '搜索好友或群聊',
      friends: '好友',
      groups: '群聊',
      noMatch: '未找到匹配的好友，请尝试刷新通讯录',
      selected: '已选择 {count} 个',
      cancel: '取消',
      confirm: '确定',
    },
  },
  en: {
    contactPicker: {
      title: 'Choose contacts',
      search: 'Search friends or groups',
      friends: 'Friends',
      groups: 'Groups',
      noMatch: 'No matching friend found, try refreshing the address book',
      selected: '{count} selected',
      cancel: 'Cancel',
      confirm: 'OK',
    },
  },
};
