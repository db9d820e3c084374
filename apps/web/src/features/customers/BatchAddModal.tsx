import { Alert, App, Input, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddBatchResult, AddUserBody } from '@cst/shared';
import { usersApi } from '../seats/api.ts';
import { parseBatch } from './parseBatch.ts';

/** Props of {@link BatchAddModal}. */
export interface BatchAddModalProps {
  open: boolean;
  onClose: (created: boolean) => void;
}

interface ReportRow extends AddUserBody {
  index: number;
  error: string | null;
}

/** Adds many customers at once; valid rows are created and each bad row's error is reported. */
export function BatchAddModal({ open, onClose }: BatchAddModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [report, setReport] = useState<{ rows: ReportRow[]; result: AddBatchResult } | null>(null);
  const [saving, setSaving] = useState(false);
  const rows = parseBatch(text);

  const handleSubmit = async () => {
    if (rows.length === 0) {
      void message.warning(t('customers.noRows'));
      return;
    }
    setSaving(true);
    try {
      const result = await usersApi.addBatch(rows);
      const errors = new Map(result.errors.map((e) => [e.index, e.message]));
      setReport({
        result,
        rows: rows.map((r, index) => ({ ...r, index, error: errors.get(index) ?? null })),
      });
      // Keep only the failed lines in the box, so they can be fixed and sent again.
      setText(
        rows
          .filter((_, i) => errors.has(i))
          .map((r) => [r.tenantName, r.username, r.password, r.nickname].join(','))
          .join('\n'),
      );
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    const created = (report?.result.created.length ?? 0) > 0;
    setText('');
    setReport(null);
    onClose(created);
  };

  return (
    <Modal
      title={t('customers.batchAdd')}
      open={open}
      width={760}
      onCancel={close}
      onOk={() => void handleSubmit()}
      okText={t('customers.batchSubmit')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'batch-submit' }}
    >
      <Typography.Paragraph type="secondary">{t('customers.batchHelp')}</Typography.Paragraph>
      <Input.TextArea
        rows={6}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('customers.batchPlaceholder')}
        data-testid="batch-text"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('customers.batchRows', { count: rows.length })}
      </Typography.Paragraph>
      {report && (
        <>
          <Alert
            type={report.result.errors.length ? 'warning' : 'success'}
            showIcon
            title={t('customers.batchResult', {
              created: report.result.created.length,
              failed: report.result.errors.length,
            })}
            style={{ marginBottom: 12 }}
            data-testid="batch-result"
          />
          <Table<ReportRow>
            rowKey="index"
            size="small"
            pagination={false}
            scroll={{ y: 240 }}
            dataSource={report.rows}
            data-testid="batch-report"
            columns={[
              {
                title: t('customers.row'),
                dataIndex: 'index',
                width: 70,
                render: (i: number) => i + 1,
              },
              { title: t('customers.tenantName'), dataIndex: 'tenantName' },
              { title: t('customers.username'), dataIndex: 'username' },
              {
                title: t('customers.result'),
                dataIndex: 'error',
                render: (e: string | null) =>
                  e ? (
                    <Typography.Text type="danger">{e}</Typography.Text>
                  ) : (
                    <Tag color="success">{t('customers.created')}</Tag>
                  ),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
