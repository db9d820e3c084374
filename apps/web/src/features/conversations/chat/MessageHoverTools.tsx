import { EnterOutlined, RollbackOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { messageMenuItems } from './MessageMenu.tsx';
import { revokeMessage } from '../store/inboxActions.ts';
import { useInbox, type ChatMessage } from '../store/inboxStore.ts';

/** What the hover toolbar offers on a message: quote (any message), revoke (own, in time). */
export function hoverActions(
  m: ChatMessage,
  canSend: boolean,
  t: TFunction,
  now = Date.now(),
): { quote: boolean; revoke: boolean } {
  const keys = messageMenuItems(m, canSend, t, now).map((i) => i?.key);
  return { quote: keys.includes('quote'), revoke: keys.includes('revoke') };
}

/** How the list drives the toolbar: its delegated pointer events. */
export interface HoverToolsHandle {
  /** The pointer is over `target` in the list. */
  over: (target: EventTarget | null) => void;
  /** The pointer left the list (for `related`). */
  leave: (related: EventTarget | null) => void;
  /** Hide it (the list scrolled). */
  hide: () => void;
}

interface Shown {
  key: string;
  top: number;
  /** From the container's left edge (the other side's messages) … */
  left?: number;
  /** … or from its right edge (the operator's own, on the right). */
  right?: number;
  quote: boolean;
  revoke: boolean;
}

const ROW = '[data-testid="msg-row"]';

/**
 * The chat's one hover toolbar (quote, revoke) beside the message under the pointer. One for the
 * whole list, driven by the list's delegated pointer events: rows render nothing for it, so a
 * screen of rows costs what it did. What it offers is decided when the pointer arrives (revoke
 * only within the revoke window), as the right-click menu decides it.
 */
export function MessageHoverTools({
  canSend,
  ref,
}: {
  canSend: boolean;
  ref: Ref<HoverToolsHandle>;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const current = useRef<string | null>(null);
  const setQuote = useInbox((s) => s.setQuote);

  const hide = () => {
    if (current.current === null) return;
    current.current = null;
    setShown(null);
  };
  const inBox = (el: EventTarget | null) => el instanceof Node && !!box.current?.contains(el);

  useImperativeHandle(ref, () => ({
    over: (target) => {
      if (!(target instanceof Element) || inBox(target)) return;
      const row = target.closest<HTMLElement>(ROW);
      const key = row?.getAttribute('data-key') ?? null;
      if (key === current.current) return;
      const m = key ? useInbox.getState().messages[key] : undefined;
      const line = row?.querySelector('.msg-line');
      const container = row?.closest('.chat-messages');
      const actions = m ? hoverActions(m, canSend, t) : null;
      if (!key || !line || !container || !actions || (!actions.quote && !actions.revoke)) {
        hide();
        return;
      }
      const at = line.getBoundingClientRect();
      const area = container.getBoundingClientRect();
      const own = row!.getAttribute('data-side') === 'right';
      current.current = key;
      setShown({
        key,
        top: at.top - area.top + at.height / 2,
        ...(own ? { right: area.right - at.left + 4 } : { left: at.right - area.left + 4 }),
        ...actions,
      });
    },
    leave: (related) => {
      if (!inBox(related)) hide();
    },
    hide,
  }));

  if (!shown) return null;
  const m = useInbox.getState().messages[shown.key];
  const handleQuote = () => {
    if (m) setQuote(m.index_name, m.key);
    hide();
  };
  const handleRevoke = () => {
    void revokeMessage(shown.key).catch(() => undefined);
    hide();
  };
  return (
    <div
      ref={box}
      className="msg-hover-tools"
      role="toolbar"
      data-testid="msg-hover-tools"
      data-key={shown.key}
      style={{ top: shown.top, left: shown.left, right: shown.right }}
      onMouseLeave={(e) => {
        const row = e.relatedTarget instanceof Element ? e.relatedTarget.closest(ROW) : null;
        if (row?.getAttribute('data-key') !== shown.key) hide();
      }}
    >
      {shown.quote && (
        <button
          type="button"
          title={t('inbox.quote')}
          aria-label={t('inbox.quote')}
          data-testid="msg-hover-quote"
          onClick={handleQuote}
        >
          <EnterOutlined />
        </button>
      )}
      {shown.revoke && (
        <button
          type="button"
          className="is-danger"
          title={t('inbox.revoke')}
          aria-label={t('inbox.revoke')}
          data-testid="msg-hover-revoke"
          onClick={handleRevoke}
        >
          <RollbackOutlined />
        </button>
      )}
    </div>
  );
}
