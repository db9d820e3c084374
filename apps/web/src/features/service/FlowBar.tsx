import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Space, Tag, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssigneeItem, ConversationItem, ConversationStatus } from '@cst/shared';
import { useCan, useSession } from '../../lib/session/sessionStore.ts';
import { applyConversation } from '../conversations/store/inboxActions.ts';
import { flowApi } from './flowApi.ts';

/** Props of {@link FlowBar}. */
export interface FlowBarProps {
  conv: ConversationItem;
}

const STATUS_COLORS: Record<ConversationStatus, string> = {
  open: 'green',
  pending: 'orange',
  resolved: 'default',
  snoozed: 'purple',
};

/** 9:00 tomorrow in the browser's zone. */
function tomorrowNine(now: number): number {
  const d = new Date(now);
  d.setDate(d.getDate() + 1);
  d.setHours(9, 0, 0, 0);
  return d.getTime();
}

/**
 * The chat header's service flow: the chat's status and assignee, claiming, assigning (with the
 * permission), resolving, reopening, pending and snoozing.
 */
export function FlowBar({ conv }: FlowBarProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useSession((s) => s.user?.uid);
  const canAssign = useCan('conversation.assign');
  const canSend = useCan('conversation.send');
  const [seats, setSeats] = useState<AssigneeItem[] | null>(null);
  const [busy, setBusy] = useState(false);

  const run = (call: Promise<{ conv: ConversationItem }>) => {
    setBusy(true);
    call
      .then((r) => applyConversation(r.conv))
      .catch((err: unknown) => {
        if (err instanceof Error) void message.error(err.message);
      })
      .finally(() => setBusy(false));
  };
  const assign = (uid: string | null) => run(flowApi.assign(conv.index_name, uid));
  const setStatus = (status: ConversationStatus, until?: number) =>
    run(flowApi.status(conv.index_name, status, until));

  const mine = conv.assigneeUid !== null && conv.assigneeUid === me;
  const assignItems: MenuProps['items'] = [
    ...(!mine && (conv.assigneeUid === null || canAssign)
      ? [{ key: 'claim', label: t('flow.claim'), onClick: () => me && assign(me) }]
      : []),
    ...(conv.assigneeUid !== null && (mine || canAssign)
      ? [{ key: 'unassign', label: t('flow.unassign'), onClick: () => assign(null) }]
      : []),
    ...(canAssign
      ? [
          { type: 'divider' as const },
          ...(seats ?? [])
            .filter((s) => s.uid !== conv.assigneeUid)
            .map((s) => ({
              key: `seat:${s.uid}`,
              label: (
                <span data-testid="flow-seat">
                  {s.name} {!s.online && <Tag>{t('flow.offline')}</Tag>}
                  {s.dnd && <Tag>{t('flow.dndTag')}</Tag>}
                  <Tag>{t('flow.openCount', { count: s.open })}</Tag>
                </span>
              ),
              onClick: () => assign(s.uid),
            })),
        ]
      : []),
  ];
  const moreItems: MenuProps['items'] = [
    { key: 'pending', label: t('flow.markPending'), onClick: () => setStatus('pending') },
    {
      key: 'snooze',
      label: t('flow.snooze'),
      children: [
        {
          key: '1h',
          label: t('flow.snooze1h'),
          onClick: () => setStatus('snoozed', Date.now() + 3_600_000),
        },
        {
          key: 'tomorrow',
          label: t('flow.snoozeTomorrow'),
          onClick: () => setStatus('snoozed', tomorrowNine(Date.now())),
        },
        {
          key: '3d',
          label: t('flow.snooze3d'),
          onClick: () => setStatus('snoozed', Date.now() + 3 * 86_400_000),
        },
      ],
    },
  ];

  return (
    <Space size={6} className="chat-flow" data-testid="chat-flow">
      <Tag color={STATUS_COLORS[conv.status]} data-testid="chat-status">
        {conv.status === 'snoozed' && conv.snoozeUntil
          ? t('flow.status.snoozedUntil', { time: new Date(conv.snoozeUntil).toLocaleString() })
          : t(`flow.status.${conv.status}`)}
      </Tag>
      <Dropdown
        trigger={['click']}
        disabled={!canSend || busy}
        menu={{ items: assignItems }}
        onOpenChange={(open) => {
          if (open && canAssign) {
            flowApi
              .assignees(conv.index_name)
              .then((r) => setSeats(r.list))
              .catch(() => setSeats([]));
          }
        }}
      >
        <Button size="small" data-testid="chat-assignee">
          {conv.assigneeUid
            ? t('flow.assignee', { name: conv.assigneeName ?? '' })
            : t('flow.unassigned')}
        </Button>
      </Dropdown>
      {canSend &&
        (conv.status === 'resolved' ? (
          <Button
            size="small"
            loading={busy}
            onClick={() => setStatus('open')}
            data-testid="chat-reopen"
          >
            {t('flow.reopen')}
          </Button>
        ) : (
          <Space.Compact size="small">
            <Button loading={busy} onClick={() => setStatus('resolved')} data-testid="chat-resolve">
              {t('flow.resolve')}
            </Button>
            <Dropdown trigger={['click']} menu={{ items: moreItems }}>
              <Button
                icon={<DownOutlined />}
                aria-label={t('flow.snooze')}
                data-testid="chat-more"
              />
            </Dropdown>
          </Space.Compact>
        ))}
    </Space>
  );
}
