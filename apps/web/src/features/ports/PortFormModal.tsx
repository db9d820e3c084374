import { App, Form, InputNumber, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { portsApi } from './api.ts';

/** Props of {@link PortFormModal}. */
export interface PortFormModalProps {
  /** `grant`: new ports for a company; `renew`: extend the selected ports; null: closed. */
  mode: 'grant' | 'renew' | null;
  tenants: { value: string; label: string }[];
  selectedIds: string[];
  onClose: (saved: boolean) => void;
}

/** Grants a company new ports, or renews the selected ports, for a number of days. */
export function PortFormModal({ mode, tenants, selectedIds, onClose }: PortFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ tenantId: string; count: number; days: number }>();
  const [saving, setSaving] = useState(false);

  const handleOk = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      if (mode === 'grant') {
        const res = await portsApi.grant(v);
        void message.success(t('ports.granted', { count: res.ids.length }));
      } else {
        const res = await portsApi.renew({ ids: selectedIds, days: v.days });
        void message.success(t('ports.renewed', { count: res.count }));
      }
      onClose(true);
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  const required = (label: string) => ({
    required: true,
    message: t('msg.fieldRequired', { field: label }),
  });
  return (
    <Modal
      title={t(mode === 'renew' ? 'ports.renew' : 'ports.grant')}
      open={mode !== null}
      onCancel={() => onClose(false)}
      onOk={() => void handleOk().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'port-form-ok' }}
    >
      <Form form={form} layout="vertical" clearOnDestroy initialValues={{ count: 10, days: 30 }}>
        {mode === 'grant' ? (
          <>
            <Form.Item
              name="tenantId"
              label={t('ports.tenant')}
              rules={[{ required: true, message: t('ports.tenantRequired') }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={tenants}
                data-testid="port-tenant"
              />
            </Form.Item>
            <Form.Item name="count" label={t('ports.count')} rules={[required(t('ports.count'))]}>
              <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </>
        ) : (
          <Typography.Paragraph>
            {t('ports.renewHint', { count: selectedIds.length })}
          </Typography.Paragraph>
        )}
        <Form.Item name="days" label={t('ports.days')} rules={[required(t('ports.days'))]}>
          <InputNumber
            min={1}
            max={3650}
            precision={0}
            style={{ width: '100%' }}
            data-testid="port-days"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
