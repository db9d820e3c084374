import { App, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { portAddBody, portRenewBody } from '@cst/shared';
import { FormField, FormModal } from '../../components/listPage/index.ts';
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
      {mode === 'grant' ? (
        <>
          <FormField
            name="tenantId"
            label={t('ports.tenant')}
            required
            rules={[{ required: true, message: t('ports.tenantRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={tenants}
              data-testid="port-tenant"
            />
          </FormField>
          <FormField name="count" label={t('ports.count')} schema={portAddBody.shape.count}>
            <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
          </FormField>
        </>
      ) : (
        <Typography.Paragraph>
          {t('ports.renewHint', { count: selectedIds.length })}
        </Typography.Paragraph>
      )}
      <FormField name="days" label={t('ports.days')} schema={portRenewBody.shape.days}>
        <InputNumber
          min={1}
          max={3650}
          precision={0}
          style={{ width: '100%' }}
          data-testid="port-days"
        />
      </FormField>
    </FormModal>
  );
}
