import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, InputNumber, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccountScopeSelect } from './AccountScopeSelect.tsx';
import { robotsApi, robotsKeys } from './api.ts';
import { cleanMessages, RobotMessagesEditor } from './RobotMessagesEditor.tsx';

interface Values {
  enabled: boolean;
  messages: Record<string, unknown>[];
  intervalSec: number;
}

/** `robotPassFriendReply`: the greeting sent after a request is accepted. */
export function GreetingPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const workWxid = search.get('workWxid') ?? '';
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const { data } = useQuery({
    queryKey: robotsKeys.reply(workWxid),
    queryFn: () => robotsApi.getReply(workWxid),
  });
  useEffect(() => {
    if (!data) return;
    form.setFieldsValue({
      enabled: data.messages.length > 0 ? data.enabled : true,
      messages: data.messages.length > 0 ? data.messages : [{ kind: 'text', content: '' }],
      intervalSec: data.intervalSec,
    });
  }, [data, form]);
  const handleSave = async (v: Values) => {
    const messages = cleanMessages(v.messages);
    if (messages.length === 0) {
      void message.error(t('msg.textOrImageRequired'));
      return;
    }
    setSaving(true);
    try {
      const saved = await robotsApi.saveReply({
        workWxid: workWxid || undefined,
        enabled: v.enabled,
        messages,
        intervalSec: v.intervalSec,
      });
      client.setQueryData(robotsKeys.reply(workWxid), saved);
      void message.success(t('common.saved'));
    } catch {
      // The client showed the server's message.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={t('robots.reply.title')} className="page" data-testid="robot-reply-page">
      <Flex vertical gap={16} style={{ maxWidth: 720 }}>
        <Typography.Text type="secondary">{t('robots.reply.hint')}</Typography.Text>
        <Flex gap={8} align="center" wrap>
          <span>{t('robots.scope')}</span>
          <AccountScopeSelect
            value={workWxid}
            onChange={(w) => setSearch(w ? { workWxid: w } : {})}
            testId="robot-reply-scope"
          />
        </Flex>
        {data?.inherited && <Alert type="info" showIcon message={t('robots.inherited')} />}
        <Form form={form} layout="vertical" onFinish={(v) => void handleSave(v)}>
          <Form.Item name="enabled" label={t('robots.reply.enabled')} valuePropName="checked">
            <Switch data-testid="robot-reply-enabled" />
          </Form.Item>
          <Form.Item label={t('robots.reply.messages')} required>
            <RobotMessagesEditor name="messages" testId="robot-reply-messages" />
          </Form.Item>
          <Form.Item name="intervalSec" label={t('robots.reply.interval')}>
            <InputNumber min={0} max={3600} precision={0} data-testid="robot-reply-interval" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="robot-reply-save">
            {t('common.save')}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}
