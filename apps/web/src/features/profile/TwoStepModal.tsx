import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { twoStepBody, newPassword } from '@cst/shared';
import { zodRule } from '../../lib/form/zodRule.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { samePasswordRule } from '../auth/passwordRules.ts';
import { profileApi } from './api.ts';

/** Props of {@link TwoStepModal}. */
export interface TwoStepModalProps {
  /** `set` sets or changes the two-step password; `clear` removes it. */
  mode: 'set' | 'clear' | null;
  onClose: (changed: boolean) => void;
}

interface TwoStepForm {
  password: string;
  twoStepPassword?: string;
  confirm?: string;
}

/** Sets, changes or clears the two-step password; the login password confirms the change. */
export function TwoStepModal({ mode, onClose }: TwoStepModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TwoStepForm>();
  const [saving, setSaving] = useState(false);

  const handleOk = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const res = await profileApi.twoStep({
        password: values.password,
        twoStepPassword: mode === 'set' ? (values.twoStepPassword ?? '') : '',
      });
      const { user, setUser } = useSession.getState();
      if (user) setUser({ ...user, twoStepEnabled: res.twoStepEnabled });
      void message.success(t(mode === 'set' ? 'profile.twoStepSet' : 'profile.twoStepCleared'));
      onClose(true);
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t(mode === 'clear' ? 'profile.clearTwoStep' : 'profile.setTwoStep')}
      open={mode !== null}
      onCancel={() => onClose(false)}
      onOk={() => void handleOk().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" clearOnDestroy>
        <Form.Item
          name="password"
          label={t('profile.loginPassword')}
          required
          rules={[zodRule(twoStepBody.shape.password, t, t('profile.loginPassword'))]}
        >
          <Input.Password autoComplete="current-password" data-testid="two-step-login-password" />
        </Form.Item>
        {mode === 'set' && (
          <>
            <Form.Item
              name="twoStepPassword"
              label={t('profile.twoStepPassword')}
              required
              rules={[zodRule(newPassword, t, t('profile.twoStepPassword'))]}
            >
              <Input.Password autoComplete="new-password" data-testid="two-step-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t('profile.confirmTwoStep')}
              required
              dependencies={['twoStepPassword']}
              rules={[samePasswordRule('twoStepPassword', t)]}
            >
              <Input.Password autoComplete="new-password" data-testid="two-step-confirm" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
