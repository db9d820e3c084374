import './billing.css';
import { Alert, Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWallet } from './useWallet.ts';

/**
 * The console's warning above every page for whoever pays for ports: ports that expire within
 * the warning days (set by the platform) or have expired, with a link to renew them. Closing it
 * hides it until the situation changes (another port, another expiry).
 */
export function ExpiryBanner() {
  const { t } = useTranslation();
  const { data } = useWallet();
  const [closed, setClosed] = useState<string | null>(null);
  if (!data) return null;
  const { expiring, expiringBound, expired, nextExpiry } = data.ports;
  if (expiring === 0 && expired === 0) return null;
  const state = `${expiring}:${expired}:${nextExpiry ?? ''}`;
  if (closed === state) return null;
  const parts = [
    expiring > 0 &&
      t('billing.banner.expiring', {
        count: expiring,
        days: data.warnDays,
        date: dayjs(nextExpiry).format('YYYY-MM-DD HH:mm'),
        bound: expiringBound,
      }),
    expired > 0 && t('billing.banner.expired', { count: expired }),
  ].filter(Boolean);
  return (
    <Alert
      banner
      type={expiringBound > 0 ? 'warning' : 'info'}
      showIcon
      closable={{ onClose: () => setClosed(state) }}
      className="expiry-banner"
      data-testid="expiry-banner"
      title={parts.join(' ')}
      action={
        <Link to="/settings/ports?state=dueSoon">
          <Button size="small" type="primary" data-testid="expiry-banner-renew">
            {t('billing.banner.renew')}
          </Button>
        </Link>
      }
    />
  );
}
