import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { friendRemarkBody, MAX_REMARK_LENGTH, type FriendItem } from '@cst/shared';
import { zodRule } from '../../lib/form/zodRule.ts';
import { userCardApi } from '../userCard/api.ts';

/** Props of {@link RemarkModal}. */
export interface RemarkModalProps {
  friend: FriendItem | null;
  onClose: () => void;
  onSaved: (friend: FriendItem) => void;
}

/**
 * Edits a friend's remark (SPEC §5): empty is refused with '备注名不能为空', an unchanged value just
 * closes, then SPEC §8's success or failure message.
 */
export function RemarkModal({ friend, onClose, onSaved }: RemarkModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ remark: string }>();
  const [saving, setSaving] = useState(false);

  const handleFinish = async ({ remark }: { remark: string }) => {
    if (!friend) return;
    const next = remark.trim();
    if (next === friend.remark) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      await userCardApi.remark({
        remark: next,
        friendWxid: friend.friendWxid,
        uin: friend.workWxid,
      });
      void message.success(t('msg.friendRemarkChanged'));
      onSaved({ ...friend, remark: next });
      onClose();
    } catch {
      void message.error(t('msg.friendRemarkFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={friend !== null}
      title={t('friends.editRemark')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving, 'data-testid': 'friend-remark-save' } as never}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ remark: friend?.remark ?? '' }}
        onFinish={(v) => void handleFinish(v)}
        preserve={false}
      >
        <Form.Item
          name="remark"
          label={t('friends.remark')}
          rules={[zodRule(friendRemarkBody.shape.remark, t, t('friends.remark'))]}
        >
          <Input autoFocus maxLength={MAX_REMARK_LENGTH} data-testid="friend-remark-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
