import { DisconnectOutlined, LoadingOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRealtimeStore } from '../../lib/realtime/realtimeStore.ts';

/**
 * A header tag shown only while the realtime link is not live: "reconnecting" while it tries
 * again, "disconnected" when it gave up (a click reloads the page, which connects again).
 */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const status = useRealtimeStore((s) => s.status);
  const attempt = useRealtimeStore((s) => s.attempt);
  if (status === 'open' || status === 'idle' || status === 'connecting') return null;
  const failed = status === 'failed';
  const title = failed ? t('realtime.failedHint') : t('realtime.reconnecting', { attempt });
  return (
    <Tooltip title={title}>
      <Tag
        color={failed ? 'error' : 'warning'}
        icon={failed ? <DisconnectOutlined /> : <LoadingOutlined />}
        role={failed ? 'button' : 'status'}
        aria-label={title}
        data-testid="realtime-indicator"
        data-status={status}
        style={{ cursor: failed ? 'pointer' : 'default', marginInlineEnd: 4 }}
        onClick={failed ? () => window.location.reload() : undefined}
      >
        {failed ? t('realtime.disconnected') : t('realtime.reconnectingShort')}
      </Tag>
    </Tooltip>
  );
}
