import { App, Dropdown, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MSG_TYPE, REVOKE_WINDOW_MS } from '@cst/shared';
import { useCan } from '../../lib/session/sessionStore.ts';
import { handleMessageTool, messageToolItems } from '../media/messageTools.ts';
import { quoteOf } from './bubbles.tsx';
import { revokeMessage } from './inboxActions.ts';
import { useInbox, type ChatMessage } from './inboxStore.ts';

/** Where the chat's message menu is open: the message and the pointer. */
export interface MessageMenuAt {
  key: string;
  x: number;
  y: number;
}

/** The text a copy takes from a message. */
function copyText(m: ChatMessage): string {
  return m.msgType === MSG_TYPE.quote ? quoteOf(m).text : m.content;
}

/**
 * The entries of a message's menu: copy (text), quote and revoke (with the send permission, on a
 * message the server knows; revoke only the operator's own within the window), then forward,
 * collect and delete.
 */
export function messageMenuItems(
  m: ChatMessage,
  canSend: boolean,
  t: TFunction,
  now = Date.now(),
): NonNullable<MenuProps['items']> {
  if (m.msgType === MSG_TYPE.system) return [];
  const actionable = canSend && !m.local && Boolean(m.messageId);
  const canRevoke =
    m.sendSide === 1 &&
    actionable &&
    Boolean(m.msgId) &&
    !m.failed &&
    now - m.msgTime < REVOKE_WINDOW_MS;
  const textual = m.msgType === MSG_TYPE.text || m.msgType === MSG_TYPE.quote;
  return [
    ...(textual ? [{ key: 'copy', label: t('inbox.copy') }] : []),
    ...(actionable && m.msgId ? [{ key: 'quote', label: t('inbox.quote') }] : []),
    ...(canRevoke ? [{ key: 'revoke', label: t('inbox.revoke'), danger: true }] : []),
    ...messageToolItems(m, t),
  ];
}

/**
 * The message under a context-menu event, when it was on a bubble whose message has a menu; the
 * list then opens {@link MessageMenu} there instead of the browser's menu.
 */
export function messageMenuTarget(
  e: { target: EventTarget | null; clientX: number; clientY: number },
  canSend: boolean,
  t: TFunction,
): MessageMenuAt | null {
  if (!(e.target instanceof Element)) return null;
  const bubble = e.target.closest('.msg-bubble');
  const key = bubble?.closest<HTMLElement>('[data-testid="msg-row"]')?.dataset.key;
  const m = key ? useInbox.getState().messages[key] : undefined;
  if (!key || !m || messageMenuItems(m, canSend, t).length === 0) return null;
  return { key, x: e.clientX, y: e.clientY };
}

/**
 * The chat's one message menu, opened at the pointer on a right click on a bubble. One menu for
 * the whole list instead of one per row: a row then renders no popup machinery of its own, which
 * is most of what opening a chat of many messages cost.
 */
export function MessageMenu({ at, onClose }: { at: MessageMenuAt | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const m = useInbox((s) => (at ? s.messages[at.key] : undefined));
  const setQuote = useInbox((s) => s.setQuote);
  const canSend = useCan('conversation.send');
  if (!at || !m) return null;
  const items = messageMenuItems(m, canSend, t);
  if (items.length === 0) return null;
  // (A click on an entry closes the menu through `onOpenChange`.)
  const handleMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'copy') {
      void navigator.clipboard
        ?.writeText(copyText(m))
        .then(() => toast.success(t('inbox.copied')))
        .catch(() => undefined);
    } else if (key === 'quote') setQuote(m.index_name, m.key);
    else if (handleMessageTool(key, m)) return;
    else void revokeMessage(m.key).catch(() => undefined);
  };
  return (
    <Dropdown
      // A new menu for each opening, so it appears where the pointer now is.
      key={`${at.key}:${at.x}:${at.y}`}
      open
      menu={{ items, onClick: handleMenu }}
      trigger={['contextMenu']}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <span
        className="msg-menu-anchor"
        data-testid="msg-menu-anchor"
        style={{ left: at.x, top: at.y }}
      />
    </Dropdown>
  );
}
