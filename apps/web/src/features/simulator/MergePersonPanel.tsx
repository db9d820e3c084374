import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { simulatorApi, type SimAccount } from './api.ts';
import { OnlineAccountField } from './OnlineAccountField.tsx';

/** Props of {@link MergePersonPanel}. */
export interface MergePersonPanelProps {
  accounts: SimAccount[];
}

interface Values {
  workWxid: string;
  wxid: string;
  newWxid: string;
}

/**
 * The platform gives a contact a new id (as WhatsApp moves people to `@lid`): the console shows
 * one chat for the person, the old id kept as an alias.
 */
export function MergePersonPanel({ accounts }: MergePersonPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);

  const handleFinish = async (v: Values) => {
    setSending(true);
    try {
      const r = await simulatorApi.mergePerson(v.workWxid, v.wxid.trim(), v.newWxid.trim());
      void message.success(t('simulator.mergeDone', { from: v.wxid.trim(), to: r.wxid }));
    } catch {
      // The client has shown the server's message.
    } finally {
      setSending(false);
    }
  };

  return (
    <Card title={t('simulator.mergeTitle')} size="small">
      <Typography.Paragraph type="secondary">{t('simulator.mergeHint')}</Typography.Paragraph>
      <Form<Values>
        layout="vertical"
        onFinish={(v) => void handleFinish(v)}
        data-testid="sim-merge-person"
      >
        <OnlineAccountField accounts={accounts} />
        <Form.Item
          name="wxid"
          label={t('simulator.mergeFrom')}
          rules={[{ required: true, whitespace: true, message: t('simulator.mergeFrom') }]}
        >
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item
          name="newWxid"
          label={t('simulator.mergeTo')}
          rules={[{ required: true, whitespace: true, message: t('simulator.mergeTo') }]}
        >
          <Input maxLength={128} placeholder="123456789012345@lid" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending}>
          {t('simulator.mergeSend')}
        </Button>
      </Form>
    </Card>
  );
}
