import { Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { UserItem } from '@cst/shared';
import { cutColumn } from '../../components/listPage/index.ts';

/** Account, name, role and position columns of a user list; `selfUid` marks the caller's row. */
export function userColumns(t: TFunction, selfUid?: string): ColumnType<UserItem>[] {
  return [
    {
      title: t('seats.username'),
      key: 'username',
      width: 130,
      ...cutColumn<UserItem>((u) =>
        u.uid === selfUid ? `${u.username}${t('seats.self')}` : u.username,
      ),
    },
    {
      title: t('seats.nickname'),
      key: 'nickname',
      width: 120,
      ...cutColumn<UserItem>((u) => u.nickname),
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
      key: 'positionName',
      width: 110,
      ...cutColumn<UserItem>((u) => u.positionName || '—'),
    },
  ];
}
