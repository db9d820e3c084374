import { accountsApi, accountsKeys } from '../features/accounts/api.ts';
import { conversationsApi, inboxKeys } from '../features/conversations/api.ts';
import {
  loadLatestMessages,
  loadListFirstPage,
} from '../features/conversations/store/inboxActions.ts';
import { useInbox } from '../features/conversations/store/inboxStore.ts';
import { viewReady } from '../features/conversations/store/listView.ts';
import { openingView } from '../features/conversations/store/useInboxQueries.ts';
import { mainApi } from '../lib/http/clients.ts';
import { queryClient } from '../lib/queryClient.ts';
import { useRealtimeStore } from '../lib/realtime/realtimeStore.ts';

/** How long after the realtime link opened the prefetched data are read again (off the first screen). */
export const RECONCILE_DELAY_MS = 500;

/**
 * Asks for the conversation screen's first data while its code is still loading (started by
 * boot.ts on a page load at `/` or `/message` with a stored session): the first page of the list
 * the screen opens with, the open chat's latest messages, then the work accounts and the unread
 * summary (the server answers in turn, and the list and chat are what the screen shows first).
 * The list and chat go straight into the inbox store; the screen's own queries then take these
 * answers instead of asking again (`mainApi.prefetch`).
 *
 * The answers were read before the realtime link was up, so a push in between would be missing:
 * once the link is open, the inbox and account queries are read again (as after a `resync`).
 */
export function prefetchInbox(params: URLSearchParams): void {
  const view = openingView(params);
  const active = useInbox.getState().active;
  const answers: Promise<unknown>[] = [];
  mainApi.prefetch(() => {
    if (viewReady(view)) answers.push(loadListFirstPage(view));
    if (active) answers.push(loadLatestMessages(active));
    answers.push(accountsApi.switcher(), conversationsApi.unread());
  });
  for (const a of answers) a.catch(() => undefined);
  reconcileWhenLive(Promise.allSettled(answers));
}

function reconcileWhenLive(settled: Promise<unknown>): void {
  const whenOpen = new Promise<void>((resolve) => {
    if (useRealtimeStore.getState().status === 'open') return resolve();
    const off = useRealtimeStore.subscribe((s) => {
      if (s.status !== 'open') return;
      off();
      resolve();
    });
  });
  void Promise.all([whenOpen, settled]).then(() =>
    setTimeout(() => {
      mainApi.dropPrefetched();
      void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
      void queryClient.invalidateQueries({ queryKey: accountsKeys.switcher });
    }, RECONCILE_DELAY_MS),
  );
}
