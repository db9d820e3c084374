import type { QueryClient } from '@tanstack/react-query';
import { openConversation } from '../conversations/store/inboxActions.ts';
import { useInbox } from '../conversations/store/inboxStore.ts';
import { reconcileUnreadSoon } from '../conversations/store/unreadCounts.ts';
import { serviceApi, serviceKeys } from './api.ts';

/** Accepts a transfer and refreshes the transfer lists. */
export async function acceptTransfer(qc: QueryClient, id: string): Promise<void> {
  await serviceApi.accept(id);
  await qc.invalidateQueries({ queryKey: serviceKeys.all });
}

/** Revokes a transfer and refreshes the transfer lists. */
export async function revokeTransfer(qc: QueryClient, id: string): Promise<void> {
  await serviceApi.revoke(id);
  await qc.invalidateQueries({ queryKey: serviceKeys.all });
}

/**
 * Opens a conversation from service management: in the aggregated sessions, which include the
 * chats a seat serves without holding their work account.
 */
export function chatLink(indexName: string): string {
  openConversation(indexName);
  return `/message?mode=aggregated&v=${Date.now()}`;
}

/**
 * Turns do not disturb of a conversation on or off: the row shows it at once, and the unread
 * totals are read again from the server (a muted chat counts in none).
 */
export async function setDisturb(indexName: string, disturb: boolean): Promise<void> {
  await serviceApi.disturb(indexName, disturb);
  useInbox.getState().mutate((d) => {
    const c = d.data.convs[indexName];
    if (c) d.w('convs')[indexName] = { ...c, disturb };
  });
  reconcileUnreadSoon(0);
}
