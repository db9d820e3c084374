import { ExclamationCircleFilled, LoadingOutlined, RedoOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../store/inboxStore.ts';
import { resendMessage } from '../store/inboxActions.ts';
import { useInbox } from '../store/inboxStore.ts';
import { deliveryState, resentByTask } from '../store/messageStatus.ts';

/**
 * Why an operator's message failed, with a resend action: a line of its own under the bubble,
 * so the reason wraps at any width and never squeezes the bubble (SPEC §4: a send error shows).
 */
export function SendFailure({ message, indexName }: { message: ChatMessage; indexName: string }) {
  const { t } = useTranslation();
  const reason = message.errMessage || t('inbox.status.failed');
  const resent = useInbox((s) =>
    resentByTask(
      message,
      (s.chats[indexName]?.keys ?? []).flatMap((k) => s.messages[k] ?? []),
    ),
  );
  if (resent) {
    return (
      <div className="msg-failed" data-testid="msg-failed">
        <span className="msg-failed-reason" data-testid="msg-error">
          {reason}
        </span>
        <span className="msg-resent" data-testid="msg-resent-by-task">
          {t('inbox.resentByTask')}
        </span>
      </div>
    );
  }
  return (
    <div className="msg-failed" data-testid="msg-failed">
      <span className="msg-failed-reason" data-testid="msg-error">
        {reason}
      </span>
      {message.accountAbnormal && (
        <a href="#/settings/wxaccount" className="msg-failed-link" data-testid="msg-account-link">
          {t('inbox.accountManage')}
        </a>
      )}
      <Button
        size="small"
        type="link"
        icon={<RedoOutlined />}
        onClick={() => void resendMessage(message.key)}
        data-testid="msg-resend"
      >
        {t('inbox.resend')}
      </Button>
    </div>
  );
}

/** The failed mark's tooltip: the reason after "failed", never "failed" twice. */
export function failureTitle(
  reason: string | null | undefined,
  label: string,
  t: (key: string, o?: Record<string, string>) => string,
): string {
  if (!reason || reason === label) return label;
  return reason.startsWith(label) ? reason : t('inbox.failedReason', { reason });
}

/**
 * The delivery flags of an operator's message (SPEC §4): sending, sent (one tick), delivered
 * (two ticks), read (two blue ticks), or failed (a red mark; {@link SendFailure} says why).
 */
export function DeliveryTicks({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const state = deliveryState(message);
  const label = t(`inbox.status.${state}`);
  if (state === 'failed') {
    return (
      <span
        className="ticks ticks-failed"
        data-testid="msg-status"
        data-status={state}
        role="img"
        aria-label={label}
        title={failureTitle(message.errMessage, label, t)}
      >
        <ExclamationCircleFilled />
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
