import { useTranslation } from 'react-i18next';
import { WORK_ACCOUNT_POOLS, WORK_ACCOUNT_STATUSES } from '@cst/shared';
import { SearchFilter, SelectFilter, type FilterQuery } from '../../components/listPage/index.ts';

/** Keyword search, status and pool filters of the account list, kept in the URL. */
export function AccountFilters({ query }: { query: FilterQuery<'keyword' | 'status' | 'pool'> }) {
  const { t } = useTranslation();
  return (
    <>
      <SearchFilter
        query={query}
        name="keyword"
        placeholder={t('accounts.searchPlaceholder')}
        testId="account-search"
      />
      <SelectFilter
        query={query}
        name="status"
        placeholder={t('accounts.statusFilter')}
        options={WORK_ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`wxStatus.${s}`) }))}
        testId="status-filter"
      />
      <SelectFilter
        query={query}
        name="pool"
        width={130}
        placeholder={t('accounts.poolFilter')}
        options={WORK_ACCOUNT_POOLS.map((p) => ({ value: p, label: t(`wxPool.${p}`) }))}
      />
    </>
  );
}
