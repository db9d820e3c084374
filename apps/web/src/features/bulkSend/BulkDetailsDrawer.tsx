import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BULK_SEND_STATES,
  type BulkDetailItem,
  type BulkSendState,
  type BulkTaskItem,
} from '@cst/shared';
import { ExportButton } from '../../components/listPage/index.ts';
import { bulkSendApi, bulkSendKeys } from './api.ts';
import { SendStateTag } from './SendStateTag.tsx';

/** Props of {@link BulkDetailsDrawer}. */
export interface BulkDetailsDrawerProps {
  task: BulkTaskItem | null;
  onClose: () => void;
}

/** The sends of a task: each recipient and message with its send state, ticks and reason. */
export function BulkDetailsDrawer({ task, onClose }: BulkDetailsDrawerProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [state, setState] = useState<BulkSendState | undefined>();
  const taskId = task?.taskId ?? '';
  const { data, isFetching } = useQuery({
    queryKey: [...bulkSendKeys.details, taskId, { page, pageSize, state }],
    queryFn: () => bulkSendApi.details({ taskId, page, pageSize, state }),
    enabled: task !== null,
    placeholderData: keepPreviousData,
  });
  const close = () => {
    setPage(1);
    setState(undefined);
    onClose();
  };
  return (
    <Drawer
      open={task !== null}
      onClose={close}
      size="min(1000px, calc(100vw - 24px))"
      title={task ? t('bulkSend.detailsTitle', { name: task.taskName }) : ''}
      destroyOnHidden
      data-testid="bulk-details-drawer"
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('bulkSend.allSendStates')}
          value={state}
          onChange={(v: BulkSendState | undefined) => {
            setState(v);
            setPage(1);
          }}
          options={BULK_SEND_STATES.map((s) => ({
            value: s,
            label: t(`bulkSend.sendStates.${s}`),
          }))}
          data-testid="bulk-details-state"
        />
        <ExportButton
          url={bulkSendApi.exportUrl}
          params={{ taskId, state }}
          testId="bulk-details-export"
        />
      </Space>
      <Table<BulkDetailItem>
        data-testid="bulk-details-table"
        rowKey={(r) => `${r.targetWxid}:${r.messageIndex}`}
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 820 }}
        pagination={{
          current: page,
          pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        }}
        columns={[
          { title: t('bulkSend.account'), dataIndex: 'workWxid', width: 160, ellipsis: true },
          {
            title: t('bulkSend.target'),
            key: 'target',
            width: 200,
            ellipsis: true,
            render: (_: unknown, r) =>
              r.targetName ? `${r.targetName} (${r.targetWxid})` : r.targetWxid,
          },
          {
            title: t('bulkSend.message'),
            key: 'message',
            width: 120,
            render: (_: unknown, r) =>
              `${t('bulkSend.messageNo', { n: r.messageIndex })} · ${t(`bulkSend.kinds.${r.messageKind}`)}`,
          },
          {
            title: t('bulkSend.state'),
            key: 'state',
            width: 130,
            render: (_: unknown, r) => <SendStateTag state={r.state} />,
          },
          { title: t('bulkSend.error'), dataIndex: 'error', width: 180, ellipsis: true },
          {
            title: t('bulkSend.sentAt'),
            key: 'sentAt',
            width: 150,
            render: (_: unknown, r) =>
              r.sentAt ? dayjs(r.sentAt).format('YYYY-MM-DD HH:mm:ss') : '—',
          },
        ]}
      />
    </Drawer>
  );
}
