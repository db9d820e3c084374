import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleItem } from '@cst/shared';
import {
  actionsColumn,
  AddButton,
  closeThenRefresh,
  DeleteButton,
  EmptyState,
  ListPage,
  ListTable,
  RowButton,
  SearchFilter,
  timeColumn,
  useListData,
  useListQuery,
} from '../../components/listPage/index.ts';
import { rolesApi, rolesKeys } from './api.ts';
import { RoleFormModal } from './RoleFormModal.tsx';

/** Role management: roles are named sets of permissions given to sub-accounts. */
export function RoleManagePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useListQuery(['keyword']);
  const [editing, setEditing] = useState<RoleItem | 'new' | null>(null);
  const { data, isFetching } = useListData([...rolesKeys.all, 'list'], q.params, rolesApi.list);
  const { data: permissions = [] } = useQuery({
    queryKey: rolesKeys.permissions,
    queryFn: rolesApi.permissions,
    staleTime: Infinity,
  });
  const labelOf = (key: string) =>
    permissions.find((p) => p.key === key)?.label ?? t(`perm.${key}`);
  const refresh = () => queryClient.invalidateQueries({ queryKey: rolesKeys.all });

  return (
    <ListPage
      title={t('rolesPage.title')}
      testId="role-manage"
      filters={
        <SearchFilter query={q} name="keyword" placeholder={t('rolesPage.searchPlaceholder')} />
      }
      actions={
        <AddButton onClick={() => setEditing('new')} testId="add-role">
          {t('rolesPage.add')}
        </AddButton>
      }
    >
      <ListTable<RoleItem>
        query={q}
        rowKey="id"
        data={data}
        loading={isFetching}
        empty={<EmptyState title={t('rolesPage.empty')} hint={t('rolesPage.emptyHint')} />}
        columns={[
          { title: t('rolesPage.roleName'), dataIndex: 'roleName', width: 180 },
          {
            title: t('rolesPage.permissions'),
            dataIndex: 'permissions',
            width: 420,
            render: (list: string[]) => (
              <Flex wrap gap={4}>
                {list.map((p) => (
                  <Tag key={p}>{labelOf(p)}</Tag>
                ))}
              </Flex>
            ),
          },
          timeColumn<RoleItem>(t('common.createdAt'), 'createdAt'),
          actionsColumn<RoleItem>(t('common.actions'), 140, (role) => (
            <>
              <RowButton onClick={() => setEditing(role)}>{t('common.edit')}</RowButton>
              <DeleteButton
                target={role.roleName}
                testId={`delete-role-${role.roleName}`}
                onDelete={async () => {
                  await rolesApi.remove(role.id);
                  void message.success(t('common.deleted'));
                  await refresh();
                }}
              />
            </>
          )),
        ]}
      />
      <RoleFormModal role={editing} onClose={closeThenRefresh(setEditing, refresh)} />
    </ListPage>
  );
}
