import type { MessageItem } from '@cst/shared';
import { fromServer } from './inboxChanges.ts';
import { FIRST_ITEM_INDEX, type ChatMessage, type Draft } from './inboxStore.ts';

// A chat opened at a message (a history hit): the page around it, pages down towards the latest,
// and the moment it joins the live tail again.

/**
 * Opens a chat at a message: the chat is emptied (a new generation, so the list view remounts)
 * and its next load asks for the page around `messageId`.
 */
export function startAnchoredChat(d: Draft, indexName: string, messageId: string): void {
  const old = d.data.chats[indexName];
  d.w('chats')[indexName] = {
    keys: [],
    hasMore: true,
    loaded: false,
    firstItemIndex: FIRST_ITEM_INDEX,
    loadingOlder: false,
    generation: (old?.generation ?? 0) + 1,
    anchorId: messageId,
    anchorKey: null,
    hasNewer: false,
    loadingNewer: false,
  };
}

function storeAll(d: Draft, list: ChatMessage[]): void {
  const messages = d.w('messages');
  const byId = d.w('keyByMessageId');
  for (const m of list) {
    messages[m.key] = m;
    if (m.messageId) byId[m.messageId] = m.key;
  }
}

const sortOf = (m: ChatMessage | undefined) => (m && !m.local ? m.createSort : 0);

/**
 * Messages of the conversation the store holds but the chat does not list, newer than its newest
 * (pushes that arrived while the chat was away from the latest), oldest first.
 */
function pushedAfter(d: Draft, indexName: string, keys: string[]): string[] {
  const listed = new Set(keys);
  const newest = Math.max(0, ...keys.map((k) => sortOf(d.data.messages[k])));
  return Object.values(d.data.messages)
    .filter(
      (m) => m.index_name === indexName && !m.local && !listed.has(m.key) && m.createSort > newest,
    )
    .sort((a, b) => a.createSort - b.createSort)
    .map((m) => m.key);
}

/**
 * Takes the page around the anchor: it replaces the chat's messages. `anchored` false (the
 * message is older than the one-month window) leaves a plain latest page without a highlight.
 */
export function setChatAround(
  d: Draft,
  indexName: string,
  list: MessageItem[],
  page: { hasMore: boolean; hasNewer: boolean; anchored: boolean },
  messageId: string,
): void {
  const chat = d.data.chats[indexName];
  if (!chat) return;
  const fresh = list.map(fromServer);
  storeAll(d, fresh);
  let keys = fresh.map((m) => m.key);
  // At the latest already: pushes that came while the page loaded stay, and so do local sends.
  if (!page.hasNewer) {
    const locals = chat.keys.filter((k) => d.data.messages[k]?.local);
    keys = [...keys, ...pushedAfter(d, indexName, keys), ...locals];
  }
  const anchor = page.anchored ? fresh.find((m) => m.messageId === messageId) : undefined;
  d.w('chats')[indexName] = {
    ...chat,
    keys,
    loaded: true,
    hasMore: page.hasMore,
    hasNewer: page.hasNewer,
    loadingNewer: false,
    anchorId: null,
    anchorKey: anchor?.key ?? null,
  };
}

/** Appends a page of newer messages; when none are left the chat is at the latest again. */
export function appendNewerPage(
  d: Draft,
  indexName: string,
  list: MessageItem[],
  hasNewer: boolean,
): void {
  const chat = d.data.chats[indexName];
  if (!chat) return;
  const fresh = list.map(fromServer);
  storeAll(d, fresh);
  const known = new Set(chat.keys);
  let keys = [...chat.keys, ...fresh.filter((m) => !known.has(m.key)).map((m) => m.key)];
  if (!hasNewer) keys = [...keys, ...pushedAfter(d, indexName, keys)];
  d.w('chats')[indexName] = { ...chat, keys, hasNewer, loadingNewer: false };
}
