import { MESSAGE_PUSH_EVENT, MSG_TYPE, isMsgType, type SendPush } from '@cst/shared';
import type { PushInput } from '../../realtime/realtime.ts';
import {
  optionalSender,
  presentConversation,
  presentMessage,
  type ConversationRow,
  type MessageRow,
  type SizedConversation,
} from './conversation.presenter.ts';

// The console pushes of conversations and messages, built from stored rows (sent and received).

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
    ...optionalSender(row),
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

/** The push of a stored message: the event named for its type, with its conversation. */
export function messagePush(m: MessageRow, conv: SizedConversation): PushInput {
  const type = isMsgType(m.msgType) ? m.msgType : MSG_TYPE.system;
  return {
    event: MESSAGE_PUSH_EVENT[type],
    workAccountId: m.workAccountId,
    ...servedChat(conv),
    data: { ...presentMessage(m, conv), conv: presentConversation(conv) },
  };
}

/** `convUpdate`: a conversation's item changed (names, remark, pin) for those who see its account. */
export function convUpdatePush(c: SizedConversation): PushInput {
  return {
    event: 'convUpdate',
    workAccountId: c.workAccountId,
    ...servedChat(c),
    data: presentConversation(c),
  };
}

/** `syncRead` for a conversation whose unread count went to 0. */
export function syncReadPush(c: ConversationRow): PushInput {
  const item = presentConversation(c);
  return {
    event: 'syncRead',
    workAccountId: c.workAccountId,
    ...servedChat(c),
    data: { index_name: item.index_name, workWxid: c.workWxid },
  };
}
