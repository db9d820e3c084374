import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, InputNumber, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { simulatorApi, simulatorKeys, type SimConfig } from './api.ts';

const FIELDS: { name: keyof SimConfig; label: string; max: number; step: number }[] = [
  { name: 'trafficPerMinute', label: 'simulator.traffic', max: 6000, step: 1 },
  { name: 'deliveryDelayMs', label: 'simulator.deliveryDelay', max: 600_000, step: 100 },
  { name: 'readDelayMs', label: 'simulator.readDelay', max: 600_000, step: 100 },
  { name: 'failRate', label: 'simulator.failRate', max: 1, step: 0.05 },
  { name: 'friendAcceptRate', label: 'simulator.friendAcceptRate', max: 1, step: 0.05 },
];

/** The simulator's tunables: background traffic, delivery and read delays, failure rate. */
export function ConfigPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: simulatorKeys.config, queryFn: simulatorApi.config });
  const [saving, setSaving] = useState(false);

  const handleSave = async (values: SimConfig) => {
    setSaving(true);
    try {
      const saved = await simulatorApi.setConfig(values);
      queryClient.setQueryData(simulatorKeys.config, saved);
      void message.success(t('simulator.saved'));
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('simulator.configTitle')} size="small" loading={!config.data}>
      {config.data && (
        <Form<SimConfig>
          layout="vertical"
          initialValues={config.data}
          onFinish={(v) => void handleSave(v)}
          data-testid="sim-config"
        >
          <Row gutter={12}>
            {FIELDS.map((f) => (
              <Col span={12} key={f.name}>
                <Form.Item name={f.name} label={t(f.label)} rules={[{ required: true }]}>
                  <InputNumber
                    min={0}
                    max={f.max}
                    step={f.step}
                    style={{ width: '100%' }}
                    data-testid={`sim-config-${f.name}`}
                  />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="sim-config-save">
            {t('common.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
