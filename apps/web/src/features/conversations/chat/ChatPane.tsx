import { Empty, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationItem } from '@cst/shared';
import { useConvAccount } from '../useConvAccount.ts';
import { Composer } from '../composer/Composer.tsx';
import { readConversation } from '../store/inboxActions.ts';
import { useInbox } from '../store/inboxStore.ts';
import { InboxAvatar } from '../InboxAvatar.tsx';
import { HeaderTags } from '../../tags/HeaderTags.tsx';
import { UserCardTrigger } from '../../userCard/UserCardTrigger.tsx';
import { peerCardTarget } from '../../userCard/userCardStore.ts';
import { MessageList } from './MessageList.tsx';
import { FlowBar } from '../../service/FlowBar.tsx';
import { useChatQuery, useDocumentVisible } from '../store/useInboxQueries.ts';
import { ChatHeaderExtras } from '../../notes/ChatHeaderExtras.tsx';
import { AiSummaryButton } from '../../ai/AiSummaryButton.tsx';

function ChatHeader({ conv }: { conv: ConversationItem }) {
  const { t } = useTranslation();
  const accountName = useConvAccount(conv)?.name ?? conv.workWxid;
  return (
    <header className="chat-header">
      <UserCardTrigger target={peerCardTarget(conv)}>
        <InboxAvatar src={conv.avatar} name={conv.name} size={32} />
      </UserCardTrigger>
      <div className="chat-title">
        <UserCardTrigger target={peerCardTarget(conv)}>
          <Typography.Text strong data-testid="chat-title">
            {conv.name}
          </Typography.Text>
        </UserCardTrigger>
        {conv.talkType === 2 && <Tag color="blue">{t('inbox.groupTag')}</Tag>}
        {conv.notFriend && <Tag data-testid="chat-not-friend">{t('friends.notFriend')}</Tag>}
        {conv.talkType === 1 && !conv.notFriend && (
          <HeaderTags target={{ workWxid: conv.workWxid, friendWxid: conv.receiver_id }} />
        )}
        {conv.blocked && (
          <Tag color="red" data-testid="chat-blocked">
            {t('friends.blockedTag')}
          </Tag>
        )}
        <ChatHeaderExtras conv={conv} />
        <Typography.Text type="secondary" className="chat-account">
          {t('inbox.accountOf', { name: accountName })}
        </Typography.Text>
      </div>
      <AiSummaryButton conv={conv} />
      <FlowBar conv={conv} />
    </header>
  );
}

/**
 * The right column: the open conversation's header, messages and composer. While it is open and
 * the tab is visible, its unread is read at once (opening it, and each new message).
 */
export function ChatPane() {
  const { t } = useTranslation();
  const active = useInbox((s) => s.active);
  const conv = useInbox((s) => (s.active ? s.convs[s.active] : undefined));
  const visible = useDocumentVisible();
  // Asked at once, beside the list (the conversation itself may still be on its way).
  useChatQuery(active);
  const unread = conv?.unRead ?? 0;

  useEffect(() => {
    if (active && unread > 0 && visible) readConversation(active);
  }, [active, unread, visible]);

  if (!conv) {
    return (
      <section className="inbox-chat inbox-chat-empty">
        <Empty description={t('inbox.selectConversation')} />
      </section>
    );
  }
  return (
    <section className="inbox-chat" data-testid="chat-pane" data-index-name={conv.index_name}>
      <ChatHeader conv={conv} />
      <div className="chat-messages">
        <MessageList conv={conv} />
      </div>
      <Composer key={conv.index_name} conv={conv} />
    </section>
  );
}
