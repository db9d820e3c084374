import { ExclamationCircleFilled, MutedOutlined, PushpinFilled } from '@ant-design/icons';
import { Badge } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConvAccount } from '../useConvAccount.ts';
import { useInbox } from '../store/inboxStore.ts';
import { InboxAvatar } from '../InboxAvatar.tsx';
import { previewLine } from '../chat/msgTypeLabel.ts';
import { useRelativeTime } from './useRelativeTime.ts';

/** Props of {@link ConversationRow}. */
export interface ConversationRowProps {
  id: string;
  /** Show which work account the conversation belongs to (modes spanning accounts). */
  showAccount: boolean;
  onOpen: (id: string) => void;
}

/**
 * One conversation of the list; it selects its own item from the store by index_name. Its
 * right-click menu is the list's one {@link ConversationMenu}.
 */
export const ConversationRow = memo(function ConversationRow({
  id,
  showAccount,
  onOpen,
}: ConversationRowProps) {
  const { t } = useTranslation();
  const c = useInbox((s) => s.convs[id]);
  const active = useInbox((s) => s.active === id);
  const account = useConvAccount(showAccount ? c : undefined);
  const accountName = showAccount && c ? (account?.name ?? c.workWxid) : '';
  const when = useRelativeTime();
  if (!c) return null;

  return (
    <div
      role="button"
      tabIndex={0}
      className={`conv-row${active ? ' is-active' : ''}${c.isPin ? ' is-pinned' : ''}`}
      onClick={() => onOpen(id)}
      onKeyDown={(e) => e.key === 'Enter' && onOpen(id)}
      data-testid="conv-row"
      data-index-name={id}
      data-unread={c.unRead}
      data-disturb={c.disturb ? '1' : undefined}
      aria-current={active}
    >
      <Badge
        count={c.unRead}
        size="small"
        overflowCount={99}
        offset={[-4, 4]}
        color={c.disturb ? 'var(--ant-color-text-quaternary, #bfbfbf)' : undefined}
      >
        <InboxAvatar src={c.avatar} name={c.name} size={40} />
      </Badge>
      <div className="conv-body">
        <div className="conv-line">
          <span className="conv-name" data-testid="conv-name">
            {c.name}
            {c.talkType === 2 && c.memberCount ? (
              <span className="conv-members" data-testid="conv-members">
                {t('inbox.memberCount', { count: c.memberCount })}
              </span>
            ) : null}
          </span>
          <span className="conv-time">{when(c.latestMsgTime)}</span>
        </div>
        <div className="conv-line">
          {c.lastFailed && (
            <ExclamationCircleFilled
              className="conv-failed"
              aria-label={t('inbox.status.failed')}
              data-testid="conv-failed"
            />
          )}
          <span className="conv-preview" data-testid="conv-preview">
            {previewLine(c.lastMsgType, c.msg_text, t)}
          </span>
          {c.disturb && (
            <MutedOutlined
              className="conv-muted"
              aria-label={t('service.muted')}
              data-testid="conv-muted"
            />
          )}
          {c.isPin && <PushpinFilled className="conv-pin" aria-label={t('inbox.pinned')} />}
        </div>
        {showAccount && <div className="conv-account">{accountName}</div>}
      </div>
    </div>
  );
});
