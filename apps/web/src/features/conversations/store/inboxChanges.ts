import { MSG_TYPE, type ConversationItem, type MessageItem, type MessageSender } from '@cst/shared';
import {
  FIRST_ITEM_INDEX,
  messageKey,
  type ChatMessage,
  type Draft,
  type ListState,
} from './inboxStore.ts';
import {
  belongsToFlowView,
  belongsToView,
  placeInOrder,
  viewKey,
  type ListView,
} from './listView.ts';
import { fixEpochTime } from '../relativeTime.ts';

const idNum = (id: string | null | undefined) => (id ? Number(id) : 0);
const sortKey = (m: ChatMessage) => (m.local ? Number.MAX_SAFE_INTEGER : m.createSort);

/** Whether a message counts as unread when it arrives (the server's rule). */
export function countsAsUnread(m: Pick<MessageItem, 'sendSide' | 'msgType'>): boolean {
  return m.sendSide === 2 && m.msgType !== MSG_TYPE.system;
}

function reposition(d: Draft, indexName: string): void {
  const list = d.data.list;
  const conv = d.data.convs[indexName];
  if (!list.view || !conv) return;
  const byId = (id: string) => d.data.convs[id];
  if (list.ids.includes(indexName)) {
    d.data.list = { ...list, ids: placeInOrder(list.ids, indexName, byId) };
  } else if (belongsToView(conv, list.view)) {
    d.data.list = {
      ...list,
      ids: placeInOrder(list.ids, indexName, byId),
      total: list.total + 1,
    };
  }
}

/**
 * Stores a conversation the server sent after a change and moves it to its place in the list.
 * Blocked conversations are not updated (SPEC §4) unless `force` (an explicit change such as a
 * pin). A 1970 time becomes the update time. Returns whether it was applied.
 */
export function upsertConversation(
  d: Draft,
  incoming: ConversationItem,
  now: number,
  force = false,
): boolean {
  const old = d.data.convs[incoming.index_name];
  if (!force && (old?.blocked || incoming.blocked)) return false;
  const conv = {
    ...incoming,
    latestMsgTime: fixEpochTime(incoming.latestMsgTime, now),
    // Pushes leave the member count out: the last known one stays.
    memberCount: incoming.memberCount ?? old?.memberCount,
    // A change of the chat that is not a new message (a name, a pin) keeps the failed mark.
    lastFailed:
      incoming.lastFailed ??
      (old && old.messageId === incoming.messageId ? old.lastFailed : undefined),
    workAccount: incoming.workAccount ?? old?.workAccount,
  };
  d.w('convs')[conv.index_name] = conv;
  reposition(d, conv.index_name);
  return true;
}

/** Removes a conversation from the list when it no longer belongs to the view (unpinned). */
export function dropIfOutOfView(d: Draft, indexName: string): void {
  const list = d.data.list;
  const conv = d.data.convs[indexName];
  if (!list.view || !conv) return;
  const unpinned = list.view.mode === 'pinned' && !conv.isPin;
  if (!unpinned && belongsToFlowView(conv, list.view)) return;
  if (!list.ids.includes(indexName)) return;
  d.data.list = {
    ...list,
    ids: list.ids.filter((x) => x !== indexName),
    total: Math.max(0, list.total - 1),
  };
}

/**
 * One person's two chats became one (`convMerged`): the chat `gone` leaves the list and the
 * store, the survivor takes its place, and the survivor's loaded messages are dropped so its
 * next load reads the merged history.
 */
export function applyMerged(d: Draft, gone: string, conv: ConversationItem, now: number): void {
  const list = d.data.list;
  if (list.ids.includes(gone)) {
    d.data.list = {
      ...list,
      ids: list.ids.filter((x) => x !== gone),
      total: Math.max(0, list.total - 1),
    };
  }
  if (d.data.convs[gone]) Reflect.deleteProperty(d.w('convs'), gone);
  if (d.data.chats[gone]) Reflect.deleteProperty(d.w('chats'), gone);
  if (d.data.chats[conv.index_name]) Reflect.deleteProperty(d.w('chats'), conv.index_name);
  upsertConversation(d, conv, now, true);
  dropIfOutOfView(d, conv.index_name);
}

