import { WORK_ACCOUNT_POOLS, WORK_ACCOUNT_STATUSES } from '@cst/shared';
import { FilterBar, type FilterQuery } from '../../../components/listPage/index.ts';

type Filter = 'keyword' | 'status' | 'pool';

const FILTERS = [
  {
    kind: 'search',
    name: 'keyword',
    placeholder: 'accounts.searchPlaceholder',
    testId: 'account-search',
  },
  {
    kind: 'select',
    name: 'status',
    placeholder: 'accounts.statusFilter',
    options: { enum: WORK_ACCOUNT_STATUSES, prefix: 'wxStatus.' },
    testId: 'status-filter',
  },
  {
    kind: 'select',
    name: 'pool',
    width: 130,
    placeholder: 'accounts.poolFilter',
    options: { enum: WORK_ACCOUNT_POOLS, prefix: 'wxPool.' },
  },
] as const;

/** Keyword search, status and pool filters of the account list, kept in the URL. */
export function AccountFilters({ query }: { query: FilterQuery<Filter> }) {
  return <FilterBar<Filter> specs={FILTERS} query={query} />;
}
