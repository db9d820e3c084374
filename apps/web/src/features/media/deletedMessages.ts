import type { Draft } from '../conversations/store/inboxStore.ts';

/** Takes deleted messages (`deleteMsg` push) out of a loaded chat. */
export function removeDeleted(d: Draft, indexName: string, messageIds: readonly string[]): void {
  const chat = d.data.chats[indexName];
  if (!chat) return;
  const keys = messageIds
    .map((id) => d.data.keyByMessageId[id] ?? `m:${id}`)
    .filter((k) => chat.keys.includes(k));
  if (keys.length === 0) return;
  const gone = new Set(keys);
  d.w('chats')[indexName] = { ...chat, keys: chat.keys.filter((k) => !gone.has(k)) };
}
