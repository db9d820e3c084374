import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of the platform admin's port list. */
export const portsTexts: Record<Language, TextTree> = {
  'zh-CN': {
    ports: {
      title: '端口管理',
      code: '端口编号',
      tenant: '所属企业',
      allTenants: '全部企业',
      state: '状态',
      allStates: '全部状态',
      expiresAt: '到期时间',
      workWxid: '绑定工作号',
      unbound: '未绑定',
      grant: '开通端口',
      renew: '续费',
      renewSelected: '续费所选（{count}）',
      count: '数量',
      days: '有效天数',
      granted: '已开通 {count} 个端口',
      renewed: '已续费 {count} 个端口',
      renewHint: '将为所选的 {count} 个端口延长有效期（已过期的从今天起算）',
      tenantRequired: '请选择企业',
      states: { inUse: '使用中', expired: '已过期', toBeRenewed: '待续费', dueSoon: '即将到期' },
    },
  },
  en: {
    ports: {
      title: 'Ports',
      code: 'Port',
      tenant: 'Company',
      allTenants: 'All companies',
      state: 'State',
      allStates: 'All states',
      expiresAt: 'Expires',
      workWxid: 'Work account',
      unbound: 'Not bound',
      grant: 'Grant ports',
      renew: 'Renew',
      renewSelected: 'Renew selected ({count})',
      count: 'Count',
      days: 'Days valid',
      granted: '{count} ports granted',
      renewed: '{count} ports renewed',
      renewHint: 'Extends the {count} selected ports (expired ones count from today)',
      tenantRequired: 'Choose a company',
      states: {
        inUse: 'In use',
        expired: 'Expired',
        toBeRenewed: 'To be renewed',
        dueSoon: 'Due soon',
      },
    },
  },
};
