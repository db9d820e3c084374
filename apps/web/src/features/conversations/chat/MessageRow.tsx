import { Button, Progress } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { MSG_TYPE, type ConversationItem } from '@cst/shared';
import { useConvAccount } from '../useConvAccount.ts';
import { bubbleFor } from './bubbles.tsx';
import { DeliveryTicks, SendFailure } from './DeliveryTicks.tsx';
import { useInbox } from '../store/inboxStore.ts';
import { InboxAvatar } from '../InboxAvatar.tsx';
import { UserCardTrigger } from '../../userCard/UserCardTrigger.tsx';
import { writerCardTarget } from '../../userCard/userCardStore.ts';
import { messageTime } from '../relativeTime.ts';
import { noticeText } from './noticeText.ts';
import { NoteBubble } from '../../notes/NoteBubble.tsx';
import { SenderMark } from '../../service/SenderMark.tsx';

/** Puts a recalled text back in the chat's composer, after what is typed there. */
function reEdit(indexName: string, text: string): void {
  const s = useInbox.getState();
  const typed = s.drafts[indexName] ?? '';
  s.setDraft(indexName, typed ? `${typed}${text}` : text);
  requestAnimationFrame(() => document.querySelector<HTMLElement>('.composer textarea')?.focus());
}

/** Props of {@link MessageRow}. */
export interface MessageRowProps {
  messageKey: string;
  conv: ConversationItem;
}

/**
 * One message of the chat; it selects its own message from the store. The operator's messages
 * are on the right with delivery ticks, the other side's on the left; group chats show the
 * member's name and avatar; revoke and system notices are centred lines. Its bubble's right-click
 * menu is the list's one {@link MessageMenu}.
 */
export const MessageRow = memo(function MessageRow({ messageKey, conv }: MessageRowProps) {
  const { t } = useTranslation();
  const m = useInbox((s) => s.messages[messageKey]);
  const account = useConvAccount(conv);
  if (!m) return null;
  if (m.msgType === MSG_TYPE.system) {
    return (
      <div className="msg-notice" data-testid="msg-notice" data-key={m.key}>
        <span>{noticeText(m, t)}</span>
        {m.recalledText && (
          <Button
            type="link"
            size="small"
            className="msg-reedit"
            onClick={() => reEdit(conv.index_name, m.recalledText!)}
            data-testid="msg-reedit"
          >
            {t('inbox.reEdit')}
          </Button>
        )}
      </div>
    );
  }
  if (m.private) {
    return (
      <div className="msg-row-note" data-key={m.key}>
        <NoteBubble message={m} />
      </div>
    );
  }
  const own = m.sendSide === 1;
  const group = conv.talkType === 2;
  const memberName = group && !own ? m.memberName || m.participant || '' : '';
  const avatar = own
    ? { src: account?.avatar, name: account?.name || t('inbox.me') }
    : group
      ? { src: m.memberAvatar, name: memberName || conv.name }
      : { src: conv.avatar, name: conv.name };
  const Bubble = bubbleFor(m.msgType);

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
          <div className="msg-bubble" data-testid="msg-bubble">
            <Bubble message={m} />
            {m.uploadStatus === 'uploading' && (
              <Progress
                className="msg-upload-progress"
                percent={Math.round((m.uploadProgress ?? 0) * 100)}
                size="small"
                status="active"
                aria-label={t('inbox.uploading')}
                data-testid="msg-upload-progress"
              />
            )}
          </div>
          {own && <DeliveryTicks message={m} />}
        </div>
        {own && m.failed && <SendFailure message={m} indexName={conv.index_name} />}
        <div className="msg-time">
          {own && m.sender && <SenderMark sender={m.sender} hideKind={m.robot} />}
          {m.robot && (
            <span className="msg-robot" data-testid="msg-robot">
              {t('robots.sentByRobot')}
            </span>
          )}
          {m.editedAt != null && !m.revoked && (
            <span className="msg-edited" data-testid="msg-edited">
              {t('inbox.edited')}
            </span>
          )}
          {messageTime(m.msgTime, Date.now())}
        </div>
      </div>
    </div>
  );
});
