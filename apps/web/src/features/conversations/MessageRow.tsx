import { App, Dropdown, type MenuProps } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { MSG_TYPE, REVOKE_WINDOW_MS, type ConversationItem } from '@cst/shared';
import { useCan } from '../../lib/session/sessionStore.ts';
import { useWorkAccounts } from '../accounts/workAccountStore.ts';
import { bubbleFor, quoteOf } from './bubbles.tsx';
import { handleMessageTool, messageToolItems } from '../media/messageTools.ts';
import { DeliveryTicks } from './DeliveryTicks.tsx';
import { revokeMessage } from './inboxActions.ts';
import { useInbox, type ChatMessage } from './inboxStore.ts';
import { InboxAvatar } from './InboxAvatar.tsx';
import { UserCardTrigger } from '../userCard/UserCardTrigger.tsx';
import { writerCardTarget } from '../userCard/userCardStore.ts';
import { messageTime } from './relativeTime.ts';

/** Props of {@link MessageRow}. */
export interface MessageRowProps {
  messageKey: string;
  conv: ConversationItem;
}

/** The text a copy takes from a message. */
function copyText(m: ChatMessage): string {
  return m.msgType === MSG_TYPE.quote ? quoteOf(m).text : m.content;
}

/**
 * One message of the chat; it selects its own message from the store. The operator's messages
 * are on the right with delivery ticks, the other side's on the left; group chats show the
 * member's name and avatar; revoke and system notices are centred lines.
 */
export const MessageRow = memo(function MessageRow({ messageKey, conv }: MessageRowProps) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const m = useInbox((s) => s.messages[messageKey]);
  const setQuote = useInbox((s) => s.setQuote);
  const canSend = useCan('conversation.send');
  const account = useWorkAccounts((s) => s.accounts.find((a) => a.wxid === conv.workWxid));
  if (!m) return null;
  if (m.msgType === MSG_TYPE.system) {
    return (
      <div className="msg-notice" data-testid="msg-notice" data-key={m.key}>
        <span>{m.content || (m.revoked ? t('inbox.revokedNotice') : '')}</span>
      </div>
    );
  }
  const own = m.sendSide === 1;
  const group = conv.talkType === 2;
  const memberName = group && !own ? m.memberName || m.participant || '' : '';
  const avatar = own
    ? { src: account?.avatar, name: account?.remark || account?.nickname || t('inbox.me') }
    : group
      ? { src: m.memberAvatar, name: memberName || conv.name }
      : { src: conv.avatar, name: conv.name };
  const Bubble = bubbleFor(m.msgType);
  // Quote and revoke need the send permission and a message the server knows.
  const actionable = canSend && !m.local && Boolean(m.messageId);
  const canRevoke =
    own && actionable && Boolean(m.msgId) && !m.failed && Date.now() - m.msgTime < REVOKE_WINDOW_MS;
  const textual = m.msgType === MSG_TYPE.text || m.msgType === MSG_TYPE.quote;
  const items: MenuProps['items'] = [
    ...(textual ? [{ key: 'copy', label: t('inbox.copy') }] : []),
    ...(actionable && m.msgId ? [{ key: 'quote', label: t('inbox.quote') }] : []),
    ...(canRevoke ? [{ key: 'revoke', label: t('inbox.revoke'), danger: true }] : []),
    ...messageToolItems(m, t),
  ];
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

  const bubble = (
    <div className="msg-bubble" data-testid="msg-bubble">
      <Bubble message={m} />
    </div>
  );

  return (
    <div
      className={`msg-row${own ? ' is-own' : ''}`}
      data-testid="msg-row"
      data-key={m.key}
      data-side={own ? 'right' : 'left'}
    >
      <UserCardTrigger target={writerCardTarget(conv, m)}>
        <InboxAvatar src={avatar.src} name={avatar.name} size={36} />
      </UserCardTrigger>
      <div className="msg-main">
        {memberName && <div className="msg-member">{memberName}</div>}
        <div className="msg-line">
          {items.length > 0 ? (
            <Dropdown menu={{ items, onClick: handleMenu }} trigger={['contextMenu']}>
              {bubble}
            </Dropdown>
          ) : (
            bubble
          )}
          {own && <DeliveryTicks message={m} />}
        </div>
        <div className="msg-time">{messageTime(m.msgTime, Date.now())}</div>
      </div>
    </div>
  );
});
