import { ExclamationCircleFilled, LoadingOutlined, RedoOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from './inboxStore.ts';
import { resendMessage } from './inboxActions.ts';
import { deliveryState } from './messageStatus.ts';

/**
 * The delivery flags of an operator's message (SPEC §4): sending, sent (one tick), delivered
 * (two ticks), read (two blue ticks), or failed with the reason and a resend action.
 */
export function DeliveryTicks({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const state = deliveryState(message);
  const label = t(`inbox.status.${state}`);
  if (state === 'failed') {
    const reason = message.errMessage || label;
    return (
      <span className="ticks ticks-failed" data-testid="msg-status" data-status={state}>
        <Tooltip title={t('inbox.failedReason', { reason })}>
          <ExclamationCircleFilled aria-label={label} />
        </Tooltip>
        <span className="ticks-error" data-testid="msg-error">
          {reason}
        </span>
        <Button
          size="small"
          type="link"
          icon={<RedoOutlined />}
          onClick={() => void resendMessage(message.key)}
          data-testid="msg-resend"
        >
          {t('inbox.resend')}
        </Button>
      </span>
    );
  }
  // The browser's own tooltip: every own message of a chat has ticks, and an antd Tooltip on each
  // was a popup trigger per row to render when a chat opens.
  return (
    <span
      className={`ticks ticks-${state}`}
      data-testid="msg-status"
      data-status={state}
      role="img"
      aria-label={label}
      title={label}
    >
      {state === 'sending' ? <LoadingOutlined /> : state === 'sent' ? '✓' : '✓✓'}
    </span>
  );
}
