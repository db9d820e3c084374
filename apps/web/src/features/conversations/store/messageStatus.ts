import type { MessageItem } from '@cst/shared';

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
