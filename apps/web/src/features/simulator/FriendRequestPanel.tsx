import { App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_GREETING_LENGTH } from '@cst/shared';
import { simulatorApi, type SimAccount } from './api.ts';
import { OnlineAccountField } from './OnlineAccountField.tsx';

/** Props of {@link FriendRequestPanel}. */
export interface FriendRequestPanelProps {
  accounts: SimAccount[];
}

interface Values {
  workWxid: string;
  fromWxid?: string;
  verifyContent?: string;
}

/** A person (a new stranger, or a given id) asks a work account to be friends. */
export function FriendRequestPanel({ accounts }: FriendRequestPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);

  const handleFinish = async (v: Values) => {
    setSending(true);
    try {
      const r = await simulatorApi.friendRequest({
        workWxid: v.workWxid,
        fromWxid: v.fromWxid?.trim() || undefined,
        verifyContent: v.verifyContent?.trim() ?? '',
      });
      void message.success(t('simulator.friendRequestSent', { wxid: r.fromWxid }));
    } catch {
      // The client has shown the server's message.
    } finally {
      setSending(false);
    }
  };

  return (
    <Card title={t('simulator.friendRequestTitle')} size="small">
      <Form<Values>
        layout="vertical"
        onFinish={(v) => void handleFinish(v)}
        data-testid="sim-friend-request"
      >
        <OnlineAccountField accounts={accounts} />
        <Form.Item name="fromWxid" label={t('simulator.friendRequestFrom')}>
          <Input allowClear placeholder={t('simulator.friendRequestFromHint')} maxLength={128} />
        </Form.Item>
        <Form.Item name="verifyContent" label={t('simulator.friendRequestGreeting')}>
          <Input maxLength={MAX_GREETING_LENGTH} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending}>
          {t('simulator.friendRequestSend')}
        </Button>
      </Form>
    </Card>
  );
}
