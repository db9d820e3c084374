import { Empty, Spin, Typography } from 'antd';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { ConversationItem } from '@cst/shared';
import { loadOlderMessages } from './inboxActions.ts';
import { useInbox } from './inboxStore.ts';
import { MessageRow } from './MessageRow.tsx';

/** What the list's header needs (Virtuoso passes it as `context`). */
interface ListContext {
  loadingOlder: boolean;
  hasMore: boolean;
}

/** Above the oldest message: a spinner while older ones load, or the one-month notice. */
function ListHeader({ context }: { context?: ListContext }) {
  const { t } = useTranslation();
  return (
    <div className="msg-list-header" data-testid="msg-list-header">
      {context?.loadingOlder ? (
        <>
          <Spin size="small" /> <span>{t('inbox.loadingOlder')}</span>
        </>
      ) : context?.hasMore ? null : (
        <Typography.Text type="secondary">{t('inbox.lastMonthOnly')}</Typography.Text>
      )}
    </div>
  );
}

/**
 * The virtualised message list. Older pages are prepended as the user scrolls to the top and
 * `firstItemIndex` is lowered by as many, so what the user reads does not move. New messages
 * follow to the bottom when the user is there (or just sent one).
 */
export function MessageList({ conv }: { conv: ConversationItem }) {
  const { t } = useTranslation();
  const indexName = conv.index_name;
  const chat = useInbox((s) => s.chats[indexName]);

  // Whether the view sticks to the newest message. Only the reader scrolling up lets go: a burst
  // of messages (a replay after a reconnect) can leave the view briefly off the bottom while rows
  // are measured, and that must not stop it following.
  const stick = useRef(true);
  const lastInput = useRef(0);
  const list = useRef<VirtuosoHandle>(null);
  const handleAtBottom = useCallback((atBottom: boolean) => {
    if (atBottom) stick.current = true;
    else if (Date.now() - lastInput.current < 1000) stick.current = false;
  }, []);
  const handleInput = useCallback(() => {
    lastInput.current = Date.now();
  }, []);
  const followOutput = useCallback(
    (atBottom: boolean) => {
      if (atBottom || stick.current) return 'auto' as const;
      const s = useInbox.getState();
      const keys = s.chats[indexName]?.keys ?? [];
      const last = s.messages[keys[keys.length - 1] ?? ''];
      // The reader's own new message brings the view down even when scrolled up.
      return last?.sendSide === 1 && Date.now() - last.msgTime < 5000 ? ('auto' as const) : false;
    },
    [indexName],
  );
  const handleHeight = useCallback(() => {
    if (stick.current) list.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, []);
  const startReached = useCallback(() => void loadOlderMessages(indexName), [indexName]);

  if (!chat || !chat.loaded) return <Spin className="inbox-spin" />;
  if (chat.keys.length === 0) {
    return <Empty className="inbox-empty" description={t('inbox.noMessages')} />;
  }
  return (
    <Virtuoso
      ref={list}
      key={`${indexName}:${chat.generation}`}
      className="msg-list"
      data-testid="msg-list"
      data={chat.keys}
      firstItemIndex={chat.firstItemIndex}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      startReached={startReached}
      followOutput={followOutput}
      atBottomStateChange={handleAtBottom}
      atBottomThreshold={40}
      totalListHeightChanged={handleHeight}
      onWheel={handleInput}
      onTouchMove={handleInput}
      onKeyDown={handleInput}
      onPointerDown={handleInput}
      increaseViewportBy={{ top: 300, bottom: 100 }}
      computeItemKey={(_, key) => key}
      context={{ loadingOlder: chat.loadingOlder, hasMore: chat.hasMore }}
      components={{ Header: ListHeader }}
      itemContent={(_, key) => <MessageRow messageKey={key} conv={conv} />}
    />
  );
}
