import { Alert, App, Form, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatCents,
  MAX_BUY_MONTHS,
  MAX_BUY_PORTS,
  newOrderNumber,
  portBuyBody,
  type WalletSummary,
} from '@cst/shared';
import { FormField, FormModal } from '../../components/listPage/index.ts';
import { billingApi } from './api.ts';

/** Props of {@link PayPortsModal}. */
export interface PayPortsModalProps {
  /** `buy`: new ports; `renew`: the selected ports; null: closed. */
  mode: 'buy' | 'renew' | null;
  selectedIds: string[];
  wallet: WalletSummary | undefined;
  onClose: (saved: boolean) => void;
}

interface PayForm {
  count: number;
  months: number;
}

/**
 * Buys ports or renews the selected ones from the balance, showing what it costs and what is
 * left. The order number is made when the dialog opens, so a retried submit pays once.
 */
export function PayPortsModal(props: PayPortsModalProps) {
  const { mode } = props;
  return mode ? <PayPortsForm key={mode} {...props} mode={mode} /> : null;
}

function PayPortsForm({
  mode,
  selectedIds,
  wallet,
  onClose,
}: PayPortsModalProps & { mode: 'buy' | 'renew' }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PayForm>();
  const [orderNumber] = useState(() => newOrderNumber(mode === 'buy' ? 'PB' : 'PR'));
  const count = Form.useWatch('count', form) ?? (mode === 'buy' ? 1 : selectedIds.length);
  const months = Form.useWatch('months', form) ?? 1;
  const ports = mode === 'buy' ? count : selectedIds.length;
  const price = wallet?.portPriceCents ?? 0;
  const total = price * (Number(ports) || 0) * (Number(months) || 0);
  const balance = wallet?.balanceCents ?? 0;

  const handleSubmit = async (v: PayForm) => {
    const { order } =
      mode === 'buy'
        ? await billingApi.buy({ count: v.count, months: v.months, orderNumber })
        : await billingApi.payRenew({ ids: selectedIds, months: v.months, orderNumber });
    void message.success(
      t(mode === 'buy' ? 'billing.ports.bought' : 'billing.ports.renewed', {
        count: order.portCount,
        amount: formatCents(-order.changeAmount),
      }),
    );
  };

  return (
    <FormModal<PayForm>
      form={form}
      open
      title={t(mode === 'buy' ? 'billing.ports.buy' : 'billing.ports.renew')}
      onSubmit={handleSubmit}
      onClose={onClose}
      okTestId="pay-ports-ok"
      initialValues={{ count: 1, months: 1 }}
    >
      {mode === 'buy' ? (
        <FormField name="count" label={t('billing.ports.count')} schema={portBuyBody.shape.count}>
          <InputNumber
            min={1}
            max={MAX_BUY_PORTS}
            precision={0}
            style={{ width: '100%' }}
            data-testid="pay-count"
          />
        </FormField>
      ) : (
        <Typography.Paragraph>
          {t('billing.ports.renewHint', { count: selectedIds.length })}
        </Typography.Paragraph>
      )}
      <FormField
        name="months"
        label={t(mode === 'buy' ? 'billing.ports.months' : 'billing.ports.renewMonths')}
        schema={portBuyBody.shape.months}
      >
        <InputNumber
          min={1}
          max={MAX_BUY_MONTHS}
          precision={0}
          style={{ width: '100%' }}
          data-testid="pay-months"
        />
      </FormField>
      <Alert
        type={total > balance ? 'warning' : 'info'}
        showIcon
        data-testid="pay-cost"
        title={
          <>
            {t('billing.ports.cost')}
            {t('common.colon')}
            {t('billing.ports.costLine', {
              count: ports,
              months,
              price: formatCents(price),
              total: formatCents(total),
            })}
          </>
        }
        description={
          total > balance
            ? t('billing.ports.short', { missing: formatCents(total - balance) })
            : t('billing.ports.afterPay', { balance: formatCents(balance - total) })
        }
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('billing.orderNumber')}
        {t('common.colon')}
        <Typography.Text code>{orderNumber}</Typography.Text>
      </Typography.Paragraph>
    </FormModal>
  );
}
