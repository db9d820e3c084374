import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  WORK_ACCOUNT_POOLS,
  WORK_ACCOUNT_STATUSES,
  type WorkAccountPool,
  type WorkAccountStatus,
} from '@cst/shared';

/** The filters of the account list as they sit in the URL. */
export interface AccountFilterValues {
  keyword?: string;
  status?: string;
  pool?: string;
  groupId?: string;
}

/** Props of {@link AccountFilters}. */
export interface AccountFiltersProps {
  filters: AccountFilterValues;
  onChange: (patch: AccountFilterValues) => void;
}

/** Keyword search, status and pool filters of the account list. */
export function AccountFilters({ filters, onChange }: AccountFiltersProps) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Input.Search
        allowClear
        key={filters.keyword ?? ''}
        defaultValue={filters.keyword}
        placeholder={t('accounts.searchPlaceholder')}
        aria-label={t('accounts.searchPlaceholder')}
        onSearch={(v) => onChange({ keyword: v })}
        style={{ width: 240 }}
        data-testid="account-search"
      />
      <Select<WorkAccountStatus>
        allowClear
        placeholder={t('accounts.statusFilter')}
        aria-label={t('accounts.status')}
        value={filters.status as WorkAccountStatus | undefined}
        onChange={(v?: WorkAccountStatus) => onChange({ status: v })}
        style={{ width: 150 }}
        options={WORK_ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`wxStatus.${s}`) }))}
        data-testid="status-filter"
      />
      <Select<WorkAccountPool>
        allowClear
        placeholder={t('accounts.poolFilter')}
        aria-label={t('accounts.pool')}
        value={filters.pool as WorkAccountPool | undefined}
        onChange={(v?: WorkAccountPool) => onChange({ pool: v })}
        style={{ width: 130 }}
        options={WORK_ACCOUNT_POOLS.map((p) => ({ value: p, label: t(`wxPool.${p}`) }))}
      />
    </Space>
  );
}
