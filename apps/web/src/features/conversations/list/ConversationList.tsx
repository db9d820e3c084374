import { Empty, Spin } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Virtuoso } from 'react-virtuoso';
import { ConversationMenu } from './ConversationMenu.tsx';
import { ConversationRow } from './ConversationRow.tsx';
import { loadMoreConversations, openConversation } from '../store/inboxActions.ts';
import { useInbox } from '../store/inboxStore.ts';
import { menuRowOf, usePointMenu, type MenuEvent } from '../PointMenu.tsx';
import { SetGroupsModal } from './SetGroupsModal.tsx';
import { TransferModal, type TransferTarget } from '../../service/TransferModal.tsx';

/** Props of {@link ConversationList}. */
export interface ConversationListProps {
  /** The key of the view being shown; the list waits until the store holds it. */
  listKey: string;
  showAccount: boolean;
}

/** The conversation row a right click was on. */
const rowUnder = (e: MenuEvent) => menuRowOf(e, '[data-testid="conv-row"]', 'data-index-name');

/** Rows rendered before the list has measured its view: about one window of them. */
const INITIAL_ROWS = 12;

/** The virtualised conversation list (only the visible rows are in the page). */
export function ConversationList({ listKey, showAccount }: ConversationListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const ids = useInbox((s) => (s.list.key === listKey ? s.list.ids : null));
  const loadingMore = useInbox((s) => s.list.loadingMore);
  const [groupsFor, setGroupsFor] = useState<string | null>(null);
  const [transferOf, setTransferOf] = useState<TransferTarget | null>(null);
  const menu = usePointMenu(rowUnder);

  const handleOpen = useCallback(
    (id: string) => {
      openConversation(id);
      // SPEC §2: a conversation switch sets `v` to the time so the view refreshes.
      if (pathname === '/message') {
        const params = new URLSearchParams(search);
        params.set('v', String(Date.now()));
        void navigate(`/message?${params.toString()}`, { replace: true });
      }
    },
    [navigate, pathname, search],
  );

  if (ids === null) return <Spin className="inbox-spin" />;
  if (ids.length === 0) {
    return <Empty className="inbox-empty" description={t('inbox.emptyList')} />;
  }
  return (
    <>
      <Virtuoso
        className="conv-list"
        data={ids}
        computeItemKey={(_, id) => id}
        endReached={() => void loadMoreConversations()}
        onContextMenu={menu.onContextMenu}
        increaseViewportBy={200}
        // A row's height, so the first rows render at once (no one-row measuring pass first).
        defaultItemHeight={61}
        // The opening rows in the first render too (Virtuoso otherwise renders them only after it
        // has measured the view, one more pass before the first rows can be painted).
        initialItemCount={Math.min(ids.length, INITIAL_ROWS)}
        itemContent={(_, id) => (
          <ConversationRow id={id} showAccount={showAccount} onOpen={handleOpen} />
        )}
        components={{ Footer: loadingMore ? ListFooter : undefined }}
      />
      <ConversationMenu
        at={menu.at}
        onClose={menu.close}
        onPickGroups={setGroupsFor}
        onTransfer={(c) =>
          setTransferOf({ kind: 'conversation', indexName: c.index_name, name: c.name })
        }
      />
      <SetGroupsModal indexName={groupsFor} onClose={() => setGroupsFor(null)} />
      <TransferModal target={transferOf} onClose={() => setTransferOf(null)} />
    </>
  );
}

function ListFooter() {
  return (
    <div className="conv-list-footer">
      <Spin size="small" />
    </div>
  );
}
