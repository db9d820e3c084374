import './billing.css';
import { Alert, Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWallet } from './useWallet.ts';

/**
 * The console's warning above every page for whoever pays for ports: ports holding a work
 * account that expire within the warning days (set by the platform) or have expired, with a link
 * to renew them. Closing it hides it until the situation changes (another port, another expiry).
 */
export function ExpiryBanner() {
  const { t } = useTranslation();
  const { data } = useWallet();
  const [closed, setClosed] = useState<string | null>(null);
  if (!data) return null;
  const { expiring, expiringBound, expiredBound, nextExpiry } = data.ports;
  // A port no account uses harms nothing when it runs out: only ports in use are warned of.
  if (expiringBound === 0 && expiredBound === 0) return null;
  const state = `${expiring}:${expiredBound}:${nextExpiry ?? ''}`;
  if (closed === state) return null;
  const parts = [
    expiringBound > 0 &&
      t('billing.banner.expiring', {
        count: expiring,
        days: data.warnDays,
        date: dayjs(nextExpiry).format('YYYY-MM-DD HH:mm'),
        bound: expiringBound,
      }),
    expiredBound > 0 && t('billing.banner.expired', { count: expiredBound }),
  ].filter(Boolean);
  return (
    <Alert
      banner
      type={expiredBound > 0 ? 'error' : 'warning'}
      showIcon
      closable={{ onClose: () => setClosed(state) }}
      className="expiry-banner"
      data-testid="expiry-banner"
      title={parts.join(' ')}
      action={
        <Link to="/settings/ports">
          <Button size="small" type="primary" data-testid="expiry-banner-renew">
            {t('billing.banner.renew')}
          </Button>
        </Link>
      }
    />
  );
}
