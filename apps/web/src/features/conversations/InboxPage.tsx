import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CONVERSATION_MODES, type ConversationMode } from '@cst/shared';
import { useSwitcherLive } from '../accounts/useAccountLiveUpdates.ts';
import { useWorkAccounts } from '../accounts/workAccountStore.ts';
import { AccountColumn } from './AccountColumn.tsx';
import { ChatPane } from './ChatPane.tsx';
import { UserCardHost } from '../userCard/UserCardDialog.tsx';
import { ConversationPane } from './ConversationPane.tsx';
import type { ListView } from './listView.ts';
import { useCurrentWxid, useWorkAccountsLoaded } from './useInboxQueries.ts';
import './conversations.css';

const MODE_KEY = 'cst.inbox.mode';
const GROUP_KEY = 'cst.inbox.group';

function stored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string | undefined): void {
  try {
    if (value) sessionStorage.setItem(key, value);
    else sessionStorage.removeItem(key);
  } catch {
    // Without storage the choice lasts for the page only.
  }
}

function storedMode(): ConversationMode {
  const v = stored(MODE_KEY);
  return (CONVERSATION_MODES as readonly string[]).includes(v ?? '')
    ? (v as ConversationMode)
    : 'account';
}

/**
 * The conversation screen (`/` and `/message?v=`): work accounts with their unread, the
 * conversation list in the chosen session mode, and the open chat. `?talkType=2` (the group-chat
 * menu entry) shows group chats only.
 */
export function InboxPage() {
  useWorkAccountsLoaded();
  useSwitcherLive();
  const [params, setParams] = useSearchParams();
  const current = useCurrentWxid();
  const choose = useWorkAccounts((s) => s.choose);
  const [mode, setModeState] = useState<ConversationMode>(storedMode);
  const [groupId, setGroupIdState] = useState<string | undefined>(
    () => stored(GROUP_KEY) ?? undefined,
  );
  const [keyword, setKeyword] = useState('');
  const talkType = params.get('talkType') === '2' ? 2 : undefined;

  const setMode = useCallback((m: ConversationMode) => {
    store(MODE_KEY, m);
    setModeState(m);
  }, []);
  const setGroupId = useCallback((id: string | undefined) => {
    store(GROUP_KEY, id);
    setGroupIdState(id);
  }, []);
  const showAll = useCallback(() => {
    const next = new URLSearchParams(params);
    next.delete('talkType');
    setParams(next, { replace: true });
  }, [params, setParams]);

  const view: ListView = {
    mode,
    workWxid: mode === 'account' ? current : undefined,
    sessionGroupId: mode === 'custom' ? groupId : undefined,
    keyword: keyword || undefined,
    talkType,
  };
  return (
    <div className="inbox" data-testid="inbox">
      <AccountColumn
        selected={mode === 'account' ? (current ?? null) : null}
        onPickAccount={(wxid) => {
          choose(wxid);
          setMode('account');
        }}
        onPickAll={() => setMode('aggregated')}
      />
      <ConversationPane
        view={view}
        onModeChange={setMode}
        onGroupChange={setGroupId}
        onKeywordChange={setKeyword}
        onShowAll={showAll}
      />
      <ChatPane />
      <UserCardHost />
    </div>
  );
}
