import './billing.css';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents } from '@cst/shared';
import { useWallet } from './useWallet.ts';

/**
 * How a company gets going, under the empty inbox of whoever pays for ports: the trial ports it
 * got (or that it needs to buy some), then the three steps to its first conversation.
 */
export function StartGuide() {
  const { t } = useTranslation();
  const { data } = useWallet();
  if (!data) return null;
  const free = data.ports.free;
  return (
    <div className="start-guide" data-testid="start-guide">
      <Typography.Paragraph strong>{t('billing.start.title')}</Typography.Paragraph>
      <Typography.Paragraph type={free > 0 ? 'success' : 'warning'} data-testid="start-guide-ports">
        {free > 0
          ? t('billing.start.trial', { count: data.trialPorts || data.ports.total, free })
          : t('billing.start.noPorts', { balance: formatCents(data.balanceCents) })}
      </Typography.Paragraph>
      <ol className="start-guide-steps">
        <li>{t('billing.start.step1')}</li>
        <li>{t('billing.start.step2')}</li>
        <li>{t('billing.start.step3')}</li>
      </ol>
      {free === 0 && (
        <Link to="/settings/ports">
          <Button data-testid="start-guide-buy">{t('billing.start.buy')}</Button>
        </Link>
      )}
    </div>
  );
}
