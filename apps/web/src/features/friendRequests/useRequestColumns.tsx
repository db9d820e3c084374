import { Avatar, Button, Flex, Popconfirm, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FRIEND_REQUEST_STATUS, type FriendRequestItem } from '@cst/shared';
import { RequestStatusTag } from './RequestStatusTag.tsx';

/** Whether a row is a received request waiting for an answer. */
export const isPendingIn = (r: FriendRequestItem) =>
  r.direction === 'in' && r.status === FRIEND_REQUEST_STATUS.requested;

/** The person's name as the list shows it. */
export const personName = (r: FriendRequestItem) => r.nickname || r.wxid;

/** What the columns need from the page. */
export interface RequestColumnsOptions {
  accountName: (wxid: string) => string;
  /** The row being answered (its buttons spin). */
  busy: string | null;
  onAnswer: (row: FriendRequestItem, accept: boolean) => Promise<void>;
  /** Received requests have accept / decline; sent ones have nothing to do. */
  withActions: boolean;
}

/** Columns of the request table: person, status (first in view at 1024 px), greeting, … */
export function useRequestColumns({
  accountName,
  busy,
  onAnswer,
  withActions,
}: RequestColumnsOptions): ColumnsType<FriendRequestItem> {
  const { t } = useTranslation();
  const columns: ColumnsType<FriendRequestItem> = [
    {
      title: t('friendRequests.person'),
      key: 'person',
      width: 200,
      render: (_: unknown, r) => (
        <Flex gap={8} align="center" className="fr-cell-person">
          <Avatar size={32} src={r.avatar || undefined}>
            {personName(r).slice(0, 1)}
          </Avatar>
          <Flex vertical className="fr-cell-text">
            <Typography.Text ellipsis>{personName(r)}</Typography.Text>
            <Typography.Text type="secondary" ellipsis className="fr-wxid">
              {r.wxid}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    {
      title: t('friendRequests.status'),
      key: 'status',
      width: 170,
      render: (_: unknown, r) => <RequestStatusTag item={r} />,
    },
    {
      title: t('friendRequests.greeting'),
      dataIndex: 'verifyContent',
      width: 220,
      ellipsis: true,
      render: (v: string) =>
        v || <Typography.Text type="secondary">{t('friendRequests.noGreeting')}</Typography.Text>,
    },
    {
      title: t('friendRequests.account'),
      dataIndex: 'workWxid',
      width: 130,
      ellipsis: true,
      render: (v: string) => accountName(v),
    },
    {
      title: t('friendRequests.time'),
      dataIndex: 'createdAt',
      width: 150,
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
  ];
  if (!withActions) return columns;
  return [
    ...columns,
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_: unknown, r) =>
        isPendingIn(r) && (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              loading={busy === r.id}
              onClick={() => void onAnswer(r, true)}
              data-testid="fr-accept"
            >
              {t('friendRequests.accept')}
            </Button>
            <Popconfirm
              title={t('friendRequests.declineConfirm', { name: personName(r) })}
              onConfirm={() => onAnswer(r, false)}
              okButtonProps={{ 'data-testid': 'fr-decline-ok' }}
            >
              <Button type="link" size="small" danger data-testid="fr-decline">
                {t('friendRequests.decline')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];
}
