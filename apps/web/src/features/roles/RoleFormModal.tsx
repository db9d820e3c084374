import { App, Checkbox, Col, Form, Input, Modal, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleBody, type RoleBody, type RoleItem } from '@cst/shared';
import { zodRule } from '../../lib/form/zodRule.ts';
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
  const [form] = Form.useForm<RoleBody>();
  const [saving, setSaving] = useState(false);
  const { data: permissions = [] } = useQuery({
    queryKey: rolesKeys.permissions,
    queryFn: rolesApi.permissions,
    staleTime: Infinity,
    enabled: role !== null,
  });
  const editing = role !== null && role !== 'new' ? role : null;

  const handleOk = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      if (editing) await rolesApi.edit({ id: editing.id, ...values });
      else await rolesApi.add(values);
      void message.success(t('common.saved'));
      onClose(true);
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t(editing ? 'rolesPage.edit' : 'rolesPage.add')}
      open={role !== null}
      onCancel={() => onClose(false)}
      onOk={() => void handleOk().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
      width={640}
      okButtonProps={{ 'data-testid': 'role-form-ok' }}
    >
      <Form
        form={form}
        layout="vertical"
        clearOnDestroy
        initialValues={{ roleName: editing?.roleName, permissions: editing?.permissions ?? [] }}
      >
        <Form.Item
          name="roleName"
          label={t('rolesPage.roleName')}
          required
          rules={[zodRule(roleBody.shape.roleName, t, t('rolesPage.roleName'))]}
        >
          <Input placeholder={t('rolesPage.roleNamePlaceholder')} data-testid="role-name" />
        </Form.Item>
        <Form.Item
          name="permissions"
          label={t('rolesPage.permissions')}
          required
          rules={[zodRule(roleBody.shape.permissions, t, t('rolesPage.permissions'))]}
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
        </Form.Item>
      </Form>
    </Modal>
  );
}
