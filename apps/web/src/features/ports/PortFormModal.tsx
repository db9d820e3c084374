import { App, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { portAddBody, portRenewBody } from '@cst/shared';
import { FormFields, FormModal } from '../../components/listPage/index.ts';
import { portsApi } from './api.ts';

/** Props of {@link PortFormModal}. */
export interface PortFormModalProps {
  /** `grant`: new ports for a company; `renew`: extend the selected ports; null: closed. */
  mode: 'grant' | 'renew' | null;
  tenants: { value: string; label: string }[];
  selectedIds: string[];
  onClose: (saved: boolean) => void;
}

interface PortForm {
  tenantId: string;
  count: number;
  days: number;
}

/** Grants a company new ports, or renews the selected ports, for a number of days. */
export function PortFormModal({ mode, tenants, selectedIds, onClose }: PortFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  const handleSubmit = async (v: PortForm) => {
    if (mode === 'grant') {
      const res = await portsApi.grant(v);
      void message.success(t('ports.granted', { count: res.ids.length }));
    } else {
      const res = await portsApi.renew({ ids: selectedIds, days: v.days });
      void message.success(t('ports.renewed', { count: res.count }));
    }
  };

  return (
    <FormModal<PortForm>
      title={t(mode === 'renew' ? 'ports.renew' : 'ports.grant')}
      open={mode !== null}
      onSubmit={handleSubmit}
      onClose={onClose}
      okTestId="port-form-ok"
      initialValues={{ count: 10, days: 30 }}
    >
      <FormFields
        fields={[
          {
            kind: 'select',
            name: 'tenantId',
            label: 'ports.tenant',
            requiredMessage: 'ports.tenantRequired',
            searchable: true,
            options: tenants,
            testId: 'port-tenant',
            hidden: mode !== 'grant',
          },
          {
            kind: 'number',
            name: 'count',
            label: 'ports.count',
            schema: portAddBody.shape.count,
            min: 1,
            max: 1000,
            hidden: mode !== 'grant',
          },
        ]}
      />
      {mode === 'renew' && (
        <Typography.Paragraph>
          {t('ports.renewHint', { count: selectedIds.length })}
        </Typography.Paragraph>
      )}
      <FormFields
        fields={[
          {
            kind: 'number',
            name: 'days',
            label: 'ports.days',
            schema: portRenewBody.shape.days,
            min: 1,
            max: 3650,
            testId: 'port-days',
          },
        ]}
      />
    </FormModal>
  );
}
