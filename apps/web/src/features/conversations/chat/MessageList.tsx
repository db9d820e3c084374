import { DownOutlined } from '@ant-design/icons';
import { Button, Empty, Spin, Typography } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { ConversationItem } from '@cst/shared';
import { useCan } from '../../../lib/session/sessionStore.ts';
import { backToLatest, loadNewerMessages, loadOlderMessages } from '../store/inboxActions.ts';
import { useInbox } from '../store/inboxStore.ts';
import { MessageHoverTools, type HoverToolsHandle } from './MessageHoverTools.tsx';
import { MessageMenu, messageMenuTarget } from './MessageMenu.tsx';
import { usePointMenu, type MenuEvent } from '../PointMenu.tsx';
import { MessageRow } from './MessageRow.tsx';

/** What the list's header, footer and rows need (Virtuoso passes it as `context`). */
interface ListContext {
  loadingOlder: boolean;
  hasMore: boolean;
  loadingNewer: boolean;
  /** The message the chat was opened at, while it is highlighted. */
  flashKey: string | null;
}

/** How long the message a chat was opened at stays highlighted. */
export const ANCHOR_FLASH_MS = 5000;

/**
 * A chat opened at its newest message with at most this many loaded (a first page is 30) is
 * rendered whole in its first render and scrolled to the bottom before it is painted.
 */
const OPENING_ROWS = 40;

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

/** Below the newest loaded message of a chat opened at an older one: a spinner while newer load. */
function ListFooter({ context }: { context?: ListContext }) {
  const { t } = useTranslation();
  if (!context?.loadingNewer) return null;
  return (
    <div className="msg-list-header" data-testid="msg-list-footer">
      <Spin size="small" /> <span>{t('inbox.loadingNewer')}</span>
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
  // A chat opened at a message (a history hit) starts there, not at the newest message, and follows
  // new ones only once the reader has scrolled down to the latest.
  const anchorKey = chat?.loaded ? (chat.anchorKey ?? null) : null;
  const mounted = useRef('');
  // How many rows the opening render shows whole (0: Virtuoso's own opening, below).
  const opening = useRef(0);
  const scroller = useRef<HTMLElement | null>(null);
  const viewKey = `${indexName}:${chat?.generation ?? 0}:${chat?.loaded ? 1 : 0}`;
  if (mounted.current !== viewKey) {
    mounted.current = viewKey;
    stick.current = !anchorKey;
    const n = chat?.keys.length ?? 0;
    opening.current = !anchorKey && n <= OPENING_ROWS ? n : 0;
  }
  // Virtuoso opens at the newest message by measuring its rows, waiting four frames and then
  // scrolling there, hidden meanwhile (about 100 ms before anything shows). A short chat is
  // already whole in the page: scrolled to the bottom before the first paint, it shows at once
  // (the `is-opening` style keeps it visible), and Virtuoso's own scroll later lands where it is.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (opening.current && el) el.scrollTop = el.scrollHeight;
  }, [viewKey]);
  const canSend = useCan('conversation.send');
  const menu = usePointMenu(
    useCallback((e: MenuEvent) => messageMenuTarget(e, canSend, t), [canSend, t]),
  );
  // The hover toolbar (quote, revoke): one for the list, fed by delegated pointer events.
  const hover = useRef<HoverToolsHandle>(null);
  const handleOver = useCallback((e: MouseEvent) => hover.current?.over(e.target), []);
  const handleLeave = useCallback((e: MouseEvent) => hover.current?.leave(e.relatedTarget), []);
  const handleScroll = useCallback(() => hover.current?.hide(), []);
  const scrollerRef = useCallback((el: HTMLElement | Window | null) => {
    scroller.current = el instanceof HTMLElement ? el : null;
  }, []);
  const [flashKey, setFlashKey] = useState<string | null>(null);
  useEffect(() => {
    setFlashKey(anchorKey);
    if (!anchorKey) return;
    const timer = setTimeout(() => setFlashKey(null), ANCHOR_FLASH_MS);
    return () => clearTimeout(timer);
  }, [anchorKey, viewKey]);
  const handleAtBottom = useCallback(
    (atBottom: boolean) => {
      const away = useInbox.getState().chats[indexName]?.hasNewer;
      if (atBottom && !away) stick.current = true;
      else if (!atBottom && Date.now() - lastInput.current < 1000) stick.current = false;
    },
    [indexName],
  );
  const handleInput = useCallback(() => {
    lastInput.current = Date.now();
  }, []);
  const followOutput = useCallback(
    (atBottom: boolean) => {
      const s = useInbox.getState();
      if (stick.current) return 'auto' as const;
      // Pages down in a chat opened at a message are the reader's own scrolling: not followed.
      if (atBottom && !s.chats[indexName]?.anchorKey) return 'auto' as const;
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
  const endReached = useCallback(() => void loadNewerMessages(indexName), [indexName]);

  if (!chat || !chat.loaded) return <Spin className="inbox-spin" />;
  if (chat.keys.length === 0) {
    return <Empty className="inbox-empty" description={t('inbox.noMessages')} />;
  }
  return (
    <>
      <Virtuoso
        ref={list}
        key={`${indexName}:${chat.generation}`}
        className={opening.current ? 'msg-list is-opening' : 'msg-list'}
        data-testid="msg-list"
        scrollerRef={scrollerRef}
        initialItemCount={opening.current || undefined}
        data={chat.keys}
        firstItemIndex={chat.firstItemIndex}
        initialTopMostItemIndex={
          anchorKey && chat.keys.includes(anchorKey)
            ? { index: chat.keys.indexOf(anchorKey), align: 'center' }
            : { index: 'LAST', align: 'end' }
        }
        startReached={startReached}
        endReached={endReached}
        followOutput={followOutput}
        atBottomStateChange={handleAtBottom}
        atBottomThreshold={40}
        totalListHeightChanged={handleHeight}
        onWheel={handleInput}
        onTouchMove={handleInput}
        onKeyDown={handleInput}
        onPointerDown={handleInput}
        onContextMenu={menu.onContextMenu}
        onMouseOver={canSend ? handleOver : undefined}
        onMouseLeave={canSend ? handleLeave : undefined}
        onScroll={canSend ? handleScroll : undefined}
        increaseViewportBy={{ top: 300, bottom: 100 }}
        // A text row's height, so the opening rows render at once (no one-row measuring pass).
        defaultItemHeight={69}
        computeItemKey={(_, key) => key}
        context={{
          loadingOlder: chat.loadingOlder,
          hasMore: chat.hasMore,
          loadingNewer: chat.loadingNewer ?? false,
          flashKey,
        }}
        components={{ Header: ListHeader, Footer: ListFooter }}
        itemContent={(_, key, ctx) =>
          key === ctx.flashKey ? (
            <div className="msg-anchor-hit" data-testid="msg-anchor-hit" data-key={key}>
              <MessageRow messageKey={key} conv={conv} />
            </div>
          ) : (
            <MessageRow messageKey={key} conv={conv} />
          )
        }
      />
      <MessageMenu at={menu.at} onClose={menu.close} />
      {canSend && <MessageHoverTools key={indexName} ref={hover} canSend={canSend} />}
      {chat.hasNewer && (
        <Button
          className="msg-to-latest"
          shape="round"
          icon={<DownOutlined />}
          onClick={() => backToLatest(indexName)}
          data-testid="msg-to-latest"
        >
          {t('inbox.toLatest')}
        </Button>
      )}
    </>
  );
}
