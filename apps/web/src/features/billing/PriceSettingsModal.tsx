import { useQuery } from '@tanstack/react-query';
import { App, InputNumber, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { billingSettings, centsOf, formatCents } from '@cst/shared';
import { FormField, FormModal } from '../../components/listPage/index.ts';
import { billingApi, billingKeys } from './api.ts';

interface PriceForm {
  price: number;
  trialPorts: number;
  trialDays: number;
  warnDays: number;
}

/** The platform admin sets the port price, the trial allowance and the warning days. */
export function PriceSettingsModal({
  open,
  onClose,
}: {
  open: boolean;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data } = useQuery({
    queryKey: billingKeys.settings,
    queryFn: () => billingApi.settings(),
    enabled: open,
  });

  const handleSubmit = async (v: PriceForm) => {
    await billingApi.saveSettings({
      portPriceCents: centsOf(String(v.price)) ?? 0,
      trialPorts: v.trialPorts,
      trialDays: v.trialDays,
      warnDays: v.warnDays,
    });
    void message.success(t('billing.settings.saved'));
  };

  return (
    <FormModal<PriceForm>
      key={data ? 'loaded' : 'loading'}
      open={open}
      title={t('billing.settings.title')}
      onSubmit={handleSubmit}
      onClose={onClose}
      okTestId="prices-ok"
      initialValues={
        data
          ? {
              price: Number(formatCents(data.portPriceCents).replace(/,/g, '')),
              trialPorts: data.trialPorts,
              trialDays: data.trialDays,
              warnDays: data.warnDays,
            }
          : undefined
      }
    >
      {!data ? (
        <Spin />
      ) : (
        <>
          <FormField name="price" label={t('billing.settings.portPrice')} required>
            <InputNumber
              min={0}
              max={100000}
              precision={2}
              prefix="¥"
              style={{ width: '100%' }}
              data-testid="price-port"
            />
          </FormField>
          <FormField
            name="trialPorts"
            label={t('billing.settings.trialPorts')}
            schema={billingSettings.shape.trialPorts}
          >
            <InputNumber
              min={0}
              max={100}
              precision={0}
              style={{ width: '100%' }}
              data-testid="price-trial-ports"
            />
          </FormField>
          <FormField
            name="trialDays"
            label={t('billing.settings.trialDays')}
            schema={billingSettings.shape.trialDays}
          >
            <InputNumber min={1} max={365} precision={0} style={{ width: '100%' }} />
          </FormField>
          <FormField
            name="warnDays"
            label={t('billing.settings.warnDays')}
            schema={billingSettings.shape.warnDays}
          >
            <InputNumber
              min={1}
              max={60}
              precision={0}
              style={{ width: '100%' }}
              data-testid="price-warn-days"
            />
          </FormField>
        </>
      )}
    </FormModal>
  );
}
