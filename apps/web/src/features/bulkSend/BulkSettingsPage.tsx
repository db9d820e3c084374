import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, InputNumber, Radio, Select, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bulkSettings, pacingBeyond, type BulkSettings, type PacingNumbers } from '@cst/shared';
import { FormField } from '../../components/listPage/index.ts';
import { accountsApi, accountsKeys, usePlatform } from '../accounts/api.ts';
import { bulkSendApi, bulkSendKeys } from './api.ts';

type Values = Omit<BulkSettings, 'quietHours'> & { quiet?: [Dayjs, Dayjs] | null };

const NUMBERS: { name: keyof PacingNumbers; max: number; min: number }[] = [
  { name: 'dailyCapPerAccount', min: 1, max: 100_000 },
  { name: 'fanIntervalSec', min: 0, max: 86_400 },
  { name: 'messageIntervalSec', min: 0, max: 86_400 },
  { name: 'perRoundCount', min: 1, max: 100 },
  { name: 'groupIntervalSec', min: 0, max: 86_400 },
  { name: 'groupDailyCap', min: 1, max: 100_000 },
  { name: 'jitterSec', min: 0, max: 3_600 },
];

function toValues(s: BulkSettings): Values {
  const { quietHours, ...rest } = s;
  return {
    ...rest,
    quiet: quietHours ? [dayjs(quietHours.start, 'HH:mm'), dayjs(quietHours.end, 'HH:mm')] : null,
  };
}

/**
 * Mass-send settings (/grouphelper/set): the company's defaults or one work account's own
 * settings — daily caps, intervals (0 allowed), friends per round, jitter, quiet hours, channel.
 */
export function BulkSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [scope, setScope] = useState<string>('');
  const [saving, setSaving] = useState(false);
  const { data: switcher } = useQuery({
    queryKey: accountsKeys.switcher,
    queryFn: accountsApi.switcher,
  });
  const { data } = useQuery({
    queryKey: [...bulkSendKeys.settings, scope],
    queryFn: () => bulkSendApi.settings(scope || undefined),
  });
  useEffect(() => {
    if (data) form.setFieldsValue(toValues(data));
  }, [data, form]);
  // The platform's human pacing: past its ceilings the platform is known to ban (issue 34).
  const ceilings = usePlatform().data?.pacing?.ceilings;
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  const beyond = new Set(ceilings && watched ? pacingBeyond(watched, ceilings) : []);
  const limitOf = (name: keyof PacingNumbers) =>
    t(
      name === 'dailyCapPerAccount' || name === 'groupDailyCap' || name === 'perRoundCount'
        ? 'bulkSettings.atMost'
        : 'bulkSettings.atLeast',
      { n: ceilings?.[name] },
    );

  const save = async (inherit = false) => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const { quiet, ...rest } = v;
      await bulkSendApi.saveSettings({
        ...rest,
        quietHours: quiet
          ? { start: quiet[0].format('HH:mm'), end: quiet[1].format('HH:mm') }
          : null,
        workWxid: scope || undefined,
        inherit: inherit || undefined,
      });
      void message.success(t('bulkSettings.saved'));
      await client.invalidateQueries({ queryKey: bulkSendKeys.settings });
    } finally {
      setSaving(false);
    }
  };

  const shape = bulkSettings.shape;
  return (
    <Card title={t('bulkSettings.title')} data-testid="bulk-settings">
      <Alert type="info" showIcon title={t('bulkSettings.notice')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" style={{ maxWidth: 720 }}>
        <Form.Item label={t('bulkSettings.scope')}>
          <Select
            value={scope}
            onChange={setScope}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="bulk-settings-scope"
            options={[
              { value: '', label: t('bulkSettings.tenant') },
              ...(switcher?.wxAccount ?? []).map((a) => ({
                value: a.wxid,
                label: `${a.remark || a.nickname || a.wxid} (${a.wxid})`,
              })),
            ]}
          />
        </Form.Item>
        {scope && data && (
          <Alert
            type={data.inherited ? 'success' : 'warning'}
            title={t(data.inherited ? 'bulkSettings.inherited' : 'bulkSettings.own')}
            style={{ marginBottom: 16 }}
          />
        )}
        <FormField
          name="channel"
          label={t('bulkSettings.channel')}
          extra={t('bulkSettings.channelHint')}
        >
          <Radio.Group
            options={[1, 2, 3].map((c) => ({
              value: c,
              label: t(`bulkSettings.channels.${c}`),
            }))}
          />
        </FormField>
        {beyond.size > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('bulkSettings.beyondPacing')}
            style={{ marginBottom: 16 }}
            data-testid="bulk-settings-beyond"
          />
        )}
        <Flex gap={12} wrap>
          {NUMBERS.map((n) => (
            <FormField
              key={n.name}
              name={n.name}
              label={t(`bulkSettings.${n.name}`)}
              schema={shape[n.name]}
              style={{ width: 220 }}
              {...(beyond.has(n.name)
                ? {
                    validateStatus: 'warning' as const,
                    help: (
                      <span data-testid={`bulk-settings-beyond-${n.name}`}>{limitOf(n.name)}</span>
                    ),
                  }
                : {})}
            >
              <InputNumber
                min={n.min}
                max={n.max}
                precision={0}
                style={{ width: '100%' }}
                data-testid={`bulk-settings-${n.name}`}
              />
            </FormField>
          ))}
        </Flex>
        <FormField name="quiet" label={t('bulkSettings.quietHours')}>
          <TimePicker.RangePicker
            format="HH:mm"
            order={false}
            placeholder={[t('bulkSettings.quietStart'), t('bulkSettings.quietEnd')]}
          />
        </FormField>
        <Flex gap={8}>
          <Button
            type="primary"
            loading={saving}
            onClick={() => void save()}
            data-testid="bulk-settings-save"
          >
            {t('bulkSettings.save')}
          </Button>
          {scope && data && !data.inherited && (
            <Button onClick={() => void save(true)} disabled={saving}>
              {t('bulkSettings.useDefaults')}
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}
