import {
  indexName,
  messagePreview,
  type ConversationItem,
  type MessageItem,
  type MessageSender,
  type TalkType,
} from '@cst/shared';
import type {
  ConversationListRow,
  ConversationRow,
  MessageRow,
  ShownMessageRow,
} from './conversation.repository.ts';
import { mediaAddressesOf } from './media-address.ts';

export type { ConversationRow, MessageRow, SizedConversation } from './conversation.repository.ts';

/** 1971-01-01: conversation times before it are the "1970" of SPEC §4. */
const EPOCH_GUARD = 31_536_000_000;

/** The conversation item of SPEC §3 from a row. */
export function presentConversation(
  row: Omit<ConversationListRow, 'createdAt' | 'updatedAt'> & {
    /** A `Date`, or milliseconds since the epoch (the list reads them so). */
    createdAt: Date | number;
    updatedAt: Date | number;
  },
): ConversationItem {
  const latest = row.latestMsgTime < EPOCH_GUARD ? msOf(row.updatedAt) : row.latestMsgTime;
  const created = msOf(row.createdAt);
  const talkType = row.talkType as TalkType;
  return {
    index_name: indexName(talkType, row.peerId, row.workWxid),
    talkType,
    receiver_id: row.peerId,
    friendWxid: row.peerId,
    convId: row.id,
    messageId: row.lastMessageId === null ? null : String(row.lastMessageId),
    avatar: row.avatar,
    nickname: row.nickname,
    remark: row.remark,
    name: row.remark || row.nickname || row.peerId,
    latestMsgTime: latest,
    createdAt: created,
    createSort: created,
    unRead: Math.max(0, row.unread),
    isPin: row.isPin,
    blocked: row.blocked,
    notFriend: row.notFriend,
    disturb: row.disturb,
    servedBy: row.servedBy,
    workWxid: row.workWxid,
    msg_text: row.msgText,
    lastMsgType: row.lastMsgType ?? null,
    ...(row.memberCount === undefined ? {} : { memberCount: row.memberCount }),
    assigneeUid: row.assigneeUid,
    assigneeName: row.assigneeUid ? (row.assigneeName ?? '') : null,
    status: row.status,
    ...(row.status === 'snoozed' ? { snoozeUntil: row.snoozeUntil } : {}),
    ...(row.lastFailed ? { lastFailed: true } : {}),
  };
}

function msOf(t: Date | number): number {
  return typeof t === 'number' ? t : t.getTime();
}

/** Names of senders stored before names were kept (robots), by kind. */
const FALLBACK_NAMES = { seat: '', robot: '机器人', task: '群发任务', api: 'API', phone: '手机' };

/** Who sent a message the work account sent (API.md "Service flow"); none for received ones. */
export function senderOf(
  row: Pick<MessageRow, 'sendSide' | 'senderKind' | 'senderId' | 'senderName'>,
): MessageSender | undefined {
  if (row.sendSide !== 1 || !row.senderKind) return undefined;
  const name = row.senderName ?? FALLBACK_NAMES[row.senderKind];
  return row.senderKind === 'seat' && row.senderId
    ? { kind: 'seat', uid: row.senderId, name }
    : { kind: row.senderKind, name };
}

/** The message of SPEC §3 from a row. */
export function presentMessage(
  row: ShownMessageRow,
  conv: Pick<ConversationRow, 'talkType' | 'peerId' | 'workWxid'>,
): MessageItem {
  const talkType = conv.talkType as TalkType;
  return {
    messageId: String(row.id),
    msgId: row.msgId,
    requestId: row.requestId,
    sendingUUid: row.sendingUuid,
    msgType: row.msgType,
    msgTime: row.msgTime,
    sendSide: row.sendSide === 1 ? 1 : 2,
    content: row.content,
    caption: row.caption,
    fileName: row.fileName,
    fileLen: row.fileLen,
    ...mediaAddressesOf(row),
    memberName: row.memberName,
    memberAvatar: row.memberAvatar,
    participant: row.memberWxid,
    refMsgId: row.refMsgId,
    refContent: row.refContent,
    displayName: row.displayName,
    sendOk: row.sendOk,
    deliveryOK: row.deliveryOk,
    readOK: row.readOk,
    failed: row.failed,
    errMessage: row.errMessage,
    revoked: row.revoked,
    workWxid: conv.workWxid,
    receiver_id: conv.peerId,
    talkType,
    index_name: indexName(talkType, conv.peerId, conv.workWxid),
    createSort: row.id,
    createdAt: row.createdAt.getTime(),
    msg_text: messagePreview(row.msgType, row.content, row.fileName),
    ...(row.robot ? { robot: true } : {}),
    ...(row.editedAt !== null ? { editedAt: row.editedAt } : {}),
    ...optionalSender(row),
  };
}

/** `{sender}` of a sent message, or nothing. */
export function optionalSender(
  row: Pick<MessageRow, 'sendSide' | 'senderKind' | 'senderId' | 'senderName'>,
): { sender?: MessageSender } {
  const sender = senderOf(row);
  return sender ? { sender } : {};
}
