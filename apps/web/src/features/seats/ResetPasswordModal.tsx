import { App, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { resetPwdBody, type UserItem } from '@cst/shared';
import { FormField, FormModal } from '../../components/listPage/index.ts';
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

  const handleSubmit = async ({ password }: { password: string }) => {
    if (!user) return;
    await usersApi.resetPassword({ uid: user.uid, password });
    void message.success(t('seats.passwordReset'));
  };

  return (
    <FormModal<{ password: string; confirm: string }>
      title={t('seats.resetPasswordOf', { name: user?.nickname ?? '' })}
      open={user !== null}
      onSubmit={handleSubmit}
      onClose={onClose}
      okTestId="reset-password-ok"
    >
      <FormField
        name="password"
        label={t('seats.newPassword')}
        schema={resetPwdBody.shape.password}
      >
        <Input.Password autoComplete="new-password" data-testid="reset-password" />
      </FormField>
      <FormField
        name="confirm"
        label={t('seats.confirmPassword')}
        required
        dependencies={['password']}
        rules={[samePasswordRule('password', t)]}
      >
        <Input.Password autoComplete="new-password" data-testid="reset-confirm" />
      </FormField>
    </FormModal>
  );
}
