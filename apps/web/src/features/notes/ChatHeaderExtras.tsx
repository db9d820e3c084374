import { TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationItem } from '@cst/shared';
import { GroupPanel } from '../groups/GroupPanel.tsx';
import { notesApi, notesKeys } from './api.ts';

/**
 * The chat header's additions: 「非营业时间」 while the chat's account is out of business hours
 * (asked again as messages arrive), and for a group the button of the group panel (members,
 * notices, mute) of the contacts page.
 */
export function ChatHeaderExtras({ conv }: { conv: ConversationItem }) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState(false);
  const { data: hours } = useQuery({
    queryKey: [...notesKeys.business(conv.index_name), conv.latestMsgTime],
    queryFn: () => notesApi.businessStatus(conv.index_name),
    enabled: conv.talkType === 1,
    staleTime: 60_000,
  });
  return (
    <>
      {hours?.outOfHours && (
        <Tooltip
          title={
            hours.opensAt
              ? t('notes.opensAt', { time: new Date(hours.opensAt).toLocaleString() })
              : undefined
          }
        >
          <Tag color="orange" data-testid="chat-out-of-hours">
            {hours.replied ? t('notes.outOfHoursReplied') : t('notes.outOfHours')}
          </Tag>
        </Tooltip>
      )}
      {conv.talkType === 2 && (
        <>
          <Button
            size="small"
            icon={<TeamOutlined />}
            onClick={() => setPanel(true)}
            data-testid="chat-group-panel"
          >
            {t('notes.groupPanel')}
          </Button>
          <GroupPanel
            groupRef={panel ? { workWxid: conv.workWxid, groupId: conv.receiver_id } : null}
            onClose={() => setPanel(false)}
          />
        </>
      )}
    </>
  );
}
