import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of sub-account (seat) and position management. */
export const seatsTexts: Record<Language, TextTree> = {
  'zh-CN': {
    seats: {
      title: '子账号管理',
      tabSeats: '子账号',
      tabPositions: '职位',
      add: '新增子账号',
      edit: '编辑子账号',
      username: '账号',
      password: '密码',
      nickname: '姓名',
      role: '角色',
      customRole: '权限角色',
      roleHelp:
        '账号的身份。主管可管理下级、看到标红的敏感词，默认有除角色管理和端口购买外的全部权限；客服默认只有接待所需的权限（会话、联系人、群发、客户中心等）。',
      customRoleHelp:
        '可选。在「角色管理」里自定义的一组权限：选择后按它授权，代替上面角色的默认权限；身份（主管或客服）不变。',
      seatPrefixHelp:
        '可选。坐席的编号或简称（如 S1），显示在子账号列表和导出中，便于区分坐席；不影响权限。',
      position: '职位',
      superior: '上级账号',
      seatPrefix: '坐席前缀',
      status: '状态',
      searchPlaceholder: '按账号或姓名搜索',
      allRoles: '全部角色',
      allStatus: '全部状态',
      resetPassword: '重置密码',
      resetPasswordOf: '重置「{name}」的密码',
      newPassword: '新密码',
      confirmPassword: '确认新密码',
      passwordReset: '密码已重置',
      disableConfirm: '停用后该账号将立即下线且无法登录，确定停用「{name}」吗？',
      enableConfirm: '确定启用「{name}」吗？',
      disableCompanyConfirm:
        '停用后企业「{name}」的所有账号（管理员与坐席）将立即下线且无法登录，确定停用吗？',
      enableCompanyConfirm: '确定启用企业「{name}」吗？其账号可再次登录。',
      statusChanged: '状态已更新',
      noPositions: '还没有职位，请先在「职位」页签中添加',
      noRoles: '还没有自定义角色，可在角色管理中添加',
      self: '（我）',
      empty: '还没有子账号',
      emptyHint: '新增子账号后，可把工作号分配给他们接待',
      deleteTitle: '删除子账号「{name}」',
      deleteHint:
        '删除后「{name}」将立即下线且无法再登录，其 API 密钥失效；它的工作号、分配给它的会话、个人话术分组和待处理的转接都交给下面选择的账号。它发过的消息和统计中仍保留其名字。仍有下级账号时不能删除，请先调整下级的上级账号。',
      handover: '交接给',
      handoverHelp: '默认是它的上级账号',
      deleted: '已删除，{count} 个工作号已交接',
    },
    positions: {
      empty: '还没有职位',
      emptyHint: '职位是子账号的岗位名称（如客服专员），可在新增或编辑子账号时选择，也可不填',
      add: '新增职位',
      edit: '编辑职位',
      name: '职位名称',
      namePlaceholder: '例如：客服专员',
      deleteConfirm: '确定删除职位「{name}」吗？',
    },
  },
  en: {
    seats: {
      title: 'Sub-accounts',
      tabSeats: 'Sub-accounts',
      tabPositions: 'Positions',
      add: 'Add sub-account',
      edit: 'Edit sub-account',
      username: 'Account',
      password: 'Password',
      nickname: 'Name',
      role: 'Role',
      customRole: 'Permission role',
      roleHelp:
        'What the account is. A supervisor manages the accounts below it, sees sensitive words in red and by default holds every permission but roles and port purchases; a seat by default holds what serving customers needs (conversations, contacts, bulk send, customer center…).',
      customRoleHelp:
        'Optional. A set of permissions defined under Roles: when chosen, the account gets its permissions instead of the defaults of the role above; what the account is (supervisor or seat) stays.',
      seatPrefixHelp:
        'Optional. A short code or number of the seat (e.g. S1), shown in the sub-account list and exports to tell seats apart; it grants nothing.',
      position: 'Position',
      superior: 'Superior account',
      seatPrefix: 'Seat prefix',
      status: 'Status',
      searchPlaceholder: 'Search by account or name',
      allRoles: 'All roles',
      allStatus: 'All states',
      resetPassword: 'Reset password',
      resetPasswordOf: 'Reset the password of "{name}"',
      newPassword: 'New password',
      confirmPassword: 'Confirm new password',
      passwordReset: 'The password was reset',
      disableConfirm:
        'A disabled account is signed out at once and cannot log in. Disable "{name}"?',
      enableConfirm: 'Enable "{name}"?',
      disableCompanyConfirm:
        'Every account of the company "{name}" (its manager and seats) is signed out at once and cannot log in. Disable the company?',
      enableCompanyConfirm: 'Enable the company "{name}"? Its accounts can log in again.',
      statusChanged: 'Status updated',
      noPositions: 'No position yet; add one on the Positions tab first',
      noRoles: 'No custom role yet; add one under Roles',
      self: ' (me)',
      empty: 'No sub-accounts yet',
      emptyHint: 'Add sub-accounts, then distribute work accounts to them',
      deleteTitle: 'Delete the sub-account "{name}"',
      deleteHint:
        '"{name}" is signed out at once and can no longer log in; its API keys stop working. Its work accounts, the chats assigned to it, its phrase groups and its pending transfers go to the account chosen below. Its name stays on the messages it sent and in statistics. An account with subordinates cannot be deleted: give them another superior first.',
      handover: 'Hand over to',
      handoverHelp: 'Its superior unless you choose another',
      deleted: 'Deleted; {count} work account(s) handed over',
    },
    positions: {
      empty: 'No positions yet',
      emptyHint:
        'A position is a job title (e.g. Service specialist), chosen when adding or editing a sub-account, or left empty',
      add: 'Add position',
      edit: 'Edit position',
      name: 'Position name',
      namePlaceholder: 'e.g. Service specialist',
      deleteConfirm: 'Delete the position "{name}"?',
    },
  },
};
