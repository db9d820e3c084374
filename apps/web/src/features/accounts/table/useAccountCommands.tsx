import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkAccountItem } from '@cst/shared';
import { outcomeFromResults, useBulkResult } from '../../../components/listPage/index.ts';
import { accountsApi } from '../api.ts';

/**
 * The account operations that need only a yes/no: logout, take back, and multi-login (whose
 * failures are listed per account afterwards). `onDone` runs after a change.
 */
export function useAccountCommands(onDone: () => void) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const showBulk = useBulkResult();

  const confirm = (title: string, run: () => Promise<string>, testid: string) =>
    void modal.confirm({
      title,
      okButtonProps: { 'data-testid': testid },
      onOk: async () => {
        void message.success(await run());
        onDone();
      },
    });

  return {
    logout: (wxids: string[]) =>
      confirm(
        t('accounts.logoutConfirm', { count: wxids.length }),
        async () => t('accounts.loggedOut', { count: (await accountsApi.logout(wxids)).count }),
        'logout-accounts-ok',
      ),
    restitute: (wxids: string[]) =>
      confirm(
        t('accounts.restituteConfirm', { count: wxids.length }),
        async () => t('accounts.restituted', { count: (await accountsApi.restitute(wxids)).count }),
        'restitute-ok',
      ),
    multiLogin: async (rows: WorkAccountItem[]) => {
      let results;
      try {
        ({ results } = await accountsApi.multiLogin(rows.map((r) => r.wxid)));
      } catch {
        return; // The client has shown the server's message.
      }
      onDone();
      showBulk(
        t('accounts.multiLogin'),
        outcomeFromResults(
          rows,
          results,
          (r) => r.wxid,
          (r) => r.wxid,
          t('wxStatus.loginFailed'),
        ),
        (r) => r.remark || r.nickname || r.wxid,
      );
    },
  };
}
