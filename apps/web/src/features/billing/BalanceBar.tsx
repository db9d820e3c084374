import './billing.css';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@cst/shared';
import { useWallet } from './useWallet.ts';

/** One figure of the bar: a small label over a large value. */
function Figure({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="billing-figure">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text className="billing-figure-value" data-testid={testId}>
        {children}
      </Typography.Text>
    </div>
  );
}

/** The company's balance, port price and ports, above its ports and orders. */
export function BalanceBar({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  const { data } = useWallet();
  if (!data) return null;
  return (
    <Flex gap={40} wrap align="center" className="billing-balance" data-testid="balance-bar">
      <Figure label={t('billing.balance')} testId="balance-value">
        ¥{formatCents(data.balanceCents)}
      </Figure>
      <Figure label={t('billing.price')}>
        <Typography.Text className="billing-figure-small">
          {t('billing.pricePerMonth', { amount: formatCents(data.portPriceCents) })}
        </Typography.Text>
      </Figure>
      <Figure label={t('billing.ports.title')}>
        {data.ports.total}{' '}
        <Typography.Text type="secondary" className="billing-figure-small">
          {t('billing.ports.free', { count: data.ports.free })}
        </Typography.Text>
      </Figure>
      {extra}
    </Flex>
  );
}
