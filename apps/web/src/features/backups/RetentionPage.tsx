import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, InputNumber, Radio, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backupApi, backupKeys } from './api.ts';

/** The manager's retention: keep every message, or the last N days. */
export function RetentionPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { data, refetch } = useQuery({
    queryKey: backupKeys.retention,
    queryFn: () => backupApi.retention(),
  });
  const [limited, setLimited] = useState<boolean | null>(null);
  const [days, setDays] = useState<number | null>(null);
  if (!data) return <Spin />;
  const isLimited = limited ?? data.days !== null;
  const value = days ?? data.days ?? 365;

  const save = async () => {
    await backupApi.saveRetention({ days: isLimited ? value : null });
    void message.success(t('retention.saved'));
    await refetch();
  };
  const handleSave = () => {
    if (!isLimited) {
      void save();
      return;
    }
    modal.confirm({
      title: t('retention.confirmTitle'),
      content: t('retention.confirm', { days: value }),
      okButtonProps: { danger: true, 'data-testid': 'retention-confirm' },
      onOk: save,
    });
  };

  return (
    <Card title={t('retention.title')} data-testid="retention">
      <Typography.Paragraph type="secondary">{t('retention.hint')}</Typography.Paragraph>
      <Space direction="vertical" size="middle">
        <Radio.Group
          value={isLimited}
          onChange={(e) => setLimited(e.target.value as boolean)}
          data-testid="retention-mode"
        >
          <Space direction="vertical">
            <Radio value={false}>{t('retention.keepAll')}</Radio>
            <Radio value={true}>
              <Space>
                {t('retention.keepDays')}
                <InputNumber
                  min={1}
                  max={36500}
                  precision={0}
                  value={value}
                  disabled={!isLimited}
                  onChange={(v) => setDays(v)}
                  data-testid="retention-days"
                />
                {t('retention.days')}
              </Space>
            </Radio>
          </Space>
        </Radio.Group>
        <Button type="primary" onClick={handleSave} data-testid="retention-save">
          {t('retention.save')}
        </Button>
      </Space>
    </Card>
  );
}
