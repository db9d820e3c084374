import type { SendPush } from '@cst/shared';
import {
  presentConversation,
  type ConversationRow,
  type MessageRow,
} from './conversation.presenter.ts';

/** websocket `send` for a console message: status 0 accepted, 1 delivered or read, 2 failed. */
export function sendPushOf(row: MessageRow, conv: ConversationRow): SendPush {
  const status = row.failed ? 2 : row.deliveryOk || row.readOk ? 1 : 0;
  const out: SendPush = {
    requestId: row.requestId ?? '',
    messageId: String(row.id),
    sendingUUid: row.sendingUuid,
    msgId: row.msgId,
    status,
    sendOk: row.sendOk,
    deliveryOK: row.deliveryOk,
    readOK: row.readOk,
    index_name: presentConversation(conv).index_name,
  };
  if (row.failed) out.errMessage = row.errMessage ?? '';
  return out;
}

/**
 * The chat a push is about when a seat serves it after a transfer, so that seat (and those above
 * it) receive it beside the account's viewers; nothing otherwise (no lookup on delivery).
 */
export function servedChat(c: ConversationRow): { conversationId?: string } {
  return c.servedBy ? { conversationId: c.id } : {};
}
