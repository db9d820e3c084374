import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePwdBody, type ChangePwdBody } from '@cst/shared';
import { zodRule } from '../../lib/form/zodRule.ts';
import { fullLogout } from '../../lib/session/logout.ts';
import { samePasswordRule } from '../auth/passwordRules.ts';
import { profileApi } from './api.ts';

/** Props of {@link ChangePasswordModal}. */
export interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
}

/** Changes the login password (old password required), then logs out to sign in again. */
export function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePwdBody & { confirm: string }>();
  const [saving, setSaving] = useState(false);

  const handleOk = async () => {
    const { confirm: _c, ...body } = await form.validateFields();
    setSaving(true);
    try {
      await profileApi.changePassword(body);
      void message.success(t('profile.passwordChanged'));
      onClose();
      setTimeout(() => void fullLogout({ callServer: true }), 1200);
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('profile.changePassword')}
      open={open}
      onCancel={onClose}
      onOk={() => void handleOk().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'change-password-ok' }}
    >
      <Form form={form} layout="vertical" clearOnDestroy>
        <Form.Item
          name="oldPassword"
          label={t('profile.oldPassword')}
          required
          rules={[zodRule(changePwdBody.shape.oldPassword, t, t('profile.oldPassword'))]}
        >
          <Input.Password autoComplete="current-password" data-testid="old-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('profile.newPassword')}
          required
          rules={[zodRule(changePwdBody.shape.newPassword, t, t('profile.newPassword'))]}
        >
          <Input.Password autoComplete="new-password" data-testid="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('profile.confirmPassword')}
          required
          dependencies={['newPassword']}
          rules={[samePasswordRule('newPassword', t)]}
        >
          <Input.Password autoComplete="new-password" data-testid="confirm-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
