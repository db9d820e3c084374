import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addFriendsBody, MAX_GREETING_LENGTH, type FriendInfo } from '@cst/shared';
import { zodRule } from '../../lib/form/zodRule.ts';
import { userCardApi } from './api.ts';

/** Props of {@link AddFriendForm}. */
export interface AddFriendFormProps {
  info: FriendInfo;
  chatRoom?: string;
}

/**
 * The friend request of a card of someone who is not a friend: the greeting must not be empty
 * ('请填写申请备注'); success shows SPEC §8's text and the request as pending; a refusal shows the
 * server's message (already a contact, does not exist, the platform's reason).
 */
export function AddFriendForm({ info, chatRoom }: AddFriendFormProps) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const handleFinish = async ({ greeting }: { greeting: string }) => {
    setSending(true);
    try {
      const res = await userCardApi.addFriends({
        workerWxid: info.workWxid,
        verifyContent: greeting.trim(),
        charRoom: chatRoom,
        addFriends: [{ wxid: info.wxid, ticket: info.ticket || undefined, alias: info.alias }],
      });
      setSent(res.list[0]?.message ?? t('msg.friendRequestSent'));
    } catch {
      // The client has shown the server's message.
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return <Alert type="success" showIcon message={sent} data-testid="card-add-sent" />;
  }
  return (
    <Form layout="vertical" onFinish={(v) => void handleFinish(v)} data-testid="card-add-form">
      <Form.Item
        name="greeting"
        label={t('userCard.greeting')}
        rules={[zodRule(addFriendsBody.shape.verifyContent, t, t('userCard.greeting'))]}
      >
        <Input.TextArea
          rows={2}
          maxLength={MAX_GREETING_LENGTH}
          showCount
          placeholder={t('userCard.greetingPlaceholder')}
          data-testid="card-greeting"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending} data-testid="card-add-send">
        {t('userCard.send')}
      </Button>
    </Form>
  );
}
