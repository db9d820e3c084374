import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of the phrase library page, the composer's phrase panel and quick search. */
export const phrasesTexts: Record<Language, TextTree> = {
  'zh-CN': {
    phrases: {
      title: '话术库',
      panel: '话术',
      groups: '话术分组',
      allGroups: '全部分组',
      shared: '共享',
      personal: '个人',
      addGroup: '新建分组',
      groupName: '分组名称',
      renameGroup: '重命名',
      deleteGroup: '删除分组',
      deleteGroupHint: '删除分组“{name}”及其中 {count} 条话术？',
      noGroups: '还没有话术分组',
      noGroupsHint: '请先创建话术分组，再添加话术。共享分组对企业所有座席可见。',
      add: '添加话术',
      edit: '编辑话术',
      content: '话术内容',
      group: '所属分组',
      useCount: '使用次数',
      search: '搜索话术',
      empty: '还没有话术',
      emptyHint: '在会话中输入 / 加关键字即可快速插入话术，常用的排在前面。',
      noMatch: '没有找到话术',
      panelHint: '↑↓ 选择，回车插入',
      quickHint: '↑↓ 选择 · 回车插入 · Esc 关闭',
      saved: '已保存',
      deleted: '已删除',
      readOnly: '共享话术由管理员维护',
      quickEmpty:
        '你还没有可用的话术。个人分组只有创建者自己能用；企业的共享分组由管理员在话术库中创建。',
      openLibrary: '打开话术库',
      scope: '谁能看到',
      scopePersonal: '仅自己（个人分组）',
      scopeShared: '企业所有坐席（共享分组）',
      scopePersonalHint: '个人分组只有你自己能看到和使用，其他坐席在会话中输入 / 看不到这些话术。',
      scopeSharedHint:
        '共享分组对企业所有坐席可见，坐席在会话中输入 / 即可使用，只有管理员能修改。',
    },
  },
  en: {
    phrases: {
      title: 'Phrase library',
      panel: 'Phrases',
      groups: 'Phrase groups',
      allGroups: 'All groups',
      shared: 'shared',
      personal: 'personal',
      addGroup: 'New group',
      groupName: 'Group name',
      renameGroup: 'Rename',
      deleteGroup: 'Delete group',
      deleteGroupHint: 'Delete the group “{name}” and its {count} phrases?',
      noGroups: 'No phrase groups yet',
      noGroupsHint:
        'Create a phrase group first, then add phrases. Shared groups are seen by every seat of the company.',
      add: 'Add phrase',
      edit: 'Edit phrase',
      content: 'Phrase',
      group: 'Group',
      useCount: 'Uses',
      search: 'Search phrases',
      empty: 'No phrases yet',
      emptyHint:
        'In a chat, type / and a few letters to insert a phrase; the most used come first.',
      noMatch: 'No phrase found',
      panelHint: '↑↓ to choose, Enter to insert',
      quickHint: '↑↓ choose · Enter insert · Esc close',
      saved: 'Saved',
      deleted: 'Deleted',
      readOnly: 'Shared phrases are kept by administrators',
      quickEmpty:
        'You have no phrases yet. Personal groups are seen only by whoever made them; the company’s shared groups are made by administrators in the phrase library.',
      openLibrary: 'Open the phrase library',
      scope: 'Who sees it',
      scopePersonal: 'Only me (personal group)',
      scopeShared: 'Every seat of the company (shared group)',
      scopePersonalHint:
        'Only you see and use a personal group; other seats typing / in a chat do not see its phrases.',
      scopeSharedHint:
        'Every seat of the company sees a shared group and can insert its phrases with /; only administrators change it.',
    },
  },
};
