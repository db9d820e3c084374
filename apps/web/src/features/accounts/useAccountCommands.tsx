import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountsApi } from './api.ts';

/**
 * The account operations that need only a yes/no: logout, take back, and multi-login (whose
 * per-account outcome is listed afterwards). `onDone` runs after a change.
 */
export function useAccountCommands(onDone: () => void) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();

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
    multiLogin: async (wxids: string[]) => {
      let results;
      try {
        ({ results } = await accountsApi.multiLogin(wxids));
      } catch {
        return; // The client has shown the server's message.
      }
      onDone();
      void modal.info({
        title: t('accounts.multiLoginTitle'),
        content: (
          <ul style={{ paddingLeft: 18, margin: 0 }} data-testid="multi-login-results">
            {results.map((r) => (
              <li key={r.wxid}>
                {r.wxid}:{' '}
                {r.ok ? t('accounts.multiLoginOk') : r.message || t('wxStatus.loginFailed')}
              </li>
            ))}
          </ul>
        ),
      });
    },
  };
}
