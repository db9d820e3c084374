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
  amount: string;
  remark?: string;
}

/** A recharge (a positive amount) or an adjustment (either sign, with its reason). */
export type WalletChange = 'recharge' | 'adjust';

/** Props of {@link RechargeModal}. */
export interface RechargeModalProps {
  /** The company whose wallet changes; null: closed. */
  wallet: WalletItem | null;
  kind?: WalletChange;
  onClose: (saved: boolean) => void;
}

/** Thrown when the admin steps back at the confirmation: the dialog stays as it was. */
class NotConfirmed extends Error {}

/**
 * The platform admin recharges a company's wallet or corrects it with an adjustment (itself an
 * order). The amount is taken exactly as typed (at most two decimals, never rounded) and the
 * change is confirmed before it is made; the order number is made when the dialog opens.
 */
export function RechargeModal({ wallet, kind = 'recharge', onClose }: RechargeModalProps) {
  return wallet ? (
    <RechargeForm
      key={`${kind}-${wallet.tenantId}`}
      wallet={wallet}
      kind={kind}
      onClose={onClose}
    />
  ) : null;
}

function RechargeForm({
  wallet,
  kind,
  onClose,
}: {
  wallet: WalletItem;
  kind: WalletChange;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [orderNumber] = useState(() => newOrderNumber(kind === 'recharge' ? 'RC' : 'AD'));
  const adjust = kind === 'adjust';
  const amountRule = {
    validator: (_: unknown, v: unknown) => {
      const cents = v === null || v === undefined || v === '' ? null : centsOf(String(v));
      const ok =
        cents !== null &&
        Math.abs(cents) <= MAX_AMOUNT_CENTS &&
        (adjust ? cents !== 0 : cents >= 1);
      return ok
        ? Promise.resolve()
        : Promise.reject(new Error(t(adjust ? 'billing.adjustInvalid' : 'billing.amountInvalid')));
    },
  };

  const handleSubmit = async (v: RechargeForm) => {
    const amountCents = centsOf(String(v.amount))!;
    const after = wallet.balanceCents + amountCents;
    const confirmed = await modal.confirm({
      title: t(adjust ? 'billing.adjustConfirmTitle' : 'billing.rechargeConfirmTitle'),
      content: t(adjust ? 'billing.adjustConfirm' : 'billing.rechargeConfirm', {
        name: wallet.tenantName,
        amount: formatCents(amountCents),
        balance: formatCents(after),
      }),
      okButtonProps: { 'data-testid': 'wallet-change-confirm' },
    });
    if (!confirmed) throw new NotConfirmed();
    const body = { tenantId: wallet.tenantId, amountCents, orderNumber };
    const { order } = adjust
      ? await billingApi.adjust({ ...body, remark: v.remark ?? '' })
      : await billingApi.recharge({ ...body, remark: v.remark || undefined });
    void message.success(
      t(adjust ? 'billing.adjusted' : 'billing.recharged', {
        name: wallet.tenantName,
        amount: formatCents(order.changeAmount),
        balance: formatCents(order.afterAmount),
      }),
    );
  };

  return (
    <FormModal<RechargeForm>
      open
      title={`${t(adjust ? 'billing.adjust' : 'billing.recharge')} · ${wallet.tenantName}`}
      onSubmit={handleSubmit}
      onClose={onClose}
      okTestId="recharge-ok"
    >
      <Typography.Paragraph>
        {t('billing.balance')}
        {t('common.colon')}¥{formatCents(wallet.balanceCents)}
      </Typography.Paragraph>
      <FormField
        name="amount"
        label={t(adjust ? 'billing.adjustAmount' : 'billing.amount')}
        required
        rules={[amountRule]}
        extra={adjust ? t('billing.adjustHint') : undefined}
      >
        {/* No precision: a typed 12.345 is refused, never rounded to 12.35 behind the user. */}
        <InputNumber<string>
          stringMode
          min={adjust ? String(-MAX_AMOUNT_CENTS / 100) : '0.01'}
          max={String(MAX_AMOUNT_CENTS / 100)}
          prefix="¥"
          style={{ width: '100%' }}
          data-testid="recharge-amount"
        />
      </FormField>
      <FormField
        name="remark"
        label={t(adjust ? 'billing.adjustReason' : 'billing.remark')}
        required={adjust}
        rules={adjust ? [{ required: true, message: t('billing.adjustReasonRequired') }] : []}
      >
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
