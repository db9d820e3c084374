import {
  indexName,
  loginNoticeContent,
  MSG_TYPE,
  type ConversationItem,
  type MessageItem,
  type TalkType,
} from '@cst/shared';
import type { conversations, messages } from '../../db/schema/index.ts';
import { mediaAddressesOf } from './media-address.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** 1971-01-01: conversation times before it are the "1970" of SPEC §4. */
const EPOCH_GUARD = 31_536_000_000;

/** The conversation item of SPEC §3 from a row. */
export function presentConversation(
  row: Omit<ConversationRow, 'tenantId' | 'workAccountId'>,
): ConversationItem {
  const latest = row.latestMsgTime < EPOCH_GUARD ? row.updatedAt.getTime() : row.latestMsgTime;
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
    createdAt: row.createdAt.getTime(),
    createSort: row.createdAt.getTime(),
    unRead: Math.max(0, row.unread),
    isPin: row.isPin,
    blocked: row.blocked,
    notFriend: row.notFriend,
    workWxid: row.workWxid,
    msg_text: row.msgText,
    lastMsgType: row.lastMsgType ?? null,
  };
}

/** The preview text of a message for the conversation list (the SPA prefixes the type). */
export function previewOf(msgType: number, content: string, fileName: string | null): string {
  if (msgType === MSG_TYPE.text || msgType === MSG_TYPE.quote || msgType === MSG_TYPE.system) {
    const text = msgType === MSG_TYPE.quote ? quoteText(content) : content;
    return text.length > 120 ? `${text.slice(0, 120)}…` : text;
  }
  if (fileName) return fileName.slice(0, 120);
  if (msgType === MSG_TYPE.loginNotice) return loginNoticeText(content).slice(0, 120);
  const title = titleOf(content);
  return title.slice(0, 120);
}

/** The operator's text of a stored quote message (its JSON `content`), else the content itself. */
export function quoteText(content: string): string {
  try {
    const v = JSON.parse(content) as { content?: unknown };
    return typeof v.content === 'string' ? v.content : content;
  } catch {
    return content;
  }
}

/** The preview of a login notice: why, where and from which IP ("新设备登录 广东 深圳 113.88.1.2"). */
function loginNoticeText(content: string): string {
  try {
    const v = loginNoticeContent.partial().safeParse(JSON.parse(content));
    if (v.success) {
      return [v.data.reason, v.data.address, v.data.ip].filter((x) => x).join(' ');
    }
  } catch {
    // not JSON: plain text
  }
  return content;
}

function titleOf(content: string): string {
  try {
    const v = JSON.parse(content) as Record<string, unknown>;
    for (const k of ['title', 'label', 'poiName', 'nickname', 'name', 'text', 'content']) {
      if (typeof v[k] === 'string') return v[k];
    }
  } catch {
    // not JSON: plain text
  }
  return content;
}

/** The message of SPEC §3 from a row. */
export function presentMessage(row: MessageRow, conv: ConversationRow): MessageItem {
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
    msg_text: previewOf(row.msgType, row.content, row.fileName),
  };
}
