import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ConversationMode, ConversationStatus } from '@cst/shared';
import { useSession } from '../../lib/session/sessionStore.ts';
import type { InboxFlowView } from '../service/InboxFlowTools.tsx';
import { useSwitcherLive } from '../accounts/useAccountLiveUpdates.ts';
import { useWorkAccounts } from '../../lib/workAccounts/workAccountStore.ts';
import { AccountColumn } from './list/AccountColumn.tsx';
import { ChatPane } from './chat/ChatPane.tsx';
import { UserCardHost } from '../userCard/UserCardDialog.tsx';
import { ConversationPane } from './list/ConversationPane.tsx';
import { listViewOf } from './store/listView.ts';
import { NoAccountsGuide } from './list/NoAccountsGuide.tsx';
import { useInbox } from './store/inboxStore.ts';
import {
  INBOX_GROUP_KEY,
  INBOX_MODE_KEY,
  INBOX_MODE_PARAM,
  modeParamOf,
  openingMode,
  storedInboxChoice,
  talkTypeOf,
  useCurrentWxid,
  useWorkAccountsLoaded,
} from './store/useInboxQueries.ts';
import './conversations.css';

function store(key: string, value: string | undefined): void {
  try {
    if (value) sessionStorage.setItem(key, value);
    else sessionStorage.removeItem(key);
  } catch {
    // Without storage the choice lasts for the page only.
  }
}

/**
 * The conversation screen (`/` and `/message?v=`): work accounts with their unread, the
 * conversation list in the chosen session mode, and the open chat. `?talkType=2` (the group-chat
 * menu entry) shows group chats only.
 */
export function InboxPage() {
  const accountsLoaded = useWorkAccountsLoaded();
  // A seat without accounts may still serve chats handed to it (service transfers): an open chat
  // shows instead of the guide.
  const chatOpen = useInbox((s) => s.active !== null);
  const noAccounts = useWorkAccounts((s) => s.accounts.length === 0) && accountsLoaded;
  useSwitcherLive();
  const [params, setParams] = useSearchParams();
  const current = useCurrentWxid();
  const choose = useWorkAccounts((s) => s.choose);
  // The opening view is the one `openingView` describes (app/firstScreen.ts asks for it early).
  const [mode, setModeState] = useState<ConversationMode>(() => openingMode(params));
  const [groupId, setGroupIdState] = useState<string | undefined>(
    () => storedInboxChoice(INBOX_GROUP_KEY) ?? undefined,
  );
  const [keyword, setKeyword] = useState('');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [flowView, setFlowView] = useState<InboxFlowView>('all');
  const [flowStatus, setFlowStatus] = useState<ConversationStatus | undefined>(undefined);
  const me = useSession((s) => s.user?.uid);
  const talkType = talkTypeOf(params);

  const setMode = useCallback((m: ConversationMode) => {
    store(INBOX_MODE_KEY, m);
    setModeState(m);
  }, []);
  const setGroupId = useCallback((id: string | undefined) => {
    store(INBOX_GROUP_KEY, id);
    setGroupIdState(id);
  }, []);
  // `?mode=unread` (the header's unread icon) switches the list, also when it is already open;
  // the parameter is then dropped so the reader's own choice of mode is not overridden.
  const asked = modeParamOf(params);
  useEffect(() => {
    if (!asked) return;
    setMode(asked);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(INBOX_MODE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [asked, setMode, setParams]);
  const showAll = useCallback(() => {
    const next = new URLSearchParams(params);
    next.delete('talkType');
    setParams(next, { replace: true });
  }, [params, setParams]);

  const view = listViewOf({
    mode,
    workWxid: current,
    sessionGroupId: groupId,
    keyword,
    talkType,
    // Tags belong to friends (single chats): the group-chat view does not take them.
    tagIds: talkType === 2 ? undefined : tagIds,
    assignee: flowView === 'all' ? undefined : flowView,
    me,
    status: flowStatus,
  });
  return (
    <div className="inbox" data-testid="inbox">
      <AccountColumn
        selected={mode === 'account' ? (current ?? null) : null}
        onPickAccount={(wxid) => {
          choose(wxid);
          setMode('account');
        }}
        onPickAll={() => setMode('aggregated')}
        loaded={accountsLoaded}
      />
      <ConversationPane
        view={view}
        onModeChange={setMode}
        onGroupChange={setGroupId}
        onKeywordChange={setKeyword}
        onTagsChange={setTagIds}
        onShowAll={showAll}
        flow={{
          view: flowView,
          status: flowStatus,
          onViewChange: setFlowView,
          onStatusChange: setFlowStatus,
        }}
      />
      {noAccounts && !chatOpen ? <NoAccountsGuide /> : <ChatPane />}
      <UserCardHost />
    </div>
  );
}
