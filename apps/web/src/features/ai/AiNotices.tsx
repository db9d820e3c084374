import { RobotOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  AI_HANDOFF_EVENT,
  AI_SUMMARY_EVENT,
  type AiHandoffPush,
  type AiSummaryPush,
} from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { useCan } from '../../lib/session/sessionStore.ts';
import { useWorkAccounts } from '../../lib/workAccounts/workAccountStore.ts';
import { openConversation } from '../conversations/store/inboxActions.ts';

/** The AI pushes as notices: a chat handed over by the AI robot, the summary of an assigned chat. */
export function AiNotices() {
  return useCan('conversation.read') ? <LiveAiNotices /> : null;
}

function LiveAiNotices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const choose = useWorkAccounts((s) => s.choose);
  const open = (index: string) => {
    const workWxid = index.slice(index.lastIndexOf('__') + 2);
    choose(workWxid);
    openConversation(index);
    void navigate('/message');
  };
  const action = (key: string, index: string) => (
    <Button
      size="small"
      type="primary"
      onClick={() => {
        notification.destroy(key);
        open(index);
      }}
    >
      {t('ai.openChat')}
    </Button>
  );

  useRealtimeEvent<AiHandoffPush>(AI_HANDOFF_EVENT, (p) => {
    const key = `ai-handoff-${p.index_name}`;
    notification.open({
      key,
      icon: <RobotOutlined />,
      title: t('ai.handoffTitle'),
      description: (
        <span data-testid="ai-handoff-notice">
          {p.reason === 'cap'
            ? t('ai.handoffCap')
            : p.reason === 'seat'
              ? t('ai.handoffSeat')
              : t('ai.handoffKeyword')}
          {` (${p.peerId})`}
        </span>
      ),
      actions: action(key, p.index_name),
    });
  });

  useRealtimeEvent<AiSummaryPush>(AI_SUMMARY_EVENT, (p) => {
    const key = `ai-summary-${p.index_name}`;
    notification.open({
      key,
      icon: <RobotOutlined />,
      title: t('ai.summaryAssigned', { chat: p.index_name.split('__')[1] ?? '' }),
      description: <span style={{ whiteSpace: 'pre-wrap' }}>{p.summary}</span>,
      duration: 0,
      actions: action(key, p.index_name),
    });
  });
  return null;
}
