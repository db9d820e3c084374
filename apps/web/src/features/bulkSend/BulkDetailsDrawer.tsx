import { Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  BULK_SEND_FILTERS,
  type BulkDetailItem,
  type BulkSendFilter,
  type BulkTaskItem,
} from '@cst/shared';
import { cutColumn, ExportButton, RowsDrawer } from '../../components/listPage/index.ts';
import { bulkSendApi, bulkSendKeys } from './api.ts';
import { SendStateTag } from './SendStateTag.tsx';

/** Props of {@link BulkDetailsDrawer}. */
export interface BulkDetailsDrawerProps {
  task: BulkTaskItem | null;
  /** The send filter it opens with (`allFailed` from a task's failed count). */
  initialState?: BulkSendFilter;
  onClose: () => void;
}

/** The sends of a task: each recipient and message with its send state, ticks and reason. */
export function BulkDetailsDrawer({ task, initialState, onClose }: BulkDetailsDrawerProps) {
  const { t } = useTranslation();
  const taskId = task?.taskId ?? '';
  /** How many sends a filter shows, as the task's row counts them. */
  const countOf = (f: BulkSendFilter) =>
    task ? (f === 'allFailed' ? task.failed : task.counts[f]) : 0;
  return (
    <RowsDrawer<BulkDetailItem, { state?: BulkSendFilter }>
      open={task !== null}
      initialFilter={initialState ? { state: initialState } : undefined}
      onClose={onClose}
      title={task ? t('bulkSend.detailsTitle', { name: task.taskName }) : ''}
      queryKey={[...bulkSendKeys.details, taskId]}
      fetch={(q) => bulkSendApi.details({ taskId, ...q })}
      testId="bulk-details-drawer"
      tableTestId="bulk-details-table"
      rowKey={(r) => `${r.targetWxid}:${r.messageIndex}`}
      scrollX={820}
      toolbar={({ state }, setFilter) => (
        <>
          <Select
            allowClear
            style={{ width: 260 }}
            placeholder={t('bulkSend.allSendStates')}
            value={state}
            onChange={(v: BulkSendFilter | undefined) => setFilter({ state: v })}
            options={BULK_SEND_FILTERS.map((s) => ({
              value: s,
              label: `${s === 'allFailed' ? t('bulkSend.allFailed') : t(`bulkSend.sendStates.${s}`)} (${countOf(s)})`,
            }))}
            data-testid="bulk-details-state"
          />
          <ExportButton
            url={bulkSendApi.exportUrl}
            params={{ taskId, state }}
            testId="bulk-details-export"
          />
        </>
      )}
      columns={[
        {
          title: t('bulkSend.account'),
          key: 'workWxid',
          width: 160,
          ...cutColumn<BulkDetailItem>((r) => r.workWxid),
        },
        {
          title: t('bulkSend.target'),
          key: 'target',
          width: 200,
          ...cutColumn<BulkDetailItem>((r) =>
            r.targetName ? `${r.targetName} (${r.targetWxid})` : r.targetWxid,
          ),
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
        {
          title: t('bulkSend.error'),
          key: 'error',
          width: 180,
          ...cutColumn<BulkDetailItem>((r) => r.error),
        },
        {
          title: t('bulkSend.sentAt'),
          key: 'sentAt',
          width: 150,
          render: (_: unknown, r) =>
            r.sentAt ? dayjs(r.sentAt).format('YYYY-MM-DD HH:mm:ss') : '—',
        },
      ]}
    />
  );
}
