import { parseBulkRequestId, type MessageItem } from '@cst/shared';

/** Delivery flags of SPEC §4 as the console shows them on an operator's message. */
export type DeliveryState = 'sending' | 'sent' | 'delivered' | 'read' | 'failed';

/** The delivery state of a message the operator sent. */
export function deliveryState(
  m: Pick<MessageItem, 'sendOk' | 'deliveryOK' | 'readOK' | 'failed'>,
): DeliveryState {
  if (m.failed) return 'failed';
  if (m.readOK) return 'read';
  if (m.deliveryOK) return 'delivered';
  if (m.sendOk) return 'sent';
  return 'sending';
}

/**
 * Whether a mass send's failed message was sent again by its task (失败重发): a later round of the
 * same task row is among the chat's messages. Its bubble then says so instead of offering a resend.
 */
export function resentByTask(
  m: Pick<MessageItem, 'requestId' | 'failed'>,
  chat: readonly Pick<MessageItem, 'requestId'>[],
): boolean {
  const send = m.failed ? parseBulkRequestId(m.requestId) : null;
  if (!send) return false;
  return chat.some((o) => {
    const later = parseBulkRequestId(o.requestId);
    return (
      later !== null &&
      later.taskId === send.taskId &&
      later.seq === send.seq &&
      later.round > send.round
    );
  });
}
