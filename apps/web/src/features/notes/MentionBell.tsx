import { BellOutlined } from '@ant-design/icons';
import { App, Badge, Button, Empty, List, Popover, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { create } from 'zustand';
import { MENTION_EVENT, type MentionPush } from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { useCan } from '../../lib/session/sessionStore.ts';
import { useWorkAccounts } from '../../lib/workAccounts/workAccountStore.ts';
import { desktopNotify } from '../conversations/store/attention.ts';
import { openConversationAt } from '../conversations/store/inboxActions.ts';

interface MentionNotices {
  list: MentionPush[];
  unseen: number;
  add(p: MentionPush): void;
  seen(): void;
}

/** The mentions the seat received since the page loaded, newest first. */
export const useMentionNotices = create<MentionNotices>((set) => ({
  list: [],
  unseen: 0,
  add: (p) =>
    set((s) =>
      s.list.some((x) => x.messageId === p.messageId)
        ? s
        : { list: [p, ...s.list].slice(0, 50), unseen: s.unseen + 1 },
    ),
  seen: () => set({ unseen: 0 }),
}));

/** The header's bell of mentions in notes, for whoever reads conversations. */
export function MentionBell() {
  return useCan('conversation.read') ? <LiveMentionBell /> : null;
}

function LiveMentionBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const choose = useWorkAccounts((s) => s.choose);
  const { list, unseen, add, seen } = useMentionNotices();
  const [open, setOpen] = useState(false);
  const openAt = (p: MentionPush) => {
    choose(p.workWxid);
    openConversationAt(p.index_name, p.messageId);
    setOpen(false);
    void navigate('/message');
  };

  useRealtimeEvent<MentionPush>(MENTION_EVENT, (p) => {
    add(p);
    const title = t('notes.mentionedBy', { name: p.by.name, chat: p.chatName });
    const key = `mention-${p.messageId}`;
    notification.open({
      key,
      icon: <BellOutlined />,
      title,
      description: p.content,
      actions: (
        <Button
          size="small"
          type="primary"
          data-testid="mention-open"
          onClick={() => {
            notification.destroy(key);
            openAt(p);
          }}
        >
          {t('notes.openChat')}
        </Button>
      ),
    });
    desktopNotify(title, p.content, () => openAt(p));
  });

  const content =
    list.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notes.noMentions')} />
    ) : (
      <List
        className="mention-notices"
        size="small"
        dataSource={list}
        renderItem={(p) => (
          <List.Item
            key={p.messageId}
            onClick={() => openAt(p)}
            style={{ cursor: 'pointer' }}
            data-testid="mention-notice"
          >
            <List.Item.Meta
              title={t('notes.mentionedBy', { name: p.by.name, chat: p.chatName })}
              description={<Typography.Text ellipsis>{p.content}</Typography.Text>}
            />
          </List.Item>
        )}
      />
    );
  return (
    <Popover
      open={open}
      onOpenChange={(v) => {
        setOpen(v);
        if (v) seen();
      }}
      trigger="click"
      title={t('notes.mentions')}
      content={<div style={{ width: 320, maxHeight: 400, overflow: 'auto' }}>{content}</div>}
    >
      <Tooltip title={t('notes.mentions')}>
        <Badge count={unseen} size="small">
          <Button
            type="text"
            icon={<BellOutlined />}
            aria-label={t('notes.mentions')}
            data-testid="mention-bell"
          />
        </Badge>
      </Tooltip>
    </Popover>
  );
}
