import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetPwdBody, type UserItem } from '@cst/shared';
import { zodRule } from '../../lib/form/zodRule.ts';
import { samePasswordRule } from '../auth/passwordRules.ts';
import { usersApi } from './api.ts';

/** Props of {@link ResetPasswordModal}. */
export interface ResetPasswordModalProps {
  user: UserItem | null;
  onClose: () => void;
}

/** Sets a new password for a user (a seat, or a customer's manager for the platform admin). */
export function ResetPasswordModal({ user, onClose }: ResetPasswordModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [saving, setSaving] = useState(false);

  const handleOk = async () => {
    const { password } = await form.validateFields();
    if (!user) return;
    setSaving(true);
    try {
      await usersApi.resetPassword({ uid: user.uid, password });
      void message.success(t('seats.passwordReset'));
      onClose();
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('seats.resetPasswordOf', { name: user?.nickname ?? '' })}
      open={user !== null}
      onCancel={onClose}
      onOk={() => void handleOk().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'reset-password-ok' }}
    >
      <Form form={form} layout="vertical" clearOnDestroy>
        <Form.Item
          name="password"
          label={t('seats.newPassword')}
          required
          rules={[zodRule(resetPwdBody.shape.password, t, t('seats.newPassword'))]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('seats.confirmPassword')}
          required
          dependencies={['password']}
          rules={[samePasswordRule('password', t)]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
