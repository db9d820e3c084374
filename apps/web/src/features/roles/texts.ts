import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of the role management page. */
export const rolesTexts: Record<Language, TextTree> = {
  'zh-CN': {
    rolesPage: {
      title: '角色管理',
      add: '新增角色',
      edit: '编辑角色',
      roleName: '角色名称',
      roleNamePlaceholder: '例如：售后客服',
      permissions: '权限',
      searchPlaceholder: '按角色名称搜索',
      deleteConfirm: '删除角色「{name}」后不可恢复，确定删除吗？',
      selectAll: '全选',
      needs: '需要：{names}（勾选时一并勾选）',
      sep: '、',
      group: {
        conversations: '会话',
        customers: '工作号与客户',
        marketing: '营销与自动化',
        management: '管理',
        other: '其他',
      },
      empty: '还没有角色',
      emptyHint: '角色是一组权限；新增后，可在子账号管理中把它分给子账号',
    },
  },
  en: {
    rolesPage: {
      title: 'Roles',
      add: 'Add role',
      edit: 'Edit role',
      roleName: 'Role name',
      roleNamePlaceholder: 'e.g. After-sales seat',
      permissions: 'Permissions',
      searchPlaceholder: 'Search by role name',
      deleteConfirm: 'Delete the role "{name}"? This cannot be undone.',
      selectAll: 'Select all',
      needs: 'Needs: {names} (checked along with it)',
      sep: ', ',
      group: {
        conversations: 'Conversations',
        customers: 'Work accounts and customers',
        marketing: 'Marketing and automation',
        management: 'Management',
        other: 'Other',
      },
      empty: 'No roles yet',
      emptyHint: 'A role is a set of permissions; add one, then give it to sub-accounts',
    },
  },
};
