import { App, Checkbox, Col, Input, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roleBody, type RoleBody, type RoleItem } from '@cst/shared';
import { FormField, FormModal } from '../../components/listPage/index.ts';
import { rolesApi, rolesKeys } from './api.ts';

/** Props of {@link RoleFormModal}. */
export interface RoleFormModalProps {
  /** The role to edit, `'new'` to add one, null when closed. */
  role: RoleItem | 'new' | null;
  onClose: (saved: boolean) => void;
}

/** Adds or edits a role: a name and at least one permission from the server's list. */
export function RoleFormModal({ role, onClose }: RoleFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data: permissions = [] } = useQuery({
    queryKey: rolesKeys.permissions,
    queryFn: rolesApi.permissions,
    staleTime: Infinity,
    enabled: role !== null,
  });
  const editing = role !== null && role !== 'new' ? role : null;

  const handleSubmit = async (values: RoleBody) => {
    if (editing) await rolesApi.edit({ id: editing.id, ...values });
    else await rolesApi.add(values);
    void message.success(t('common.saved'));
  };

  return (
    <FormModal<RoleBody>
      title={t(editing ? 'rolesPage.edit' : 'rolesPage.add')}
      open={role !== null}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={640}
      okTestId="role-form-ok"
      initialValues={{ roleName: editing?.roleName, permissions: editing?.permissions ?? [] }}
    >
      <FormField name="roleName" label={t('rolesPage.roleName')} schema={roleBody.shape.roleName}>
        <Input placeholder={t('rolesPage.roleNamePlaceholder')} data-testid="role-name" />
      </FormField>
      <FormField
        name="permissions"
        label={t('rolesPage.permissions')}
        schema={roleBody.shape.permissions}
      >
        <Checkbox.Group style={{ width: '100%' }} data-testid="role-permissions">
          <Row gutter={[8, 8]}>
            {permissions.map((p) => (
              <Col span={12} key={p.key}>
                <Checkbox value={p.key} data-testid={`perm-${p.key}`}>
                  {p.label}
                </Checkbox>
              </Col>
            ))}
          </Row>
        </Checkbox.Group>
      </FormField>
    </FormModal>
  );
}
