import { App, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { proxiesApi } from './api.ts';
import { useProxies } from './useProxies.ts';

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
  const [proxyId, setProxyId] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const close = (saved: boolean) => {
    setProxyId(undefined);
    onClose(saved);
  };
  const handleOk = async () => {
    if (!wxids || !proxyId) return;
    setSaving(true);
    try {
      const res = await proxiesApi.assign(wxids, proxyId === NONE ? null : proxyId);
      void message.success(t('proxies.assigned', { count: res.count }));
      close(true);
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('proxies.assignTitle', { count: wxids?.length ?? 0 })}
      open={open}
      onCancel={() => close(false)}
      onOk={() => void handleOk()}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ disabled: !proxyId, 'data-testid': 'proxy-assign-ok' }}
    >
      <Typography.Paragraph type="secondary">{t('proxies.pick')}</Typography.Paragraph>
      <Select
        showSearch
        optionFilterProp="label"
        style={{ width: '100%' }}
        loading={proxies.isFetching}
        value={proxyId}
        onChange={setProxyId}
        placeholder={t('proxies.pick')}
        options={[
          { value: NONE, label: t('accounts.noProxy') },
          ...(proxies.data?.list ?? []).map((p) => ({
            value: p.id,
            label: `${p.label} (${p.username || '—'}) · ${p.accountCount}`,
          })),
        ]}
        data-testid="proxy-assign-select"
      />
    </Modal>
  );
}
