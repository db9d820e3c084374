import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiReplySettings } from '@cst/shared';
import { useRobotAccounts } from '../robots/useRobotAccounts.ts';
import { aiApi, aiKeys } from './api.ts';
import { AiDisabledHint } from './AiDisabledHint.tsx';
import { useAiAccess } from './useAiAccess.ts';

type Values = Omit<AiReplySettings, 'workWxids'> & { workWxids: string[] };

/** The AI robot of work accounts, beside the keyword replies (`/task-api/ai-reply/*`). */
export function AiRobotPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const access = useAiAccess();
  const accounts = useRobotAccounts();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const first = Form.useWatch('workWxids', form)?.[0] ?? '';
  const { data } = useQuery({
    queryKey: aiKeys.robot(''),
    queryFn: () => aiApi.robot(),
    enabled: access.ready,
  });
  const { data: one } = useQuery({
    queryKey: aiKeys.robot(first),
    queryFn: () => aiApi.robot(first),
    enabled: access.ready && Boolean(first),
  });
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  useEffect(() => {
    if (one) {
      const { workWxids: _ignored, ...rest } = one;
      form.setFieldsValue(rest);
    }
  }, [one, form]);

  const save = async (v: Values) => {
    setSaving(true);
    try {
      await aiApi.saveRobot(v);
      await client.invalidateQueries({ queryKey: ['ai', 'robot'] });
      void message.success(t('ai.saved'));
    } finally {
      setSaving(false);
    }
  };

  return (
    // In one card with its title, as the other robot and settings pages are.
    <Card title={t('ai.robotTitle')} className="page" data-testid="ai-robot-page">
      <Flex vertical gap={16} style={{ maxWidth: 760 }}>
        <Typography.Text type="secondary">{t('ai.robotIntro')}</Typography.Text>
        {!access.ready && (
          <Typography.Text type="warning">
            <AiDisabledHint reason={access.reason} />
          </Typography.Text>
        )}
        <Form
          form={form}
          layout="vertical"
          disabled={!access.ready}
          onFinish={(v) => void save(v)}
          data-testid="ai-robot-form"
          initialValues={{
            enabled: false,
            instructions: '',
            handoffKeywords: ['人工'],
            maxRepliesPerConversation: 10,
            replyDelaySec: 0,
            libraries: ['phrases', 'materials'],
            dailyCap: 500,
            workWxids: [],
          }}
        >
          <Form.Item
            name="workWxids"
            label={t('ai.robotAccounts')}
            rules={[{ required: true, message: t('msg.aiRobotAccountsRequired') }]}
          >
            <Select mode="multiple" options={accounts} optionFilterProp="label" />
          </Form.Item>
          <Form.Item name="enabled" label={t('ai.robotEnabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="instructions" label={t('ai.instructions')}>
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 10 }}
              maxLength={4000}
              placeholder={t('ai.instructionsPlaceholder')}
            />
          </Form.Item>
          <Form.Item name="handoffKeywords" label={t('ai.handoffKeywords')}>
            <Select mode="tags" tokenSeparators={[',', '，']} />
          </Form.Item>
          <Flex gap={16} wrap>
            <Form.Item name="maxRepliesPerConversation" label={t('ai.maxReplies')}>
              <InputNumber min={1} max={1000} />
            </Form.Item>
            <Form.Item name="replyDelaySec" label={t('ai.replyDelay')}>
              <InputNumber min={0} max={3600} />
            </Form.Item>
            <Form.Item name="dailyCap" label={t('ai.dailyCap')}>
              <InputNumber min={1} max={100000} />
            </Form.Item>
          </Flex>
          <Form.Item name="libraries" label={t('ai.libraries')}>
            <Checkbox.Group
              options={[
                { value: 'phrases', label: t('ai.libPhrases') },
                { value: 'materials', label: t('ai.libMaterials') },
              ]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('ai.save')}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}
