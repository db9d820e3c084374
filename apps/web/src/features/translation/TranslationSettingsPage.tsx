import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Alert, Button, Card, Form, Input, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  TRANSLATION_PROVIDER_FIELDS,
  TRANSLATION_PROVIDERS,
  type TranslateSettingsBody,
  type TranslationProviderId,
} from '@cst/shared';
import { translationApi } from './api.ts';

const FIELDS = ['baseUrl', 'appId', 'apiKey', 'model', 'region'] as const;

/** 设置 → 翻译服务: the tenant's provider, its key (masked once saved) and 测试连接. */
export function TranslationSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { data, refetch } = useQuery({
    queryKey: ['translate', 'settings'],
    queryFn: translationApi.settings,
  });
  const [form] = Form.useForm<TranslateSettingsBody>();
  const provider = Form.useWatch('provider', form) as TranslationProviderId | undefined;
  const [busy, setBusy] = useState<'save' | 'test' | 'reset' | null>(null);
  const [tested, setTested] = useState<{ languages: number; sample: string } | null>(null);
  if (!data) return <Spin />;

  const need = provider ? TRANSLATION_PROVIDER_FIELDS[provider] : {};
  const values = (): TranslateSettingsBody => {
    const v = form.getFieldsValue();
    const out: TranslateSettingsBody = { provider: v.provider };
    for (const f of FIELDS) if (need[f] !== undefined && v[f]) out[f] = v[f];
    return out;
  };
  const after = async () => {
    await qc.invalidateQueries({ queryKey: ['translate'] });
    await refetch();
    form.setFieldValue('apiKey', '');
  };
  const save = () => {
    setBusy('save');
    translationApi
      .saveSettings(values())
      .then(async () => {
        void message.success(t('translate.settings.saved'));
        await after();
      })
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  const test = () => {
    setBusy('test');
    setTested(null);
    translationApi
      .testSettings(values())
      .then(setTested)
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  const reset = () => {
    setBusy('reset');
    translationApi
      .resetSettings()
      .then(async () => {
        form.setFieldsValue({ provider: undefined });
        await after();
      })
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };

  return (
    <Card title={t('translate.settings.title')} data-testid="translation-settings">
      <Typography.Paragraph type="secondary">
        {data.provider
          ? t('translate.settings.using', { name: t(`translate.provider.${data.provider}`) })
          : data.platformDefault
            ? t('translate.settings.platform')
            : t('translate.settings.none')}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 520 }}
        initialValues={{
          provider: data.provider ?? undefined,
          baseUrl: data.baseUrl ?? undefined,
          appId: data.appId ?? undefined,
          model: data.model ?? undefined,
          region: data.region ?? undefined,
        }}
        onValuesChange={() => setTested(null)}
      >
        <Form.Item
          name="provider"
          label={t('translate.settings.provider')}
          extra={
            provider === 'ai' ? (
              <span data-testid="translation-ai-hint">
                {t('translate.settings.aiHint')}{' '}
                <Link to="/settings/ai">{t('translate.settings.aiSettings')}</Link>
              </span>
            ) : undefined
          }
        >
          <Select
            placeholder={t('translate.settings.choose')}
            data-testid="translation-provider"
            options={TRANSLATION_PROVIDERS.map((p) => ({
              value: p,
              label: t(`translate.provider.${p}`),
            }))}
          />
        </Form.Item>
        {FIELDS.filter((f) => need[f] !== undefined).map((f) => (
          <Form.Item
            key={f}
            name={f}
            label={t(`translate.settings.${f}`)}
            required={
              need[f] === true && !(f === 'apiKey' && data.provider === provider && data.keyHint)
            }
            extra={
              f === 'apiKey' && data.keyHint && data.provider === provider
                ? t('translate.settings.keyKept', { hint: data.keyHint })
                : f === 'baseUrl' && need.baseUrl === false
                  ? t('translate.settings.baseUrlOptional')
                  : undefined
            }
          >
            {f === 'apiKey' ? (
              <Input.Password
                autoComplete="new-password"
                placeholder={data.keyHint && data.provider === provider ? data.keyHint : undefined}
                data-testid={`translation-${f}`}
              />
            ) : (
              <Input data-testid={`translation-${f}`} />
            )}
          </Form.Item>
        ))}
        {tested ? (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="translation-test-ok"
            message={t('translate.settings.testOk', tested)}
          />
        ) : null}
        <Space>
          <Button
            type="primary"
            onClick={save}
            disabled={!provider}
            loading={busy === 'save'}
            data-testid="translation-save"
          >
            {t('translate.settings.save')}
          </Button>
          <Button
            onClick={test}
            disabled={!provider}
            loading={busy === 'test'}
            data-testid="translation-test"
          >
            {t('translate.settings.test')}
          </Button>
          {data.provider ? (
            <Button onClick={reset} loading={busy === 'reset'} data-testid="translation-reset">
              {t('translate.settings.reset')}
            </Button>
          ) : null}
        </Space>
      </Form>
    </Card>
  );
}
