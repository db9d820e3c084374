import { accountStateKey } from '@cst/shared';
import { AccountAbnormalError } from '../../platform/errors.ts';

/**
 * Throws unless the work account can send: a banned, kicked-out, offline (…) account answers 409
 * 「工作号状态异常：{reason}」 (SPEC §8) with `data: {workWxid, accountStatus}`.
 */
export function assertAccountCanSend(account: {
  wxid: string;
  status: string;
  statusReason?: string | null;
}): void {
  if (account.status === 'online') return;
  throw new AccountAbnormalError(accountStateKey(account.status), account.statusReason ?? '', {
    workWxid: account.wxid,
    accountStatus: account.status,
  });
}
