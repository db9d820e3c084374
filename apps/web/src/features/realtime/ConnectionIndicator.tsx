import { DisconnectOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRealtimeStore } from '../../lib/realtime/realtimeStore.ts';

/**
 * A header icon shown only while the realtime link is not live: spinning while it reconnects,
 * red when it failed for good (a click reloads the page, which connects again).
 */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const status = useRealtimeStore((s) => s.status);
  const attempt = useRealtimeStore((s) => s.attempt);
  if (status === 'open' || status === 'idle' || status === 'connecting') return null;
  const failed = status === 'failed';
  const title = failed ? t('realtime.failed') : t('realtime.reconnecting', { attempt });
  return (
    <Tooltip title={failed ? `${title} (${t('realtime.reload')})` : title}>
      <Button
        type="text"
        danger
        aria-label={title}
        data-testid="realtime-indicator"
        data-status={status}
        icon={failed ? <DisconnectOutlined /> : <LoadingOutlined />}
        onClick={failed ? () => window.location.reload() : undefined}
      />
    </Tooltip>
  );
}
