import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, Popconfirm, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleItem } from '@cst/shared';
import { useListQuery } from '../../components/listPage/useListQuery.ts';
import { rolesApi, rolesKeys } from './api.ts';
import { RoleFormModal } from './RoleFormModal.tsx';

/** Role management: roles are named sets of permissions given to sub-accounts. */
export function RoleManagePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useListQuery(['keyword']);
  const [editing, setEditing] = useState<RoleItem | 'new' | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: [...rolesKeys.all, 'list', q.page, q.pageSize, q.filters.keyword],
    queryFn: () =>
      rolesApi.list({ page: q.page, pageSize: q.pageSize, keyword: q.filters.keyword }),
    placeholderData: keepPreviousData,
  });
  const { data: permissions = [] } = useQuery({
    queryKey: rolesKeys.permissions,
    queryFn: rolesApi.permissions,
    staleTime: Infinity,
  });
  const labelOf = (key: string) =>
    permissions.find((p) => p.key === key)?.label ?? t(`perm.${key}`);
  const refresh = () => queryClient.invalidateQueries({ queryKey: rolesKeys.all });

  const handleDelete = async (role: RoleItem) => {
    try {
      await rolesApi.remove(role.id);
      void message.success(t('common.deleted'));
      await refresh();
    } catch {
      // The client has shown the server's message.
    }
  };

  return (
    <Card title={t('rolesPage.title')} data-testid="role-manage">
      <Flex justify="space-between" gap={8} wrap className="table-toolbar">
        <Input.Search
          allowClear
          defaultValue={q.filters.keyword}
          placeholder={t('rolesPage.searchPlaceholder')}
          onSearch={(v) => q.setFilters({ keyword: v })}
          style={{ maxWidth: 320 }}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          data-testid="add-role"
        >
          {t('rolesPage.add')}
        </Button>
      </Flex>
      <Table<RoleItem>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{
          current: q.page,
          pageSize: q.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: q.setPage,
        }}
        columns={[
          { title: t('rolesPage.roleName'), dataIndex: 'roleName', width: 180 },
          {
            title: t('rolesPage.permissions'),
            dataIndex: 'permissions',
            render: (list: string[]) => (
              <Flex wrap gap={4}>
                {list.map((p) => (
                  <Tag key={p}>{labelOf(p)}</Tag>
                ))}
              </Flex>
            ),
          },
          {
            title: t('common.createdAt'),
            dataIndex: 'createdAt',
            width: 170,
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 140,
            render: (_: unknown, role) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(role)}>
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('rolesPage.deleteConfirm', { name: role.roleName })}
                  okButtonProps={{ danger: true, 'data-testid': 'confirm-delete-role' }}
                  onConfirm={() => handleDelete(role)}
                >
                  <Button type="link" size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <RoleFormModal
        role={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) void refresh();
        }}
      />
    </Card>
  );
}
