import { Alert, App } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormFields, FormModal } from '../../../components/listPage/index.ts';
import { proxiesApi } from '../api.ts';
import { useProxies } from './useProxies.ts';
import { useWorkAccounts } from '../../../lib/workAccounts/workAccountStore.ts';

/** Props of {@link ProxyAssignModal}. */
export interface ProxyAssignModalProps {
  wxids: string[] | null;
  onClose: (saved: boolean) => void;
}

const NONE = '__none__';

/** Assigns a proxy (or none) to work accounts. */
export function ProxyAssignModal({ wxids, onClose }: ProxyAssignModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = wxids !== null;
  const proxies = useProxies(open);
  // A proxy is used from the next login: an online account keeps its connection until then.
  const online = useWorkAccounts(
    (s) => s.accounts.filter((a) => a.status === 'online' && wxids?.includes(a.wxid)).length,
  );

  return (
    <FormModal<{ proxyId: string }>
      title={t('proxies.assignTitle', { count: wxids?.length ?? 0 })}
      open={open}
      onClose={onClose}
      okTestId="proxy-assign-ok"
      onSubmit={async ({ proxyId }) => {
        const res = await proxiesApi.assign(wxids ?? [], proxyId === NONE ? null : proxyId);
        void message.success(t('proxies.assigned', { count: res.count }));
      }}
    >
      {online > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('proxies.nextLogin', { count: online })}
          data-testid="proxy-next-login"
        />
      )}
      <FormFields
        fields={[
          {
            kind: 'select',
            name: 'proxyId',
            label: 'proxies.pick',
            requiredMessage: 'proxies.pick',
            placeholder: 'proxies.pick',
            searchable: true,
            loading: proxies.isFetching,
            options: [
              { value: NONE, label: t('accounts.noProxy') },
              ...(proxies.data?.list ?? []).map((p) => ({
                value: p.id,
                label: `${p.label} (${p.username || '—'}) · ${p.accountCount}`,
              })),
            ],
            testId: 'proxy-assign-select',
          },
        ]}
      />
    </FormModal>
  );
}
