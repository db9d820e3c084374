import type { TFunction } from 'i18next';
import type { MessageSender } from '@cst/shared';

/** "客服一号（坐席）": a sender's name and kind as plain text (lists, drawers); '' without one. */
export function senderText(sender: MessageSender | undefined, t: TFunction): string {
  if (!sender) return '';
  const kind = t(`flow.sender.${sender.kind}`);
  return sender.kind === 'phone' || !sender.name ? kind : `${sender.name}（${kind}）`;
}
