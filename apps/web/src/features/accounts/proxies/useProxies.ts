import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_PAGE_SIZE } from '@cst/shared';
import { accountsKeys, proxiesApi } from '../api.ts';

/** The tenant's proxies (first 500), for pickers and the proxy list. */
export function useProxies(enabled = true) {
  return useQuery({
    queryKey: accountsKeys.proxies,
    queryFn: () => proxiesApi.list({ page: 1, pageSize: ACCOUNT_PAGE_SIZE }),
    enabled,
  });
}
