import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  InputNumber,
  Radio,
  Select,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AutoAgreeItem } from '@cst/shared';
import { TagSelect } from '../tags/TagSelect.tsx';
import { AccountScopeSelect } from './AccountScopeSelect.tsx';
import { robotsApi, robotsKeys } from './api.ts';

interface Values {
  enabled: boolean;
  mode: 'all' | 'words';
  keywords: string[];
  delayMinSec: number;
  delayMaxSec: number;
  dailyCap: number;
  tagIds: string[];
}

function valuesOf(s: AutoAgreeItem): Values {
  return {
    enabled: s.enabled,
    mode: s.keywords.length > 0 ? 'words' : 'all',
    keywords: s.keywords,
    delayMinSec: s.delayMinSec,
    delayMaxSec: s.delayMaxSec,
    dailyCap: s.dailyCap,
    tagIds: s.tagIds,
  };
}

/** `robotPassFriend`: auto-accept of friend requests, per work account or the default. */
export function AutoAcceptPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const workWxid = search.get('workWxid') ?? '';
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const { data } = useQuery({
    queryKey: robotsKeys.accept(workWxid),
    queryFn: () => robotsApi.getAccept(workWxid),
  });
  useEffect(() => {
    if (data) form.setFieldsValue(valuesOf(data));
  }, [data, form]);
  const mode = Form.useWatch('mode', form);
  const handleSave = async (v: Values) => {
    setSaving(true);
    try {
      const saved = await robotsApi.saveAccept({
        workWxid: workWxid || undefined,
        enabled: v.enabled,
        keywords: v.mode === 'words' ? v.keywords : [],
        delayMinSec: v.delayMinSec,
        delayMaxSec: v.delayMaxSec,
        dailyCap: v.dailyCap,
        tagIds: v.tagIds ?? [],
      });
      client.setQueryData(robotsKeys.accept(workWxid), saved);
      void message.success(t('common.saved'));
    } catch {
      // The client showed the server's message.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={t('robots.accept.title')} className="page" data-testid="robot-accept-page">
      <Flex vertical gap={16} style={{ maxWidth: 720 }}>
        <Typography.Text type="secondary">{t('robots.accept.hint')}</Typography.Text>
        <Flex gap={8} align="center" wrap>
          <span>{t('robots.scope')}</span>
          <AccountScopeSelect
            value={workWxid}
            onChange={(w) => setSearch(w ? { workWxid: w } : {})}
            testId="robot-accept-scope"
          />
          {data && workWxid && (
            <Typography.Text data-testid="robot-accept-today">
              {t('robots.accept.today', { count: data.acceptedToday })}
            </Typography.Text>
          )}
        </Flex>
        {data?.inherited && <Alert type="info" showIcon message={t('robots.inherited')} />}
        <Form form={form} layout="vertical" onFinish={(v) => void handleSave(v)}>
          <Form.Item name="enabled" label={t('robots.accept.enabled')} valuePropName="checked">
            <Switch data-testid="robot-accept-enabled" />
          </Form.Item>
          <Form.Item name="mode" label={t('robots.accept.mode')}>
            <Radio.Group>
              <Radio value="all">{t('robots.accept.all')}</Radio>
              <Radio value="words">{t('robots.accept.words')}</Radio>
            </Radio.Group>
          </Form.Item>
          {mode === 'words' && (
            <Form.Item
              name="keywords"
              label={t('robots.accept.keywords')}
              extra={t('robots.accept.keywordsHint')}
              rules={[{ required: true, message: t('msg.keywordTargetRequired') }]}
            >
              <Select mode="tags" open={false} maxCount={50} data-testid="robot-accept-keywords" />
            </Form.Item>
          )}
          <Form.Item label={t('robots.accept.delay')}>
            <Flex gap={8} align="center">
              <Form.Item name="delayMinSec" noStyle>
                <InputNumber
                  min={0}
                  max={86_400}
                  precision={0}
                  addonBefore={t('robots.accept.delayMin')}
                />
              </Form.Item>
              <span>—</span>
              <Form.Item
                name="delayMaxSec"
                noStyle
                dependencies={['delayMinSec']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v: number) =>
                      v >= (getFieldValue('delayMinSec') as number)
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('msg.robotDelayRange'))),
                  }),
                ]}
              >
                <InputNumber
                  min={0}
                  max={86_400}
                  precision={0}
                  addonBefore={t('robots.accept.delayMax')}
                />
              </Form.Item>
            </Flex>
          </Form.Item>
          <Form.Item name="dailyCap" label={t('robots.accept.dailyCap')}>
            <InputNumber min={1} max={5000} precision={0} data-testid="robot-accept-cap" />
          </Form.Item>
          <Form.Item name="tagIds" label={t('robots.accept.tags')}>
            <TagSelect width={360} testId="robot-accept-tags" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="robot-accept-save">
            {t('common.save')}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}
