import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderType } from '@cst/shared';

const COLOR: Record<OrderType, string> = {
  recharge: 'green',
  adjust: 'orange',
  portBuy: 'blue',
  portRenew: 'geekblue',
  trial: 'purple',
  portGrant: 'cyan',
  portGrantRenew: 'cyan',
};

/** An order's type as a coloured tag. */
export function OrderTypeTag({ type }: { type: OrderType }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[type]}>{t(`billing.orders.types.${type}`)}</Tag>;
}
