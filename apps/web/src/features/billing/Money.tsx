import { Typography } from 'antd';
import { formatCents } from '@cst/shared';

/** Props of {@link Money}. */
export interface MoneyProps {
  cents: number;
  /** Show + for a positive amount and colour the sign (an order's change). */
  signed?: boolean;
  testId?: string;
}

/** An amount in cents shown as yuan: ¥1,234.56 (a change: +¥12.00 in green, -¥5.00 in red). */
export function Money({ cents, signed, testId }: MoneyProps) {
  const text = `${signed && cents > 0 ? '+' : cents < 0 ? '-' : ''}¥${formatCents(Math.abs(cents))}`;
  const type = !signed || cents === 0 ? undefined : cents > 0 ? 'success' : 'danger';
  return (
    <Typography.Text type={type} className="money" data-testid={testId}>
      {text}
    </Typography.Text>
  );
}
