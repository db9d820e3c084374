import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Input, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUB_ROLES, USER_STATUSES, type UserItem } from '@cst/shared';
import { useSession } from '../../lib/session/sessionStore.ts';
import { useListQuery } from '../../components/listPage/useListQuery.ts';
import { seatsKeys, usersApi } from './api.ts';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { SeatFormModal } from './SeatFormModal.tsx';
import { StatusSwitch } from './StatusSwitch.tsx';

/** The seats of the tenant: table with filters in the URL, add/edit, status, reset password. */
export function SeatsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useSession((s) => s.user);
  const q = useListQuery(['keyword', 'role', 'status']);
  const [editing, setEditing] = useState<UserItem | 'new' | null>(null);
  const [resetting, setResetting] = useState<UserItem | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: [...seatsKeys.users, q.page, q.pageSize, q.filters],
    queryFn: () => usersApi.pageList({ page: q.page, pageSize: q.pageSize, ...q.filters }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: seatsKeys.users });
    void queryClient.invalidateQueries({ queryKey: seatsKeys.tree });
  };
  const locked = (u: UserItem) => u.role === 'manager' || u.uid === me?.uid;

  return (
    <>
      <Flex justify="space-between" gap={8} wrap className="table-toolbar">
        <Space wrap>
          <Input.Search
            allowClear
            defaultValue={q.filters.keyword}
            placeholder={t('seats.searchPlaceholder')}
            onSearch={(v) => q.setFilters({ keyword: v })}
            style={{ width: 240 }}
          />
          <Select
            allowClear
            placeholder={t('seats.allRoles')}
            value={q.filters.role}
            onChange={(v?: string) => q.setFilters({ role: v })}
            style={{ width: 140 }}
            options={['manager', ...SUB_ROLES].map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          />
          <Select
            allowClear
            placeholder={t('seats.allStatus')}
            value={q.filters.status}
            onChange={(v?: string) => q.setFilters({ status: v })}
            style={{ width: 140 }}
            options={USER_STATUSES.map((s) => ({ value: s, label: t(`common.${s}`) }))}
          />
        </Space>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          data-testid="add-seat"
        >
          {t('seats.add')}
        </Button>
      </Flex>
      <Table<UserItem>
        rowKey="uid"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 1100 }}
        pagination={{
          current: q.page,
          pageSize: q.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: q.setPage,
        }}
        columns={[
          {
            title: t('seats.username'),
            dataIndex: 'username',
            render: (v: string, u) => (u.uid === me?.uid ? `${v}${t('seats.self')}` : v),
          },
          { title: t('seats.nickname'), dataIndex: 'nickname' },
          {
            title: t('seats.role'),
            key: 'role',
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
            render: (v: string | null) => v ?? '—',
          },
          {
            title: t('seats.superior'),
            dataIndex: 'superiorName',
            render: (v: string | null) => v ?? '—',
          },
          {
            title: t('seats.seatPrefix'),
            dataIndex: 'seatPrefix',
            render: (v: string | null) => v || '—',
          },
          {
            title: t('seats.status'),
            key: 'status',
            width: 100,
            render: (_: unknown, u) => (
              <StatusSwitch user={u} disabled={locked(u)} onChanged={refresh} />
            ),
          },
          {
            title: t('common.createdAt'),
            dataIndex: 'createdAt',
            width: 150,
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right',
            width: 170,
            render: (_: unknown, u) =>
              u.role === 'manager' ? null : (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing(u)}
                    data-testid={`edit-${u.username}`}
                  >
                    {t('common.edit')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setResetting(u)}
                    data-testid={`reset-${u.username}`}
                  >
                    {t('seats.resetPassword')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <SeatFormModal
        seat={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) refresh();
        }}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
