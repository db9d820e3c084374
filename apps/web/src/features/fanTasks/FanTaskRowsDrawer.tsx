import { Select, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FAN_ROW_STATES,
  type FanRowState,
  type FanTaskItem,
  type FanTaskRowItem,
} from '@cst/shared';
import { cutColumn, RowsDrawer, timeColumn } from '../../components/listPage/index.ts';
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
  const taskId = task?.taskId ?? '';
  return (
    <RowsDrawer<FanTaskRowItem, { state?: FanRowState; status?: number }>
      open={task !== null}
      onClose={onClose}
      title={task ? t('fanTasks.rowsTitle', { name: task.taskName }) : ''}
      queryKey={[...fanTasksKeys.rows, taskId]}
      fetch={(q) => fanTasksApi.rows({ taskId, ...q })}
      testId="fan-task-rows-drawer"
      tableTestId="fan-task-rows-table"
      rowKey="id"
      scrollX={900}
      toolbar={({ state, status }, setFilter) => (
        <>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('fanTasks.allRowStates')}
            value={state}
            onChange={(v: FanRowState | undefined) => setFilter({ state: v })}
            options={FAN_ROW_STATES.map((s) => ({ value: s, label: t(`fanTasks.rowStates.${s}`) }))}
          />
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('fanTasks.allStatuses')}
            value={status}
            onChange={(v: number | undefined) => setFilter({ status: v })}
            options={[1, 2, 3, 4].map((s) => ({ value: s, label: t(`fanTasks.statuses.${s}`) }))}
          />
        </>
      )}
      columns={[
        { title: '#', dataIndex: 'seq', key: 'seq', width: 56 },
        { title: t('fanTasks.target'), dataIndex: 'target', key: 'target', width: 160 },
        {
          title: t('fanTasks.account'),
          key: 'workWxid',
          width: 150,
          ellipsis: { showTitle: false },
          render: (_: unknown, r) => (
            <Tooltip title={r.workWxid}>
              <span data-testid="fan-row-account">{r.workName}</span>
            </Tooltip>
          ),
        },
        {
          title: t('fanTasks.person'),
          key: 'person',
          width: 140,
          ...cutColumn<FanTaskRowItem>((r) => r.nickname || r.wxid || '—'),
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
          key: 'reason',
          width: 200,
          ...cutColumn<FanTaskRowItem>((r) => r.reason || '—'),
        },
        timeColumn<FanTaskRowItem>(t('fanTasks.sentAt'), 'sentAt'),
      ]}
    />
  );
}
