import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupEntry } from '@cst/shared';
import { backupApi, backupKeys } from './api.ts';

/** Bytes as a person reads them. */
function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** The platform admin's backups: the last ones, the schedule, its warning, and a backup now. */
export function BackupsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [starting, setStarting] = useState(false);
  const { data, refetch } = useQuery({
    queryKey: backupKeys.status,
    queryFn: () => backupApi.status(),
    // While one runs, the list is read again until it is recorded.
    refetchInterval: (q) => (q.state.data?.running ? 2000 : false),
  });

  const handleStart = async () => {
    setStarting(true);
    try {
      await backupApi.start();
      void message.success(t('backups.started'));
      await refetch();
    } finally {
      setStarting(false);
    }
  };

  const last = data?.entries[0];
  return (
    <Card
      title={t('backups.title')}
      data-testid="backups"
      extra={
        <Button
          type="primary"
          onClick={() => void handleStart()}
          loading={starting || data?.running}
          disabled={!data?.available}
          data-testid="backup-start"
        >
          {data?.running ? t('backups.running') : t('backups.start')}
        </Button>
      }
    >
      {data && !data.available && (
        <Alert
          type="info"
          showIcon
          message={t('backups.unavailable')}
          style={{ marginBottom: 16 }}
        />
      )}
      {data?.warning === 'failed' && (
        <Alert
          type="error"
          showIcon
          data-testid="backup-warning"
          message={t('backups.failed', { error: last?.error ?? '' })}
          style={{ marginBottom: 16 }}
        />
      )}
      {data?.warning === 'overdue' && (
        <Alert
          type="warning"
          showIcon
          data-testid="backup-warning"
          message={t('backups.overdue')}
          style={{ marginBottom: 16 }}
        />
      )}
      {data?.available && (
        <Typography.Paragraph type="secondary">
          {data.everyMs
            ? t('backups.schedule', {
                hours: Math.round((data.everyMs / 3_600_000) * 10) / 10,
                keep: data.keep,
                dir: data.dir,
              })
            : t('backups.scheduleOff', { dir: data.dir })}
        </Typography.Paragraph>
      )}
      <Table<BackupEntry>
        rowKey={(e) => `${e.at}-${e.file}`}
        dataSource={data?.entries ?? []}
        pagination={false}
        size="small"
        locale={{ emptyText: t('backups.empty') }}
        columns={[
          {
            title: t('backups.at'),
            dataIndex: 'at',
            render: (at: number) => new Date(at).toLocaleString(),
          },
          { title: t('backups.file'), dataIndex: 'file' },
          {
            title: t('backups.size'),
            dataIndex: 'size',
            render: (size: number, e) => (e.ok ? sizeOf(size) : '—'),
          },
          {
            title: t('backups.result'),
            dataIndex: 'ok',
            render: (ok: boolean, e) =>
              ok ? (
                <Tag color="success">
                  {t('backups.ok')} · {t('backups.seconds', { n: Math.round(e.ms / 100) / 10 })}
                </Tag>
              ) : (
                <Tag color="error" title={e.error ?? ''}>
                  {t('backups.error')}
                </Tag>
              ),
          },
          {
            title: t('backups.trigger'),
            dataIndex: 'trigger',
            render: (trigger: BackupEntry['trigger']) => t(`backups.triggers.${trigger}`),
          },
        ]}
      />
    </Card>
  );
}
