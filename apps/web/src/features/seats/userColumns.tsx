import { Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { UserItem } from '@cst/shared';

const dash = (v: string | null) => v || '—';

/** Account, name, role and position columns of a user list; `selfUid` marks the caller's row. */
export function userColumns(t: TFunction, selfUid?: string): ColumnType<UserItem>[] {
  return [
    {
      title: t('seats.username'),
      dataIndex: 'username',
      width: 130,
      ellipsis: { showTitle: true },
      render: (v: string, u) => (u.uid === selfUid ? `${v}${t('seats.self')}` : v),
    },
    {
      title: t('seats.nickname'),
      dataIndex: 'nickname',
      width: 120,
      ellipsis: { showTitle: true },
    },
    {
      title: t('seats.role'),
      key: 'role',
      width: 160,
      render: (_: unknown, u) => (
        <Space size={4} wrap>
          <Tag>{t(`roles.${u.role}`)}</Tag>
          {u.roleName && <Tag color="blue">{u.roleName}</Tag>}
        </Space>
      ),
    },
    {
      title: t('seats.position'),
      dataIndex: 'positionName',
      width: 110,
      ellipsis: { showTitle: true },
      render: dash,
    },
  ];
}
