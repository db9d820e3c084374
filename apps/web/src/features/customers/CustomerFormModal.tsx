import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addUserBody, requiredString, type UserItem } from '@cst/shared';
import { zodRule } from '../../lib/form/zodRule.ts';
import { usersApi } from '../seats/api.ts';

/** Props of {@link CustomerFormModal}. */
export interface CustomerFormModalProps {
  /** The customer (its manager) to edit, `'new'` to add one, null when closed. */
  customer: UserItem | 'new' | null;
  onClose: (saved: boolean) => void;
}

interface CustomerForm {
  tenantName: string;
  username: string;
  password: string;
  nickname: string;
}

const tenantNameRule = requiredString('tenantNameRequired', 64);

/** Adds a customer (a new tenant with its manager) or edits its company name and manager name. */
export function CustomerFormModal({ customer, onClose }: CustomerFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CustomerForm>();
  const [saving, setSaving] = useState(false);
  const editing = customer !== null && customer !== 'new' ? customer : null;

  const handleOk = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      if (editing)
        await usersApi.edit({ uid: editing.uid, tenantName: v.tenantName, nickname: v.nickname });
      else await usersApi.add(v);
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
      title={t(editing ? 'customers.edit' : 'customers.add')}
      open={customer !== null}
      onCancel={() => onClose(false)}
      onOk={() => void handleOk().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'customer-form-ok' }}
    >
      <Form
        form={form}
        layout="vertical"
        clearOnDestroy
        initialValues={
          editing ? { tenantName: editing.tenantName, nickname: editing.nickname } : {}
        }
      >
        <Form.Item
          name="tenantName"
          label={t('customers.tenantName')}
          required
          rules={[zodRule(tenantNameRule, t, t('customers.tenantName'))]}
        >
          <Input data-testid="customer-tenant" />
        </Form.Item>
        {!editing && (
          <>
            <Form.Item
              name="username"
              label={t('customers.username')}
              required
              rules={[zodRule(addUserBody.shape.username, t, t('customers.username'))]}
            >
              <Input autoComplete="off" data-testid="customer-username" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('customers.password')}
              required
              rules={[zodRule(addUserBody.shape.password, t, t('customers.password'))]}
            >
              <Input.Password autoComplete="new-password" data-testid="customer-password" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="nickname"
          label={t('customers.nickname')}
          required
          rules={[zodRule(addUserBody.shape.nickname, t, t('customers.nickname'))]}
        >
          <Input data-testid="customer-nickname" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
