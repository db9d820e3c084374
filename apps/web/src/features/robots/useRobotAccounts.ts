import { useQuery } from '@tanstack/react-query';
import { accountsApi, accountsKeys } from '../accounts/api.ts';

/** The work accounts the caller sees, as select options (label: remark or name, then id). */
export function useRobotAccounts() {
  const { data } = useQuery({ queryKey: accountsKeys.switcher, queryFn: accountsApi.switcher });
  return (data?.wxAccount ?? []).map((a) => ({
    value: a.wxid,
    label: `${a.remark || a.nickname || a.wxid} (${a.wxid})`,
  }));
}
