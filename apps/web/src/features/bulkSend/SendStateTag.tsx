import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BulkSendState } from '@cst/shared';

const LOOK: Record<BulkSendState, { color: string; ticks: string }> = {
  toBeSent: { color: 'default', ticks: '' },
  awaitingReceipt: { color: 'processing', ticks: '' },
  sent: { color: 'default', ticks: '✓' },
  delivered: { color: 'default', ticks: '✓✓' },
  read: { color: 'blue', ticks: '✓✓' },
  noReceipt: { color: 'warning', ticks: '✓' },
  failed: { color: 'error', ticks: '' },
  undelivered: { color: 'error', ticks: '' },
};

/** A send's state with the chat's ticks: ✓ sent, ✓✓ delivered, blue ✓✓ read. */
export function SendStateTag({ state }: { state: BulkSendState }) {
  const { t } = useTranslation();
  const look = LOOK[state];
  return (
    <Tag color={look.color} data-testid="bulk-send-state" data-state={state}>
      {look.ticks && <span className="bulk-ticks">{look.ticks} </span>}
      {t(`bulkSend.sendStates.${state}`)}
    </Tag>
  );
}
