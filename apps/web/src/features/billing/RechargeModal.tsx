import { App, Input, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  centsOf,
  formatCents,
  MAX_AMOUNT_CENTS,
  newOrderNumber,
  type WalletItem,
} from '@cst/shared';
import { FormField, FormModal } from '../../components/listPage/index.ts';
import { billingApi } from './api.ts';

interface RechargeForm {
  amount: number;
  remark?: string;
}

/** Props of {@link RechargeModal}. */
export interface RechargeModalProps {
  /** The company to recharge; null: closed. */
  wallet: WalletItem | null;
  onClose: (saved: boolean) => void;
}

/** The platform admin recharges a company; the order number is made when the dialog opens. */
export function RechargeModal({ wallet, onClose }: RechargeModalProps) {
  return wallet ? <RechargeForm key={wallet.tenantId} wallet={wallet} onClose={onClose} /> : null;
}

function RechargeForm({
  wallet,
  onClose,
}: {
  wallet: WalletItem;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [orderNumber] = useState(() => newOrderNumber('RC'));
  const amountRule = {
    validator: (_: unknown, v: unknown) => {
      const cents = v === null || v === undefined || v === '' ? null : centsOf(String(v));
      return cents !== null && cents >= 1 && cents <= MAX_AMOUNT_CENTS
        ? Promise.resolve()
        : Promise.reject(new Error(t('billing.amountInvalid')));
    },
  };

  const handleSubmit = async (v: RechargeForm) => {
    const { order } = await billingApi.recharge({
      tenantId: wallet.tenantId,
      amountCents: centsOf(String(v.amount))!,
      orderNumber,
      remark: v.remark || undefined,
    });
    void message.success(
      t('billing.recharged', {
        name: wallet.tenantName,
        amount: formatCents(order.changeAmount),
        balance: formatCents(order.afterAmount),
      }),
    );
  };

  return (
    <FormModal<RechargeForm>
      open
      title={`${t('billing.recharge')} · ${wallet.tenantName}`}
      onSubmit={handleSubmit}
      onClose={onClose}
      okTestId="recharge-ok"
    >
      <Typography.Paragraph>
        {t('billing.balance')}
        {t('common.colon')}¥{formatCents(wallet.balanceCents)}
      </Typography.Paragraph>
      <FormField name="amount" label={t('billing.amount')} required rules={[amountRule]}>
        <InputNumber
          min={0.01}
          max={MAX_AMOUNT_CENTS / 100}
          precision={2}
          prefix="¥"
          style={{ width: '100%' }}
          data-testid="recharge-amount"
        />
      </FormField>
      <FormField name="remark" label={t('billing.remark')}>
        <Input maxLength={200} data-testid="recharge-remark" />
      </FormField>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('billing.orderNumber')}
        {t('common.colon')}
        <Typography.Text code>{orderNumber}</Typography.Text>
        <br />
        {t('billing.orderNumberHint')}
      </Typography.Paragraph>
    </FormModal>
  );
}
