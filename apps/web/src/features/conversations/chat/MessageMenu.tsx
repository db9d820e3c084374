import { App, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MSG_TYPE, REVOKE_WINDOW_MS } from '@cst/shared';
import { useCan } from '../../../lib/session/sessionStore.ts';
import { handleMessageTool, messageToolItems } from '../../media/messageTools.ts';
import { quoteOf } from './bubbles.tsx';
import { revokeMessage } from '../store/inboxActions.ts';
import { useInbox, type ChatMessage } from '../store/inboxStore.ts';
import { menuRowOf, PointMenu, type MenuAt, type MenuEvent } from '../PointMenu.tsx';

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
export function messageMenuTarget(e: MenuEvent, canSend: boolean, t: TFunction): MenuAt | null {
  if (!(e.target instanceof Element) || !e.target.closest('.msg-bubble')) return null;
  const at = menuRowOf(e, '[data-testid="msg-row"]', 'data-key');
  const m = at ? useInbox.getState().messages[at.key] : undefined;
  return m && messageMenuItems(m, canSend, t).length > 0 ? at : null;
}

/** The chat's one message menu ({@link PointMenu}), opened on a right click on a bubble. */
export function MessageMenu({ at, onClose }: { at: MenuAt | null; onClose: () => void }) {
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
  return <PointMenu at={at} items={items} onClick={handleMenu} onClose={onClose} />;
}
