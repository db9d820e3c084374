import { App, Form, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateProfileBody, type Profile, type UpdateProfileBody } from '@cst/shared';
import { zodRule } from '../../lib/form/zodRule.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { profileApi } from './api.ts';

/** Props of {@link EditProfileModal}. */
export interface EditProfileModalProps {
  profile: Profile | null;
  onClose: () => void;
}

/** Edits the nickname and avatar of the signed-in user. */
export function EditProfileModal({ profile, onClose }: EditProfileModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UpdateProfileBody>();
  const [saving, setSaving] = useState(false);

  const handleOk = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const saved = await profileApi.update({
        nickname: values.nickname,
        avatar: values.avatar || null,
      });
      const { user, setUser } = useSession.getState();
      if (user) setUser({ ...user, nickname: saved.nickname, avatar: saved.avatar });
      queryClient.setQueryData(['profile'], saved);
      void message.success(t('common.saved'));
      onClose();
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('profile.editProfile')}
      open={profile !== null}
      onCancel={onClose}
      onOk={() => void handleOk().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        clearOnDestroy
        initialValues={{ nickname: profile?.nickname, avatar: profile?.avatar ?? '' }}
      >
        <Form.Item
          name="nickname"
          label={t('profile.nickname')}
          required
          rules={[zodRule(updateProfileBody.shape.nickname, t, t('profile.nickname'))]}
        >
          <Input data-testid="profile-nickname" />
        </Form.Item>
        <Form.Item
          name="avatar"
          label={t('profile.avatar')}
          extra={t('profile.avatarHelp')}
          rules={[zodRule(updateProfileBody.shape.avatar, t, t('profile.avatar'))]}
        >
          <Input data-testid="profile-avatar" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