/** Puts a message into its loaded chat (deduplicated by key, ordered by createSort). */
export function putMessage(d: Draft, m: ChatMessage): void {
  const chat = d.data.chats[m.index_name];
  if (!chat) return;
  const old = d.data.messages[m.key];
  d.w('messages')[m.key] = old ? overOld(old, m) : m;
  if (m.messageId) d.w('keyByMessageId')[m.messageId] = m.key;
  const merged = d.data.messages[m.key]!;
  // A chat opened at an older message lists only what it loaded: a newer push waits in the store
  // until the pages down reach it.
  if (chat.hasNewer && !merged.local && !chat.keys.includes(m.key)) {
    const newest = Math.max(
      0,
      ...chat.keys.map((k) => d.data.messages[k]).map((x) => (x && !x.local ? x.createSort : 0)),
    );
    if (merged.createSort > newest) return;
  }
  const keys = chat.keys.includes(m.key) ? chat.keys.filter((k) => k !== m.key) : [...chat.keys];
  let at = keys.length;
  while (at > 0 && sortKey(d.data.messages[keys[at - 1]!]!) > sortKey(merged)) at -= 1;
  keys.splice(at, 0, m.key);
  d.w('chats')[m.index_name] = { ...chat, keys };
}

/**
 * A picture of a message (its `text` push, a page, the send's answer) over what the store holds.
 * Within one send attempt (the same requestId) its status only moves forward: the picture may
 * have been taken before a `send` push the store applied (the send's own push can reach the
 * browser after the platform's answer), and must not make a failed or read bubble "sending"
 * again. A resend is a new attempt (a new requestId) and starts over.
 */
function overOld(old: ChatMessage, m: ChatMessage): ChatMessage {
  const next = { ...old, ...m };
  if (!old.requestId || old.requestId !== m.requestId) return next;
  return {
    ...next,
    msgId: m.msgId ?? old.msgId,
    sendOk: old.sendOk || m.sendOk,
    deliveryOK: old.deliveryOK || m.deliveryOK,
    readOK: old.readOK || m.readOK,
    failed: old.failed || m.failed,
    errMessage: m.failed ? m.errMessage : old.errMessage,
  };
}

/** The message of the chat from a server message. */
export function fromServer(m: MessageItem): ChatMessage {
  // The server's message ends an upload bubble it replaces (same sendingUUid).
  return {
    ...m,
    key: messageKey(m),
    local: false,
    uploadStatus: undefined,
    uploadUid: undefined,
    uploadProgress: undefined,
  };
}

/** Result of a message push. */
export interface MessagePushResult {
  /** False when the conversation is blocked: nothing changed. */
  applied: boolean;
  /** A message from the other side that counts as unread. */
  inbound: boolean;
}

/** Applies an inbound or sent message push (`text`, `image`, …: the message plus its `conv`). */
export function applyMessagePush(
  d: Draft,
  push: MessageItem & { conv?: ConversationItem },
  now: number,
): MessagePushResult {
  const { conv, ...message } = push;
  if (d.data.convs[message.index_name]?.blocked || conv?.blocked) {
    return { applied: false, inbound: false };
  }
  if (conv) upsertConversation(d, conv, now);
  putMessage(d, fromServer(message));
  return { applied: true, inbound: countsAsUnread(message) };
}

/** The fields of a `send` push. */
export interface SendProgress {
  /** The send attempt (a resend is a new one); the message keeps its own when absent. */
  requestId?: string;
  messageId: string;
  sendingUUid: string | null;
  msgId: string | null;
  status: number;
  sendOk: boolean;
  deliveryOK: boolean;
  readOK: boolean;
  errMessage?: string;
  sender?: MessageSender;
  index_name?: string;
}

