import { App, Button, Card, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_GREETING_LENGTH } from '@cst/shared';
import { simulatorApi, type SimAccount } from './api.ts';

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
  const online = accounts.filter((a) => a.status === 'online');

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
        <Form.Item
          name="workWxid"
          label={t('simulator.account')}
          rules={[{ required: true, message: t('msg.workAccountRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={online.map((a) => ({ value: a.wxid, label: a.nickname || a.wxid }))}
          />
        </Form.Item>
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
