import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiSettingsView } from '@cst/shared';
import { aiApi, aiKeys } from './api.ts';

interface Values {
  enabled: boolean;
  baseUrl: string;
  model: string;
  sttModel: string;
  apiKey: string;
  monthlyTokenBudget: number | null;
}

/** A text field's value, trimmed (empty before the settings have filled the form). */
const text = (v: string | undefined) => (v ?? '').trim();

function valuesOf(s: AiSettingsView): Values {
  return {
    enabled: s.enabled,
    baseUrl: s.baseUrl ?? '',
    model: s.model ?? '',
    sttModel: s.sttModel ?? '',
    apiKey: '',
    monthlyTokenBudget: s.monthlyTokenBudget,
  };
}

/** `/settings/ai`: the tenant's AI provider (key sealed, shown as a hint), budget and usage. */
export function AiSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [test, setTest] = useState<{ ok: boolean; text: string } | null>(null);
  const { data } = useQuery({ queryKey: aiKeys.settings, queryFn: aiApi.settings });
  useEffect(() => {
    if (data) form.setFieldsValue(valuesOf(data));
  }, [data, form]);

  const body = (v: Partial<Values>) => ({
    enabled: v.enabled ?? true,
    baseUrl: text(v.baseUrl),
    model: text(v.model),
    sttModel: text(v.sttModel),
    ...(text(v.apiKey) ? { apiKey: text(v.apiKey) } : {}),
    monthlyTokenBudget: v.monthlyTokenBudget ?? null,
  });
  const save = async (v: Values) => {
    setBusy('save');
    try {
      const saved = await aiApi.saveSettings(body(v));
      client.setQueryData(aiKeys.settings, saved);
      await client.invalidateQueries({ queryKey: aiKeys.capability });
      form.setFieldValue('apiKey', '');
      void message.success(t('ai.saved'));
    } finally {
      setBusy(null);
    }
  };
  const runTest = async () => {
    const v: Partial<Values> = form.getFieldsValue();
    setBusy('test');
    setTest(null);
    try {
      const r = await aiApi.test({
        ...(text(v.baseUrl) ? { baseUrl: text(v.baseUrl) } : {}),
        ...(text(v.model) ? { model: text(v.model) } : {}),
        ...(text(v.apiKey) ? { apiKey: text(v.apiKey) } : {}),
      });
      setTest({
        ok: r.ok,
        text: r.ok
          ? t('ai.testOk', { model: r.model, ms: r.latencyMs })
          : t('ai.testFailed', { message: r.message ?? '' }),
      });
    } finally {
      setBusy(null);
    }
  };
  const clearKey = async () => {
    const saved = await aiApi.saveSettings({ ...body(form.getFieldsValue()), apiKey: '' });
    client.setQueryData(aiKeys.settings, saved);
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <Typography.Title level={4}>{t('ai.settingsTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('ai.settingsIntro')}</Typography.Paragraph>
      {data && (
        <Alert
          type={data.platform ? 'info' : 'warning'}
          showIcon
          title={
            data.platform
              ? t('ai.platformDefault', { model: data.platform.model })
              : t('ai.noPlatformDefault')
          }
        />
      )}
      <Card>
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void save(v)}
          data-testid="ai-settings"
        >
          <Form.Item name="enabled" label={t('ai.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="baseUrl" label={t('ai.baseUrl')}>
            <Input placeholder={t('ai.baseUrlPlaceholder')} data-testid="ai-base-url" />
          </Form.Item>
          <Form.Item name="model" label={t('ai.model')}>
            <Input placeholder="gpt-4o-mini / deepseek-chat / qwen-plus / qwen2.5:7b" />
          </Form.Item>
          <Form.Item
            name="apiKey"
            label={t('ai.apiKey')}
            extra={
              data?.apiKeyHint ? (
                <span>
                  {t('ai.apiKeyKeep', { hint: data.apiKeyHint })}{' '}
                  <Typography.Link onClick={() => void clearKey()}>
                    {t('ai.apiKeyClear')}
                  </Typography.Link>
                </span>
              ) : undefined
            }
          >
            <Input.Password autoComplete="new-password" placeholder={data?.apiKeyHint ?? ''} />
          </Form.Item>
          <Form.Item name="sttModel" label={t('ai.sttModel')}>
            <Input placeholder={t('ai.sttPlaceholder')} />
          </Form.Item>
          <Form.Item name="monthlyTokenBudget" label={t('ai.budget')}>
            <InputNumber min={0} style={{ width: 240 }} placeholder={t('ai.budgetPlaceholder')} />
          </Form.Item>
          {test && (
            <Alert
              type={test.ok ? 'success' : 'error'}
              showIcon
              title={test.text}
              data-testid="ai-test-result"
              style={{ marginBottom: 16 }}
            />
          )}
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={busy === 'save'}>
              {t('ai.save')}
            </Button>
            <Button onClick={() => void runTest()} loading={busy === 'test'} data-testid="ai-test">
              {t('ai.test')}
            </Button>
          </Flex>
        </Form>
      </Card>
      {data && (
        <Card
          title={t('ai.usageTitle', { month: data.usage.month })}
          extra={t('ai.usageTotal', { n: data.usage.totalTokens })}
        >
          <Table
            size="small"
            rowKey="feature"
            pagination={false}
            dataSource={data.usage.byFeature}
            columns={[
              {
                title: t('ai.feature'),
                dataIndex: 'feature',
                render: (f: string) => t(`ai.features.${f}`, { defaultValue: f }),
              },
              { title: t('ai.calls'), dataIndex: 'calls' },
              { title: t('ai.promptTokens'), dataIndex: 'promptTokens' },
              { title: t('ai.completionTokens'), dataIndex: 'completionTokens' },
            ]}
          />
        </Card>
      )}
    </Flex>
  );
}
