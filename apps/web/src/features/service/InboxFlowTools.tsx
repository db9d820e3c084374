import { MoreOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Segmented, Select, Space, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERSATION_STATUSES, type ConversationStatus } from '@cst/shared';
import { useCan, useSession } from '../../lib/session/sessionStore.ts';
import { useInbox } from '../conversations/store/inboxStore.ts';
import { flowApi } from './flowApi.ts';

const NO_IDS: string[] = [];

/** The inbox views of the service flow. */
export type InboxFlowView = 'me' | 'unassigned' | 'all';

/** Props of {@link InboxFlowTools}. */
export interface InboxFlowToolsProps {
  view: InboxFlowView;
  status: ConversationStatus | undefined;
  onViewChange: (view: InboxFlowView) => void;
  onStatusChange: (status: ConversationStatus | undefined) => void;
  /** The list's key, to act on the conversations it shows. */
  listKey: string;
}

/**
 * The list's service-flow tools: the views 我的 / 未分配 / 全部,
 * a status filter, and bulk actions on the loaded page (claim the unassigned, resolve all) and
 * the seat's do-not-disturb switch.
 */
export function InboxFlowTools({
  view,
  status,
  onViewChange,
  onStatusChange,
  listKey,
}: InboxFlowToolsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useSession((s) => s.user?.uid);
  const canSend = useCan('conversation.send');
  const ids = useInbox((s) => (s.list.key === listKey ? s.list.ids : NO_IDS));
  const convs = useInbox((s) => s.convs);
  const [dnd, setDnd] = useState<boolean | null>(null);

  useEffect(() => {
    flowApi
      .presence()
      .then((r) => setDnd(r.dnd))
      .catch(() => setDnd(null));
  }, []);

  const bulk = (call: Promise<{ updated: number }>) => {
    call
      .then((r) => void message.success(t('flow.bulkDone', { count: r.updated })))
      .catch((err: unknown) => {
        if (err instanceof Error) void message.error(err.message);
      });
  };
  const page = ids.slice(0, 200);
  const items: MenuProps['items'] = [
    ...(canSend
      ? [
          {
            key: 'claim',
            label: t('flow.claimPage'),
            disabled: !me,
            onClick: () => {
              const free = page.filter((i) => convs[i]?.assigneeUid === null);
              if (me && free.length > 0) bulk(flowApi.bulkAssign(free, me));
            },
          },
          {
            key: 'resolve',
            label: t('flow.resolvePage'),
            onClick: () => {
              if (page.length > 0) bulk(flowApi.bulkStatus(page, 'resolved'));
            },
          },
          { type: 'divider' as const },
        ]
      : []),
    {
      key: 'dnd',
      label: `${dnd ? '✓ ' : ''}${t('flow.dnd')}`,
      disabled: dnd === null,
      onClick: () => {
        flowApi
          .setPresence(!dnd)
          .then((r) => setDnd(r.dnd))
          .catch(() => undefined);
      },
    },
  ];
  // 全部 (every chat the user sees) is for those who may see all chats (issue 31): with
  // `conversation.assign`. Others have 我的 and 未分配; until they pick one, their list is both
  // (the server leaves chats assigned to other seats out of it), with neither highlighted.
  const seesAll = useCan('conversation.assign');
  const views: InboxFlowView[] = seesAll ? ['me', 'unassigned', 'all'] : ['me', 'unassigned'];

  return (
    <Space.Compact block size="small" className="conv-flow-tools">
      <Segmented
        size="small"
        value={view}
        onChange={(v) => onViewChange(v)}
        options={views.map((v) => ({
          value: v,
          label: <span data-testid={`flow-view-${v}`}>{t(`flow.views.${v}`)}</span>,
        }))}
      />
      <Select
        size="small"
        allowClear
        style={{ minWidth: 96 }}
        value={status}
        placeholder={t('flow.status.all')}
        onChange={(v: ConversationStatus | undefined) => onStatusChange(v)}
        options={CONVERSATION_STATUSES.map((s) => ({ value: s, label: t(`flow.status.${s}`) }))}
        data-testid="flow-status-filter"
      />
      <Dropdown trigger={['click']} menu={{ items }}>
        <Button size="small" icon={<MoreOutlined />} aria-label={t('flow.resolvePage')} />
      </Dropdown>
    </Space.Compact>
  );
}
