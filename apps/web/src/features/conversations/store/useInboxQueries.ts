import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { CONVERSATION_MODES, type ConversationMode, type TalkType } from '@cst/shared';
import { accountsApi, accountsKeys } from '../../accounts/api.ts';
import { CURRENT_WX_KEY, useWorkAccounts } from '../../../lib/workAccounts/workAccountStore.ts';
import { inboxKeys } from '../api.ts';
import { loadLatestMessages, loadListFirstPage } from './inboxActions.ts';
import { listViewOf, viewKey, viewReady, type ListView } from './listView.ts';

// The inbox's data live in its store; these queries only load them. They are dropped as soon as
// nothing shows them (gcTime 0), so coming back re-reads, and a `resync` (which invalidates every
// query) re-reads what is on screen.

/** Loads the first page of the list of a view; returns the error of the last try, if any. */
export function useListQuery(view: ListView): Error | null {
  const { error } = useQuery({
    queryKey: inboxKeys.list(viewKey(view)),
    // Reading `signal` lets the query be cancelled once nothing shows it (a view left).
    queryFn: ({ signal }) => loadListFirstPage(view, signal),
    enabled: viewReady(view),
    staleTime: Infinity,
    gcTime: 0,
  });
  return error;
}

/** Loads the latest page of the open chat. */
export function useChatQuery(indexName: string | null): void {
  useQuery({
    queryKey: inboxKeys.chat(indexName ?? ''),
    queryFn: () => loadLatestMessages(indexName!),
    enabled: Boolean(indexName),
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Loads the visible work accounts into the switcher store (shared with the header switcher). */
export function useWorkAccountsLoaded(): boolean {
  const load = useWorkAccounts((s) => s.load);
  const { data, isSuccess } = useQuery({
    queryKey: accountsKeys.switcher,
    queryFn: accountsApi.switcher,
  });
  useEffect(() => {
    if (data) load(data);
  }, [data, load]);
  return isSuccess;
}

const visibility = {
  subscribe: (cb: () => void) => {
    document.addEventListener('visibilitychange', cb);
    return () => document.removeEventListener('visibilitychange', cb);
  },
  get: () => document.visibilityState === 'visible',
};

/** Whether the tab is visible (a hidden tab does not read the open conversation). */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(visibility.subscribe, visibility.get);
}

/** Session-storage keys of the screen's choices (they last for the tab). */
export const INBOX_MODE_KEY = 'cst.inbox.mode';
export const INBOX_GROUP_KEY = 'cst.inbox.group';

/** A value kept in session storage (null without storage). */
export function storedInboxChoice(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function storedCurrentWxid(): string | undefined {
  return storedInboxChoice(CURRENT_WX_KEY) ?? undefined;
}

/** The session mode chosen before in this tab (account mode by default). */
export function storedInboxMode(): ConversationMode {
  const v = storedInboxChoice(INBOX_MODE_KEY);
  return (CONVERSATION_MODES as readonly string[]).includes(v ?? '')
    ? (v as ConversationMode)
    : 'account';
}

/** The URL parameter that opens the list in a session mode (the header's unread icon). */
export const INBOX_MODE_PARAM = 'mode';

/** The session mode the URL asks for (`?mode=unread`), if any. */
export function modeParamOf(params: URLSearchParams): ConversationMode | undefined {
  const v = params.get(INBOX_MODE_PARAM) ?? '';
  return (CONVERSATION_MODES as readonly string[]).includes(v)
    ? (v as ConversationMode)
    : undefined;
}

/** The mode the conversation screen opens in: the URL's, else the one chosen before. */
export function openingMode(params: URLSearchParams): ConversationMode {
  return modeParamOf(params) ?? storedInboxMode();
}

/** `?talkType=2` (the group-chat menu entry) shows group chats only. */
export function talkTypeOf(params: URLSearchParams): TalkType | undefined {
  return params.get('talkType') === '2' ? 2 : undefined;
}

/**
 * The view the conversation screen opens with, from the choices kept in session storage and the
 * URL — what {@link InboxPage} shows at first, so its first page can be asked for before the
 * screen's code has arrived.
 */
export function openingView(params: URLSearchParams): ListView {
  const mode = openingMode(params);
  return listViewOf({
    mode,
    workWxid: mode === 'account' ? storedCurrentWxid() : undefined,
    sessionGroupId:
      mode === 'custom' ? (storedInboxChoice(INBOX_GROUP_KEY) ?? undefined) : undefined,
    talkType: talkTypeOf(params),
  });
}

/**
 * The current work account: the switcher's, or until the switcher has loaded, the one chosen
 * before (kept in session storage), so the list is asked for at once, not after the switcher.
 */
export function useCurrentWxid(): string | undefined {
  const current = useWorkAccounts((s) => s.wxAccount?.wxid);
  const loaded = useWorkAccounts((s) => s.accounts.length > 0);
  return current ?? (loaded ? undefined : storedCurrentWxid());
}
