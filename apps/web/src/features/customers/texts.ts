import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of the platform admin's customer-user area. */
export const customersTexts: Record<Language, TextTree> = {
  'zh-CN': {
    customers: {
      title: '客户用户管理',
      add: '新增客户',
      batchAdd: '批量新增',
      edit: '编辑客户',
      tenantName: '企业名称',
      username: '管理员账号',
      password: '密码',
      nickname: '管理员姓名',
      status: '状态',
      searchPlaceholder: '按企业名称、账号或姓名搜索',
      subUsers: '下级账号',
      subUsersOf: '「{name}」的下级账号',
      drillDown: '查看下级',
      empty: '还没有客户',
      emptyHint: '新增客户会同时创建企业和它的管理员账号；多个客户可用「批量新增」',
      back: '返回上一级',
      batchHelp:
        '每行一个客户，依次为：企业名称、管理员账号、密码、管理员姓名，用逗号或 Tab 分隔。',
      batchPlaceholder: '示例：\n星辰科技,xingchen,Passw0rd,张三\n海岸贸易,haian,Passw0rd,李四',
      batchRows: '共 {count} 行待提交',
      batchSubmit: '提交',
      batchResult: '成功 {created} 个，失败 {failed} 个',
      row: '行号',
      result: '结果',
      created: '已创建',
      noRows: '请至少填写一行',
    },
  },
  en: {
    customers: {
      title: 'Customer users',
      add: 'Add customer',
      batchAdd: 'Batch add',
      edit: 'Edit customer',
      tenantName: 'Company name',
      username: 'Manager account',
      password: 'Password',
      nickname: 'Manager name',
      status: 'Status',
      searchPlaceholder: 'Search by company, account or name',
      subUsers: 'Sub-users',
      subUsersOf: 'Sub-users of "{name}"',
      drillDown: 'Sub-users',
      empty: 'No customers yet',
      emptyHint: 'Adding a customer creates a company with its manager; use Batch add for many',
      back: 'Up one level',
      batchHelp:
        'One customer a line: company name, manager account, password, manager name, separated by commas or tabs.',
      batchPlaceholder:
        'Example:\nStar Tech,startech,Passw0rd,Alice\nCoast Trading,coast,Passw0rd,Bob',
      batchRows: '{count} rows to submit',
      batchSubmit: 'Submit',
      batchResult: '{created} created, {failed} failed',
      row: 'Row',
      result: 'Result',
      created: 'Created',
      noRows: 'Fill in at least one line',
    },
  },
};
