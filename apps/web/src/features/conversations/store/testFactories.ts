import type { ConversationItem, MessageItem } from '@cst/shared';

/** A conversation item for tests (single chat of account `wx_acc`). */
export function buildConv(peer: string, over: Partial<ConversationItem> = {}): ConversationItem {
  const workWxid = over.workWxid ?? 'wx_acc';
  const talkType = over.talkType ?? 1;
  return {
    index_name: `${talkType}__${peer}__${workWxid}`,
    talkType,
    receiver_id: peer,
    friendWxid: peer,
    convId: `c-${peer}`,
    messageId: null,
    avatar: '',
    nickname: peer,
    remark: '',
    name: peer,
    latestMsgTime: Date.UTC(2026, 0, 1),
    createdAt: Date.UTC(2026, 0, 1),
    createSort: 0,
    unRead: 0,
    isPin: false,
    blocked: false,
    workWxid,
    msg_text: '',
    lastMsgType: null,
    assigneeUid: null,
    assigneeName: null,
    status: 'open',
    ...over,
  };
}

/** A message of a conversation for tests (received text unless overridden). */
export function buildMessage(
  conv: ConversationItem,
  id: number,
  over: Partial<MessageItem> = {},
): MessageItem {
  return {
    messageId: String(id),
    msgId: `p-${id}`,
    requestId: null,
    sendingUUid: null,
    msgType: 1,
    msgTime: Date.UTC(2026, 0, 1) + id * 1000,
    sendSide: 2,
    content: `message ${id}`,
    caption: null,
    fileUrl: null,
    fileCdnUrl: null,
    fileName: null,
    fileLen: null,
    jpegThumbnail: null,
    memberName: null,
    memberAvatar: null,
    participant: null,
    refMsgId: null,
    refContent: null,
    displayName: null,
    sendOk: false,
    deliveryOK: false,
    readOK: false,
    failed: false,
    errMessage: null,
    revoked: false,
    workWxid: conv.workWxid,
    receiver_id: conv.receiver_id,
    talkType: conv.talkType,
    index_name: conv.index_name,
    createSort: id,
    createdAt: Date.UTC(2026, 0, 1) + id * 1000,
    msg_text: `message ${id}`,
    ...over,
  };
}
