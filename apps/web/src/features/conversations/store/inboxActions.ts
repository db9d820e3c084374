import { MSG_TYPE, type ConversationItem, type SendTextBody } from '@cst/shared';
import { errorData, HttpError } from '../../../lib/http/errors.ts';
import { appendNewerPage, setChatAround, startAnchoredChat } from './anchorChanges.ts';
import { conversationsApi, LIST_PAGE_SIZE } from '../api.ts';
import {
  dropIfOutOfView,
  ensureChat,
  putMessage,
  setChatPage,
  setListPage,
  upsertConversation,
  zeroUnread,
  zeroUnreadWhere,
} from './inboxChanges.ts';
import { FIRST_ITEM_INDEX, useInbox, type ChatMessage, type Draft } from './inboxStore.ts';
import type { ListView } from './listView.ts';
import { newSendingId } from './sendingId.ts';
import { addAccountUnread, zeroAccountUnread } from './unreadCounts.ts';

const mutate = (fn: (d: Draft) => void) => useInbox.getState().mutate(fn);
const state = () => useInbox.getState();
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Loads the first page of a view into the store (the list query's function). */
export async function loadListFirstPage(view: ListView, signal?: AbortSignal): Promise<number> {
  const r = await conversationsApi.list(view, 1);
  // The screen left this view while its page was on the way (its query was cancelled): the page
  // must not replace the list of the view now shown, whose own page may already have come.
  if (signal?.aborted) return r.total;
  mutate((d) => setListPage(d, view, 1, r.list, r.total, LIST_PAGE_SIZE, Date.now()));
  return r.total;
}

/** Loads the next page of the current list (when the user scrolls to its end). */
export async function loadMoreConversations(): Promise<void> {
  const list = state().list;
  if (!list.view || !list.hasMore || list.loadingMore) return;
  const { view, key, page } = list;
  useInbox.setState({ list: { ...list, loadingMore: true } });
  try {
    const r = await conversationsApi.list(view, page + 1);
    if (state().list.key !== key) return;
    mutate((d) => setListPage(d, view, page + 1, r.list, r.total, LIST_PAGE_SIZE, Date.now()));
  } catch {
    if (state().list.key === key)
      useInbox.setState({ list: { ...state().list, loadingMore: false } });
  }
}

/** Opens a conversation: it becomes the active one and its chat starts collecting pushes. */
export function openConversation(indexName: string): void {
  state().setActive(indexName);
  mutate((d) => ensureChat(d, indexName));
}

/**
 * Opens a conversation at a message (a history hit): the chat is emptied and its load asks for
 * the page around that message, which the list shows scrolled to it and highlighted.
 */
export function openConversationAt(indexName: string, messageId: string): void {
  state().setActive(indexName);
  mutate((d) => startAnchoredChat(d, indexName, messageId));
}

/**
 * Loads the latest page of a chat (the chat query's function), or the page around the message
 * the chat was opened at.
 */
export async function loadLatestMessages(indexName: string): Promise<number> {
  const chat = state().chats[indexName];
  if (chat?.anchorId && !chat.loaded) {
    const anchorId = chat.anchorId;
    const r = await conversationsApi.messagesAround(indexName, anchorId);
    const page = {
      hasMore: r.hasMore,
      hasNewer: r.hasNewer ?? false,
      anchored: r.anchored ?? false,
    };
    mutate((d) => {
      // Opened at another message meanwhile: that load takes over.
      if (d.data.chats[indexName]?.anchorId !== anchorId) return;
      setChatAround(d, indexName, r.list, page, anchorId);
    });
    return r.list.length;
  }
  const generation = chat?.generation ?? 0;
  const r = await conversationsApi.messages(indexName);
  mutate((d) => {
    // Opened at a message while this page was on its way: the page around it takes over.
    const now = d.data.chats[indexName];
    if (now && now.generation !== generation && (now.anchorId || now.anchorKey)) return;
    setChatPage(d, indexName, r.list, r.hasMore, false);
  });
  return r.list.length;
}

/** Loads the page before the oldest loaded message (when the user scrolls to the top). */
export async function loadOlderMessages(indexName: string): Promise<void> {
  const chat = state().chats[indexName];
  if (!chat || !chat.loaded || !chat.hasMore || chat.loadingOlder) return;
  const messages = state().messages;
  const oldest = chat.keys.map((k) => messages[k]).find((m) => m && !m.local && m.messageId);
  if (!oldest) return;
  mutate((d) => {
    d.w('chats')[indexName] = { ...chat, loadingOlder: true };
  });
  try {
    const r = await conversationsApi.messages(indexName, oldest.messageId);
    mutate((d) => {
      // The chat was replaced meanwhile (opened at a message, back to the latest): not its page.
      if (d.data.chats[indexName]?.generation !== chat.generation) return;
      setChatPage(d, indexName, r.list, r.hasMore, true);
    });
  } catch {
    mutate((d) => {
      const c = d.data.chats[indexName];
      if (c) d.w('chats')[indexName] = { ...c, loadingOlder: false };
    });
  }
}

/** Loads the page after the newest loaded message (a chat opened at an older message). */
export async function loadNewerMessages(indexName: string): Promise<void> {
  const chat = state().chats[indexName];
  if (!chat || !chat.loaded || !chat.hasNewer || chat.loadingNewer) return;
  const messages = state().messages;
  const newest = chat.keys
    .map((k) => messages[k])
    .filter((m) => m && !m.local && m.messageId)
    .at(-1);
  if (!newest) return;
  mutate((d) => {
    d.w('chats')[indexName] = { ...chat, loadingNewer: true };
  });
  try {
    const r = await conversationsApi.messagesAfter(indexName, newest.messageId);
    mutate((d) => {
      if (d.data.chats[indexName]?.generation !== chat.generation) return;
      appendNewerPage(d, indexName, r.list, r.hasNewer ?? false);
    });
  } catch {
    mutate((d) => {
      const c = d.data.chats[indexName];
      if (c) d.w('chats')[indexName] = { ...c, loadingNewer: false };
    });
  }
}

/**
 * Brings a chat away from the latest (opened at an older message) back to the latest page: the
 * "latest messages" button, and before the operator sends.
 */
export function backToLatest(indexName: string): void {
  const chat = state().chats[indexName];
  if (!chat?.hasNewer) return;
  mutate((d) => {
    d.w('chats')[indexName] = {
      ...chat,
      keys: [],
      loaded: false,
      hasMore: true,
      hasNewer: false,
      loadingNewer: false,
      anchorId: null,
      anchorKey: null,
      firstItemIndex: FIRST_ITEM_INDEX,
      generation: chat.generation + 1,
    };
  });
  void loadLatestMessages(indexName).catch(() => undefined);
}

/** Marks a conversation read (optimistically, then `conv/read`; `syncRead` follows). */
export function readConversation(indexName: string): void {
  let prev: number | null = null;
  let wxid = '';
  mutate((d) => {
    wxid = d.data.convs[indexName]?.workWxid ?? '';
    prev = zeroUnread(d, indexName);
  });
  if (prev && wxid) addAccountUnread(wxid, -prev);
  conversationsApi.read({ index_name: indexName }).catch(() => undefined);
}

/** Clears the unread of one work account (mode 1) or of everything visible (mode 2). */
export async function clearUnread(workWxid: string | null): Promise<number> {
  const r = await conversationsApi.read(workWxid ? { mode: 1, workWxid } : { mode: 2 });
  mutate((d) => zeroUnreadWhere(d, workWxid));
  zeroAccountUnread(workWxid);
  return r.cleared;
}

/**
 * Puts a conversation the server answered after a change (assignment, status) into the store;
 * it leaves a list whose view it no longer belongs to.
 */
export function applyConversation(conv: ConversationItem): void {
  mutate((d) => {
    upsertConversation(d, conv, Date.now(), true);
    dropIfOutOfView(d, conv.index_name);
  });
}

/** Pins or unpins a conversation (for everyone who sees it; `convUpdate` follows). */
export async function setPinned(indexName: string, isPin: boolean): Promise<void> {
  await conversationsApi.pin(indexName, isPin);
  mutate((d) => {
    const c = d.data.convs[indexName];
    if (!c) return;
    upsertConversation(d, { ...c, isPin }, Date.now(), true);
    dropIfOutOfView(d, indexName);
  });
}

/** The send bodies of messages still local to this browser (for a resend). */
const localBodies = new Map<string, SendTextBody>();

/** A refused send as its bubble shows it; `accountAbnormal` when the account's state was why. */
export function failureOf(
  err: unknown,
): Pick<ChatMessage, 'failed' | 'errMessage' | 'accountAbnormal'> {
  const abnormal = Boolean(errorData<{ accountStatus: string }>(err).accountStatus);
  return { failed: true, errMessage: errorText(err), accountAbnormal: abnormal };
}

async function dispatch(key: string, body: SendTextBody): Promise<void> {
  try {
    const r = await conversationsApi.sendText(body);
    localBodies.delete(key);
    mutate((d) => {
      const m = d.data.messages[key];
      if (!m) return;
      d.w('messages')[key] = {
        ...m,
        messageId: r.messageId,
        requestId: r.requestId,
        createSort: m.local ? Number(r.messageId) : m.createSort,
        local: false,
      };
      d.w('keyByMessageId')[r.messageId] = key;
    });
  } catch (err) {
    if (err instanceof HttpError && err.kind === 'cancelled') return;
    mutate((d) => {
      const m = d.data.messages[key];
      if (m) d.w('messages')[key] = { ...m, ...failureOf(err) };
    });
  }
}

/**
 * A message this browser is sending, shown at once under the key `u:<uuid>` until the server's
 * message with the same sendingUUid replaces it; `fields` say what kind of message it is.
 */
function localOutgoing(
  conv: ConversationItem,
  indexName: string,
  uuid: string,
  now: number,
  fields: Pick<ChatMessage, 'msgType' | 'content' | 'msg_text'> & Partial<ChatMessage>,
): ChatMessage {
  return {
    key: `u:${uuid}`,
    local: true,
    messageId: '',
    msgId: null,
    requestId: null,
    sendingUUid: uuid,
    msgTime: now,
    sendSide: 1,
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
    index_name: indexName,
    createSort: Number.MAX_SAFE_INTEGER,
    createdAt: now,
    ...fields,
  };
}

/**
 * Sends the composer's text (a quote reply when a message is quoted): the message shows at once
 * with its `sendingUUid`, and the server's echo and `send` pushes update the same bubble.
 */
export function sendText(
  indexName: string,
  content: string,
  extra: Pick<SendTextBody, 'mentions' | 'confirmSensitive'> = {},
): void {
  const s = state();
  const conv = s.convs[indexName];
  if (!conv || !content.trim()) return;
  const quoteKey = s.quoting[indexName];
  const quoted = quoteKey ? s.messages[quoteKey] : undefined;
  const uuid = newSendingId();
  const key = `u:${uuid}`;
  const now = Date.now();
  // Sending from a chat opened at an older message: the chat goes to the latest first.
  backToLatest(indexName);
  const refMsgId = quoted ? (quoted.msgId ?? quoted.messageId) : undefined;
  const refContent = quoted ? quoted.msg_text || quoted.content : null;
  const displayName = quoted ? (quoted.sendSide === 1 ? '' : quoted.memberName || conv.name) : null;
  const local = localOutgoing(conv, indexName, uuid, now, {
    msgType: quoted ? MSG_TYPE.quote : MSG_TYPE.text,
    content: quoted ? JSON.stringify({ content, refMsgId, refContent, displayName }) : content,
    refMsgId: refMsgId ?? null,
    refContent,
    displayName,
    msg_text: content,
  });
  mutate((d) => {
    ensureChat(d, indexName);
    putMessage(d, local);
    const c = d.data.convs[indexName];
    if (c) {
      const preview = { msg_text: content, lastMsgType: local.msgType, latestMsgTime: now };
      upsertConversation(d, { ...c, ...preview }, now, true);
    }
  });
  s.setDraft(indexName, '');
  s.setQuote(indexName, null);
  const body: SendTextBody = {
    workWxid: conv.workWxid,
    receiver_id: conv.receiver_id,
    talkType: conv.talkType,
    content,
    sendingUUid: uuid,
    refMsgId,
    ...extra,
  };
  localBodies.set(key, body);
  void dispatch(key, body);
}

/**
 * Shows a file being uploaded from this browser as a bubble of its own (file name, size and a
 * progress bar) until the server's message with the same sendingUUid (`uuid`) replaces it.
 * Answers the bubble's key.
 */
export function putUploadBubble(
  indexName: string,
  uuid: string,
  file: { name: string; size: number },
): string | null {
  const conv = state().convs[indexName];
  if (!conv) return null;
  const key = `u:${uuid}`;
  const now = Date.now();
  const local = localOutgoing(conv, indexName, uuid, now, {
    msgType: MSG_TYPE.document,
    content: file.name,
    fileName: file.name,
    fileLen: file.size,
    msg_text: file.name,
    uploadStatus: 'uploading',
    uploadUid: uuid,
    uploadProgress: 0,
  });
  backToLatest(indexName);
  mutate((d) => {
    ensureChat(d, indexName);
    putMessage(d, local);
  });
  return key;
}

/** Moves an upload bubble's progress bar (0 … 1); nothing once the server's message replaced it. */
export function setUploadProgress(key: string, fraction: number): void {
  const m = state().messages[key];
  if (!m || m.uploadStatus !== 'uploading') return;
  mutate((d) => {
    d.w('messages')[key] = { ...m, uploadProgress: Math.max(0, Math.min(1, fraction)) };
  });
}

/** Takes away an upload bubble whose file did not arrive (the failure is told by a toast). */
export function dropUploadBubble(key: string): void {
  const m = state().messages[key];
  if (!m || m.uploadStatus !== 'uploading') return;
  mutate((d) => {
    const chat = d.data.chats[m.index_name];
    if (chat) d.w('chats')[m.index_name] = { ...chat, keys: chat.keys.filter((k) => k !== key) };
    Reflect.deleteProperty(d.w('messages'), key);
  });
}

/** Sends a failed message again: through `conv/resend` when stored, else the same send again. */
export async function resendMessage(key: string): Promise<void> {
  const m = state().messages[key];
  if (!m || !m.failed) return;
  mutate((d) => {
    d.w('messages')[key] = { ...m, failed: false, errMessage: null, sendOk: false };
  });
  const body = localBodies.get(key);
  if (m.local && body) return dispatch(key, body);
  try {
    await conversationsApi.resend(m.messageId);
  } catch (err) {
    mutate((d) => {
      const cur = d.data.messages[key];
      if (cur) d.w('messages')[key] = { ...cur, ...failureOf(err) };
    });
  }
}

/** Revokes one of the operator's messages; `revokeMsg` turns it into the notice everywhere. */
export async function revokeMessage(key: string): Promise<void> {
  const m = state().messages[key];
  if (!m?.messageId) return;
  await conversationsApi.revoke(m.messageId);
}