/**
 * Applies a `send` push: status below 2 is progress, 2 and above a failure with its text. When the
 * send is its chat's last message, the chat's row is marked failed (or no longer, after a resend).
 */
export function applySendPush(d: Draft, p: SendProgress): void {
  const failed = p.status >= 2;
  const conv = p.index_name ? d.data.convs[p.index_name] : undefined;
  if (conv && conv.messageId === p.messageId && !!conv.lastFailed !== failed) {
    d.w('convs')[conv.index_name] = { ...conv, lastFailed: failed || undefined };
  }
  const key =
    (p.sendingUUid && d.data.messages[`u:${p.sendingUUid}`] ? `u:${p.sendingUUid}` : null) ??
    d.data.keyByMessageId[p.messageId];
  const m = key ? d.data.messages[key] : undefined;
  if (!m) return;
  d.w('messages')[m.key] = {
    ...m,
    messageId: p.messageId || m.messageId,
    requestId: p.requestId ?? m.requestId,
    msgId: p.msgId ?? m.msgId,
    sendOk: p.sendOk,
    deliveryOK: p.deliveryOK,
    readOK: p.readOK,
    failed,
    errMessage: failed ? (p.errMessage ?? '') : null,
    sender: p.sender ?? m.sender,
  };
  if (p.messageId) d.w('keyByMessageId')[p.messageId] = m.key;
}

/** Applies `revokeMsg`: the message becomes the revoke notice (type 99). */
export function applyRevoke(
  d: Draft,
  p: { index_name: string; messageId: string; content: string; conv?: ConversationItem },
  now: number,
): void {
  const key = d.data.keyByMessageId[p.messageId];
  const m = key ? d.data.messages[key] : undefined;
  if (m) {
    // An own text recalled here can be edited again (its words are in this browser only).
    const recalledText =
      m.sendSide === 1 && m.msgType === MSG_TYPE.text && m.content ? m.content : undefined;
    d.w('messages')[m.key] = {
      ...m,
      msgType: MSG_TYPE.system,
      content: p.content,
      revoked: true,
      ...(recalledText ? { recalledText } : {}),
    };
  }
  if (p.conv) upsertConversation(d, p.conv, now, true);
}

/** Applies `editMsg`: the message shows its new text, marked edited. */
export function applyEdit(
  d: Draft,
  p: { messageId: string; content: string; editedAt: number; conv?: ConversationItem },
  now: number,
): void {
  const key = d.data.keyByMessageId[p.messageId];
  const m = key ? d.data.messages[key] : undefined;
  if (m && !m.revoked) {
    d.w('messages')[m.key] = { ...m, content: p.content, editedAt: p.editedAt };
  }
  if (p.conv) upsertConversation(d, p.conv, now, true);
}

/** Zeroes a conversation's unread (`syncRead`, or a read by this seat); returns the old count. */
export function zeroUnread(d: Draft, indexName: string): number | null {
  const c = d.data.convs[indexName];
  if (!c) return null;
  if (c.unRead === 0) return 0;
  d.w('convs')[indexName] = { ...c, unRead: 0 };
  return c.unRead;
}

/** Zeroes every loaded conversation of one account, or of all accounts (clear-unread modes). */
export function zeroUnreadWhere(d: Draft, workWxid: string | null): void {
  for (const c of Object.values(d.data.convs)) {
    if (c.unRead > 0 && (workWxid === null || c.workWxid === workWxid)) zeroUnread(d, c.index_name);
  }
}

/** Keeps the newer of a stored and a listed conversation (a push may beat a list response). */
function fresher(stored: ConversationItem | undefined, listed: ConversationItem) {
  if (stored && idNum(stored.messageId) > idNum(listed.messageId)) {
    return {
      ...stored,
      memberCount: listed.memberCount ?? stored.memberCount,
      workAccount: listed.workAccount ?? stored.workAccount,
    };
  }
  return listed;
}

