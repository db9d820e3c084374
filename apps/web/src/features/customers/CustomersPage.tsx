import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_STATUSES, type UserItem } from '@cst/shared';
import { useListQuery } from '../../components/listPage/useListQuery.ts';
import { seatsKeys, usersApi } from '../seats/api.ts';
import { ResetPasswordModal } from '../seats/ResetPasswordModal.tsx';
import { StatusSwitch } from '../seats/StatusSwitch.tsx';
import { BatchAddModal } from './BatchAddModal.tsx';
import { CustomerFormModal } from './CustomerFormModal.tsx';
import { SubUsersDrawer } from './SubUsersDrawer.tsx';

/** The platform admin's customer users: every tenant with its manager. */
export function CustomersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const q = useListQuery(['keyword', 'status']);
  const [editing, setEditing] = useState<UserItem | 'new' | null>(null);
  const [batch, setBatch] = useState(false);
  const [resetting, setResetting] = useState<UserItem | null>(null);
  const [subOf, setSubOf] = useState<UserItem | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: [...seatsKeys.users, 'customers', q.page, q.pageSize, q.filters],
    queryFn: () => usersApi.pageList({ page: q.page, pageSize: q.pageSize, ...q.filters }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: seatsKeys.users });

  return (
    <Card title={t('customers.title')} className="page" data-testid="customers">
      <Flex justify="space-between" gap={8} wrap className="table-toolbar">
        <Space wrap>
          <Input.Search
            allowClear
            defaultValue={q.filters.keyword}
            placeholder={t('customers.searchPlaceholder')}
            onSearch={(v) => q.setFilters({ keyword: v })}
            style={{ width: 280 }}
            data-testid="customer-search"
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
        <Space>
          <Button icon={<UploadOutlined />} onClick={() => setBatch(true)} data-testid="batch-add">
            {t('customers.batchAdd')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="add-customer"
          >
            {t('customers.add')}
          </Button>
        </Space>
      </Flex>
      <Table<UserItem>
        rowKey="uid"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 1000 }}
        pagination={{
          current: q.page,
          pageSize: q.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: q.setPage,
        }}
        columns={[
          { title: t('customers.tenantName'), dataIndex: 'tenantName' },
          { title: t('customers.username'), dataIndex: 'username' },
          { title: t('customers.nickname'), dataIndex: 'nickname' },
          {
            title: t('customers.status'),
            key: 'status',
            width: 100,
            render: (_: unknown, u) => <StatusSwitch user={u} onChanged={refresh} />,
          },
          {
            title: t('common.createdAt'),
            dataIndex: 'createdAt',
            width: 160,
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right',
            width: 250,
            render: (_: unknown, u) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(u)}>
                  {t('common.edit')}
                </Button>
                <Button type="link" size="small" onClick={() => setResetting(u)}>
                  {t('seats.resetPassword')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setSubOf(u)}
                  data-testid={`sub-${u.username}`}
                >
                  {t('customers.subUsers')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <CustomerFormModal
        customer={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) refresh();
        }}
      />
      <BatchAddModal
        open={batch}
        onClose={(created) => {
          setBatch(false);
          if (created) refresh();
        }}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <SubUsersDrawer user={subOf} onClose={() => setSubOf(null)} />
    </Card>
  );
}
