import { ClockCircleOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hoursMinutes } from '../status.ts';

/** The keep-idle badge of an account in its first 8 hours, with the time left (SPEC §9). */
export function KeepIdleBadge({ until }: { until: number | null }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [until]);
  if (until === null || until <= now) return null;
  const left = t('accounts.hoursMinutes', hoursMinutes(until - now));
  return (
    <Tooltip title={t('accounts.keepIdleLeft', { left })}>
      <Tag icon={<ClockCircleOutlined />} color="gold" data-testid="keep-idle" bordered={false}>
        {t('accounts.keepIdle')} {left}
      </Tag>
    </Tooltip>
  );
}
