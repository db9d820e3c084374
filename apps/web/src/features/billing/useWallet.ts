import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../lib/session/sessionStore.ts';
import { billingApi, billingKeys } from './api.ts';

/** The caller's company wallet (only for users who may pay: billing.manage). */
export function useWallet() {
  const canPay = useCan('billing.manage');
  return useQuery({
    queryKey: billingKeys.wallet,
    queryFn: () => billingApi.wallet(),
    enabled: canPay,
    // Each page that shows it reads it afresh (the admin may have recharged meanwhile).
    staleTime: 0,
    refetchInterval: 5 * 60_000,
  });
}
