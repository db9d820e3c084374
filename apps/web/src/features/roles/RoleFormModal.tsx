import { useQuery } from '@tanstack/react-query';
import { roleBody, type RoleBody, type RoleItem } from '@cst/shared';
import { EditFormModal } from '../../components/listPage/index.ts';
import { rolesApi, rolesKeys } from './api.ts';
import { PermissionPicker } from './PermissionPicker.tsx';

/** Props of {@link RoleFormModal}. */
export interface RoleFormModalProps {
  /** The role to edit, `'new'` to add one, null when closed. */
  role: RoleItem | 'new' | null;
  onClose: (saved: boolean) => void;
}

/** Adds or edits a role: a name and at least one permission from the server's list. */
export function RoleFormModal({ role, onClose }: RoleFormModalProps) {
  const { data: permissions = [] } = useQuery({
    queryKey: rolesKeys.permissions,
    queryFn: rolesApi.permissions,
    staleTime: Infinity,
    enabled: role !== null,
  });
  return (
    <EditFormModal<RoleBody, RoleItem>
      target={role}
      titles={{ add: 'rolesPage.add', edit: 'rolesPage.edit' }}
      onClose={onClose}
      width={640}
      okTestId="role-form-ok"
      initialValues={(r) => ({ roleName: r?.roleName, permissions: r?.permissions ?? [] })}
      onSubmit={(values, r) => (r ? rolesApi.edit({ id: r.id, ...values }) : rolesApi.add(values))}
      fields={[
        {
          kind: 'text',
          name: 'roleName',
          label: 'rolesPage.roleName',
          schema: roleBody.shape.roleName,
          placeholder: 'rolesPage.roleNamePlaceholder',
          testId: 'role-name',
        },
        {
          kind: 'custom',
          name: 'permissions',
          label: 'rolesPage.permissions',
          schema: roleBody.shape.permissions,
          input: <PermissionPicker options={permissions} />,
        },
      ]}
    />
  );
}
