import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, List, Spin } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGE_WINDOW_MS, type MessageWithConversation } from '@cst/shared';
import { useWorkAccounts } from '../../lib/workAccounts/workAccountStore.ts';
import { openConversation, openConversationAt } from '../conversations/store/inboxActions.ts';
import { previewLine } from '../conversations/chat/msgTypeLabel.ts';
import { historyApi } from './api.ts';
import { senderText } from '../service/senderText.ts';

/**
 * The messages around a found message (`cst/message-list`), the found one marked; a button
 * opens the conversation in the inbox.
 */
export function HistoryContext({
  hit,
  onClose,
}: {
  hit: MessageWithConversation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choose = useWorkAccounts((s) => s.choose);
  const { message } = App.useApp();
  const { data, isFetching } = useQuery({
    queryKey: ['history', 'around', hit?.messageId],
    queryFn: () => historyApi.around(hit!.messageId),
    enabled: Boolean(hit),
  });
  const openChat = () => {
    if (!hit) return;
    choose(hit.workWxid);
    // The conversation opens at the hit; it shows the last month only (SPEC §9), so an older hit
    // opens it at the latest messages, saying why.
    if (Date.now() - hit.msgTime < MESSAGE_WINDOW_MS) {
      openConversationAt(hit.index_name, hit.messageId);
    } else {
      openConversation(hit.index_name);
      void message.info(t('historyPage.outsideWindow'));
    }
    void navigate('/message');
  };
  return (
    <Drawer
      open={Boolean(hit)}
      onClose={onClose}
      width={520}
      title={hit ? `${t('historyPage.context')} · ${hit.conversationName}` : ''}
      extra={
        <Button type="primary" onClick={openChat} data-testid="history-open-chat">
          {t('historyPage.openChat')}
        </Button>
      }
      destroyOnHidden
    >
      <Spin spinning={isFetching}>
        <List
          data-testid="history-context"
          dataSource={data?.list ?? []}
          renderItem={(m) => (
            <List.Item
              className={m.messageId === hit?.messageId ? 'history-hit' : undefined}
              data-hit={m.messageId === hit?.messageId ? 'true' : undefined}
            >
              <List.Item.Meta
                title={`${m.sendSide === 1 ? [t('historyPage.sent'), senderText(m.sender, t)].filter(Boolean).join(' · ') : m.memberName || data?.conv.name || ''} · ${dayjs(m.msgTime).format('YYYY-MM-DD HH:mm:ss')}`}
                description={
                  <span className="history-text">{previewLine(m.msgType, m.msg_text, t)}</span>
                }
              />
            </List.Item>
          )}
        />
      </Spin>
    </Drawer>
  );
}
