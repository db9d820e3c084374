import { Drawer, Select, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FAN_ROW_STATES,
  type FanRowState,
  type FanTaskItem,
  type FanTaskRowItem,
} from '@cst/shared';
import { timeColumn } from '../../components/listPage/index.ts';
import { fanTasksApi, fanTasksKeys } from './api.ts';

const STATUS_COLOR: Record<number, string> = { 1: 'blue', 2: 'red', 3: 'green', 4: 'default' };

/** Props of {@link FanTaskRowsDrawer}. */
export interface FanTaskRowsDrawerProps {
  task: FanTaskItem | null;
  onClose: () => void;
}

/** The rows of a task: each target, its account, the friend-request status 1–4 and the reason. */
export function FanTaskRowsDrawer({ task, onClose }: FanTaskRowsDrawerProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [state, setState] = useState<FanRowState | undefined>();
  const [status, setStatus] = useState<number | undefined>();
  const taskId = task?.taskId ?? '';
  const { data, isFetching } = useQuery({
    queryKey: [...fanTasksKeys.rows, taskId, { page, pageSize, state, status }],
    queryFn: () => fanTasksApi.rows({ taskId, page, pageSize, state, status }),
    enabled: task !== null,
    placeholderData: keepPreviousData,
  });
  const close = () => {
    setPage(1);
    setState(undefined);
    setStatus(undefined);
    onClose();
  };

  return (
    <Drawer
      open={task !== null}
      onClose={close}
      size="min(1000px, calc(100vw - 24px))"
      title={task ? t('fanTasks.rowsTitle', { name: task.taskName }) : ''}
      destroyOnHidden
      data-testid="fan-task-rows-drawer"
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('fanTasks.allRowStates')}
          value={state}
          onChange={(v: FanRowState | undefined) => {
            setState(v);
            setPage(1);
          }}
          options={FAN_ROW_STATES.map((s) => ({ value: s, label: t(`fanTasks.rowStates.${s}`) }))}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('fanTasks.allStatuses')}
          value={status}
          onChange={(v: number | undefined) => {
            setStatus(v);
            setPage(1);
          }}
          options={[1, 2, 3, 4].map((s) => ({ value: s, label: t(`fanTasks.statuses.${s}`) }))}
        />
      </Space>
      <Table<FanTaskRowItem>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 900 }}
        data-testid="fan-task-rows-table"
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
          { title: '#', dataIndex: 'seq', key: 'seq', width: 56 },
          { title: t('fanTasks.target'), dataIndex: 'target', key: 'target', width: 160 },
          {
            title: t('fanTasks.account'),
            dataIndex: 'workWxid',
            key: 'workWxid',
            width: 150,
            ellipsis: true,
          },
          {
            title: t('fanTasks.person'),
            key: 'person',
            width: 140,
            ellipsis: true,
            render: (_: unknown, r) => r.nickname || r.wxid || '—',
          },
          {
            title: t('fanTasks.result'),
            key: 'result',
            width: 120,
            render: (_: unknown, r) =>
              r.status ? (
                <Tag color={STATUS_COLOR[r.status]} data-testid="fan-row-status">
                  {t(`fanTasks.statuses.${r.status}`)}
                </Tag>
              ) : (
                <Typography.Text type="secondary" data-testid="fan-row-status">
                  {t(`fanTasks.rowStates.${r.state}`)}
                </Typography.Text>
              ),
          },
          {
            title: t('fanTasks.reason'),
            dataIndex: 'reason',
            key: 'reason',
            width: 200,
            ellipsis: true,
            render: (v: string | undefined) => v || '—',
          },
          timeColumn<FanTaskRowItem>(t('fanTasks.sentAt'), 'sentAt'),
        ]}
      />
    </Drawer>
  );
}
