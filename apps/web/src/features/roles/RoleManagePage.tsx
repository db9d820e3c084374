import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleItem } from '@cst/shared';
import { ListScreen, useListPage } from '../../components/listPage/index.ts';
import { rolesApi, rolesKeys } from './api.ts';
import { RoleFormModal } from './RoleFormModal.tsx';

/** Role management: roles are named sets of permissions given to sub-accounts. */
export function RoleManagePage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<RoleItem | 'new' | null>(null);
  const { data: permissions = [] } = useQuery({
    queryKey: rolesKeys.permissions,
    queryFn: rolesApi.permissions,
    staleTime: Infinity,
  });
  const labelOf = (key: string) =>
    permissions.find((p) => p.key === key)?.label ?? t(`perm.${key}`);
  const page = useListPage({
    key: rolesKeys.all,
    frame: { title: 'rolesPage.title', testId: 'role-manage' },
    fetch: rolesApi.list,
    rowKey: 'id',
    toolbar: {
      add: { label: 'rolesPage.add', onClick: () => setEditing('new'), testId: 'add-role' },
    },
    filters: [{ kind: 'search', name: 'keyword', placeholder: 'rolesPage.searchPlaceholder' }],
    empty: { title: 'rolesPage.empty', hint: 'rolesPage.emptyHint' },
    columns: [
      { kind: 'text', title: 'rolesPage.roleName', field: 'roleName', width: 180 },
      {
        kind: 'tag',
        title: 'rolesPage.permissions',
        field: 'permissions',
        width: 420,
        label: labelOf,
      },
      { kind: 'time', title: 'common.createdAt', field: 'createdAt' },
      {
        kind: 'actions',
        width: 140,
        edit: setEditing,
        remove: {
          target: (role) => role.roleName,
          testId: (role) => `delete-role-${role.roleName}`,
          run: (role) => rolesApi.remove(role.id),
        },
      },
    ],
  });

  return (
    <ListScreen page={page}>
      <RoleFormModal role={editing} onClose={page.afterSave(setEditing)} />
    </ListScreen>
  );
}
