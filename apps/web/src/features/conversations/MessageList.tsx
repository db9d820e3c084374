import { Empty, Spin, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
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

  const followOutput = useCallback(
    (atBottom: boolean) => {
      if (atBottom) return 'auto' as const;
      const s = useInbox.getState();
      const keys = s.chats[indexName]?.keys ?? [];
      const last = s.messages[keys[keys.length - 1] ?? ''];
      return last?.sendSide === 1 && Date.now() - last.msgTime < 5000 ? ('auto' as const) : false;
    },
    [indexName],
  );
  const startReached = useCallback(() => void loadOlderMessages(indexName), [indexName]);

  if (!chat || !chat.loaded) return <Spin className="inbox-spin" />;
  if (chat.keys.length === 0) {
    return <Empty className="inbox-empty" description={t('inbox.noMessages')} />;
  }
  return (
    <Virtuoso
      key={`${indexName}:${chat.generation}`}
      className="msg-list"
      data-testid="msg-list"
      data={chat.keys}
      firstItemIndex={chat.firstItemIndex}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      startReached={startReached}
      followOutput={followOutput}
      increaseViewportBy={{ top: 300, bottom: 100 }}
      computeItemKey={(_, key) => key}
      context={{ loadingOlder: chat.loadingOlder, hasMore: chat.hasMore }}
      components={{ Header: ListHeader }}
      itemContent={(_, key) => <MessageRow messageKey={key} conv={conv} />}
    />
  );
}
