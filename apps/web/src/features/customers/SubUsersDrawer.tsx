import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '@cst/shared';
import { usersApi } from '../seats/api.ts';
import { userColumns } from '../seats/userColumns.tsx';

/** Props of {@link SubUsersDrawer}. */
export interface SubUsersDrawerProps {
  user: UserItem | null;
  onClose: () => void;
}

/** The direct subordinates of a user, with a drill-down into each one's own subordinates. */
export function SubUsersDrawer({ user, onClose }: SubUsersDrawerProps) {
  const { t } = useTranslation();
  const [trail, setTrail] = useState<UserItem[]>([]);
  const current = trail.at(-1) ?? user;
  const { data, isFetching } = useQuery({
    queryKey: ['users', 'sub', current?.uid],
    queryFn: () => usersApi.subList(current!.uid),
    enabled: Boolean(current),
  });
  const close = () => {
    setTrail([]);
    onClose();
  };

  return (
    <Drawer
      title={t('customers.subUsersOf', { name: current?.nickname ?? '' })}
      open={user !== null}
      onClose={close}
      size={720}
      data-testid="sub-users"
      extra={
        trail.length > 0 && (
          <Button icon={<ArrowLeftOutlined />} onClick={() => setTrail(trail.slice(0, -1))}>
            {t('customers.back')}
          </Button>
        )
      }
    >
      <Table<UserItem>
        rowKey="uid"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          ...userColumns(t),
          {
            title: t('seats.status'),
            dataIndex: 'status',
            render: (s: string) => (
              <Tag color={s === 'enabled' ? 'success' : 'default'}>{t(`common.${s}`)}</Tag>
            ),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, u) => (
              <Button type="link" size="small" onClick={() => setTrail([...trail, u])}>
                {t('customers.drillDown')}
              </Button>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