/** Takes a page of the conversation list of a view (page 1 replaces the list). */
export function setListPage(
  d: Draft,
  view: ListView,
  page: number,
  items: ConversationItem[],
  total: number,
  pageSize: number,
  now: number,
): void {
  const key = viewKey(view);
  const list: ListState = d.data.list.key === key ? d.data.list : { ...d.data.list, key, view };
  const ids = page === 1 ? [] : [...list.ids];
  const seen = new Set(ids);
  for (const item of items) {
    if (view.talkType && item.talkType !== view.talkType) continue;
    const conv = fresher(d.data.convs[item.index_name], item);
    d.w('convs')[item.index_name] = {
      ...conv,
      latestMsgTime: fixEpochTime(conv.latestMsgTime, now),
    };
    if (!seen.has(item.index_name)) ids.push(item.index_name);
    seen.add(item.index_name);
  }
  // A server that does not filter by talkType yet: the count is what the pages held so far.
  const unfiltered = view.talkType !== undefined && items.some((i) => i.talkType !== view.talkType);
  d.data.list = {
    key,
    view,
    ids,
    total: unfiltered ? ids.length : total,
    page,
    hasMore: items.length >= pageSize && page * pageSize < total,
    loadingMore: false,
  };
}

/** Creates the (empty, not yet loaded) chat of a conversation so pushes land in it at once. */
export function ensureChat(d: Draft, indexName: string): void {
  if (d.data.chats[indexName]) return;
  d.w('chats')[indexName] = {
    keys: [],
    hasMore: true,
    loaded: false,
    firstItemIndex: FIRST_ITEM_INDEX,
    loadingOlder: false,
    generation: 1,
  };
}

/**
 * Takes a page of messages. The latest page is merged into the chat (pushes that came while it
 * loaded stay); when the chat's messages all predate it and more exist between them (a gap after
 * a long disconnect), the chat is replaced. An older page is prepended and lowers
 * `firstItemIndex`, so the view does not jump.
 */
export function setChatPage(
  d: Draft,
  indexName: string,
  list: MessageItem[],
  hasMore: boolean,
  older: boolean,
): void {
  ensureChat(d, indexName);
  const chat = d.data.chats[indexName]!;
  const fresh = list.map(fromServer);
  const known = new Set(chat.keys);
  const messages = d.w('messages');
  const byId = d.w('keyByMessageId');
  const store = (m: ChatMessage) => {
    messages[m.key] = m;
    if (m.messageId) byId[m.messageId] = m.key;
  };
  if (older) {
    const added = fresh.filter((m) => !known.has(m.key));
    added.forEach(store);
    d.w('chats')[indexName] = {
      ...chat,
      keys: [...added.map((m) => m.key), ...chat.keys],
      hasMore,
      firstItemIndex: chat.firstItemIndex - added.length,
      loadingOlder: false,
    };
    return;
  }
  // The latest page ends a stay away from the latest (a chat opened at an older message).
  if (chat.hasNewer || chat.anchorId) {
    d.w('chats')[indexName] = { ...chat, hasNewer: false, anchorId: null };
  }
  const freshMin = Math.min(...fresh.map((m) => m.createSort));
  const existing = chat.keys.map((k) => messages[k]!).filter((m) => !m.local);
  const gap =
    chat.loaded &&
    hasMore &&
    fresh.length > 0 &&
    existing.length > 0 &&
    existing.every((m) => m.createSort < freshMin);
  if (gap) {
    fresh.forEach(store);
    const locals = chat.keys.filter((k) => messages[k]?.local);
    d.w('chats')[indexName] = {
      ...chat,
      keys: [...fresh.map((m) => m.key), ...locals],
      hasMore,
      firstItemIndex: FIRST_ITEM_INDEX,
      generation: chat.generation + 1,
      hasNewer: false,
      anchorId: null,
      anchorKey: null,
    };
    return;
  }
  for (const m of fresh) putMessage(d, m);
  const merged = d.data.chats[indexName]!;
  d.w('chats')[indexName] = {
    ...merged,
    hasMore: chat.loaded ? merged.hasMore : hasMore,
    loaded: true,
  };
}
