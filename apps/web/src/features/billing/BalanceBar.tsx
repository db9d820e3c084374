import { Flex, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@cst/shared';
import { useWallet } from './useWallet.ts';

/** The company's balance, port price and free ports, above its ports and orders. */
export function BalanceBar({ extra }: { extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const { data } = useWallet();
  if (!data) return null;
  return (
    <Flex gap={40} wrap align="center" className="billing-balance" data-testid="balance-bar">
      <Statistic
        title={t('billing.balance')}
        value={formatCents(data.balanceCents)}
        prefix="¥"
        valueStyle={{ fontVariantNumeric: 'tabular-nums' }}
        data-testid="balance-value"
      />
      <Statistic
        title={t('billing.price')}
        value={t('billing.pricePerMonth', { amount: formatCents(data.portPriceCents) })}
        valueStyle={{ fontSize: 16 }}
      />
      <Statistic
        title={t('billing.ports.title')}
        value={`${data.ports.total}`}
        suffix={
          <span className="billing-free">
            {t('billing.ports.free', { count: data.ports.free })}
          </span>
        }
      />
      {extra}
    </Flex>
  );
}
