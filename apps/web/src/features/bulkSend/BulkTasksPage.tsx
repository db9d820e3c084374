import { Flex } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BULK_TASK_STATES,
  type BulkSendFilter,
  type BulkTaskItem,
  type BulkTaskState,
} from '@cst/shared';
import {
  actionsColumn,
  AddButton,
  DeleteButton,
  EmptyState,
  ListPage,
  ListTable,
  RowButton,
  SelectFilter,
  taskStateColumn,
  timeColumn,
  useListData,
  useListQuery,
  useRowAction,
  cutColumn,
} from '../../components/listPage/index.ts';
import { bulkSendApi, bulkSendKeys } from './api.ts';
import { BulkDetailsDrawer } from './BulkDetailsDrawer.tsx';
import { BulkTaskProgress } from './BulkTaskProgress.tsx';
import { CreateBulkTaskModal } from './CreateBulkTaskModal.tsx';
import { useBulkTasksLive } from './useBulkTasksLive.ts';

const when = (at: number | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '—');

/**
 * Mass-send task management (/grouphelper/manager): the tasks with state, a progress bar and
 * counts that move live; details, pause, resume, failed reissue, delete; a new task.
 */
export function BulkTasksPage() {
  const { t } = useTranslation();
  const q = useListQuery(['status']);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<{ task: BulkTaskItem; state?: BulkSendFilter } | null>(null);
  const params = {
    ...q.params,
    status: BULK_TASK_STATES.includes(q.filters.status as BulkTaskState)
      ? (q.filters.status as BulkTaskState)
      : undefined,
  };
  const { data, isFetching, refetch } = useListData(bulkSendKeys.list, params, bulkSendApi.fetch);
  useBulkTasksLive();

  const act = useRowAction(refetch);

  return (
    <ListPage
      title={t('bulkSend.title')}
      testId="bulk-tasks"
      notice={t('bulkSend.notice')}
      filters={
        <SelectFilter
          query={q}
          name="status"
          placeholder={t('bulkSend.allStates')}
          options={BULK_TASK_STATES.map((s) => ({ value: s, label: t(`bulkSend.states.${s}`) }))}
        />
      }
      actions={
        <AddButton onClick={() => setCreating(true)} testId="bulk-task-add">
          {t('bulkSend.add')}
        </AddButton>
      }
    >
      <ListTable<BulkTaskItem>
        query={q}
        rowKey="taskId"
        data={data}
        loading={isFetching}
        testId="bulk-task-table"
        empty={<EmptyState title={t('bulkSend.empty')} hint={t('bulkSend.emptyHint')} />}
        columns={[
          {
            title: t('bulkSend.name'),
            key: 'taskName',
            width: 140,
            ...cutColumn<BulkTaskItem>((task) => task.taskName),
          },
          {
            title: t('bulkSend.type'),
            key: 'taskType',
            width: 64,
            render: (_: unknown, task) => t(`bulkSend.types.${task.taskType}`),
          },
          taskStateColumn<BulkTaskItem>(
            t('bulkSend.state'),
            (s) => t(`bulkSend.states.${s}`),
            'bulk-task-state',
          ),
          {
            title: t('bulkSend.progress'),
            key: 'progress',
            width: 200,
            render: (_: unknown, task) => (
              <BulkTaskProgress
                task={task}
                onFailed={() => setOpen({ task, state: 'allFailed' })}
              />
            ),
          },
          {
            title: t('bulkSend.sendType'),
            key: 'sendType',
            width: 100,
            render: (_: unknown, task) =>
              task.sendType === 'scheduled'
                ? `${t('bulkSend.sendTypes.scheduled')} ${when(task.sendAt)}`
                : t('bulkSend.sendTypes.now'),
          },
          {
            // Start and end in one cell, so every time (创建时间 too) is in view at 1440 px.
            title: t('bulkSend.startEnd'),
            key: 'startEnd',
            width: 176,
            render: (_: unknown, x) => (
              <Flex vertical>
                <span data-testid="bulk-task-start">
                  {t('bulkSend.startShort')} {when(x.startAt)}
                </span>
                <span data-testid="bulk-task-end">
                  {t('bulkSend.endShort')} {when(x.endAt)}
                </span>
              </Flex>
            ),
          },
          timeColumn<BulkTaskItem>(t('fanTasks.createdAt'), 'createdAt', { width: 140 }),
          actionsColumn<BulkTaskItem>(t('bulkSend.actions'), 190, (task) => (
            <>
              <RowButton onClick={() => setOpen({ task })} testId="bulk-task-details">
                {t('bulkSend.details')}
              </RowButton>
              {(task.status === 'running' || task.status === 'pending') && (
                <RowButton
                  testId="bulk-task-pause"
                  onClick={() =>
                    void act(() => bulkSendApi.pause(task.taskId), t('bulkSend.paused'))
                  }
                >
                  {t('bulkSend.pause')}
                </RowButton>
              )}
              {task.status === 'paused' && (
                <RowButton
                  testId="bulk-task-restart"
                  onClick={() =>
                    void act(() => bulkSendApi.restart(task.taskId), t('bulkSend.restarted'))
                  }
                >
                  {t('bulkSend.restart')}
                </RowButton>
              )}
              {task.failed > 0 && task.status !== 'running' && (
                <RowButton
                  testId="bulk-task-reissue"
                  onClick={() =>
                    void act(
                      () => bulkSendApi.reissue(task.taskId),
                      t('bulkSend.reissued', { count: task.failed }),
                    )
                  }
                >
                  {t('bulkSend.reissue')}
                </RowButton>
              )}
              {task.status !== 'running' && task.status !== 'importing' && (
                <DeleteButton
                  target={task.taskName}
                  testId="bulk-task-delete"
                  onDelete={() => act(() => bulkSendApi.remove(task.taskId), t('bulkSend.deleted'))}
                />
              )}
            </>
          )),
        ]}
      />
      <CreateBulkTaskModal
        open={creating}
        onClose={(created) => {
          setCreating(false);
          if (created) void refetch();
        }}
      />
      <BulkDetailsDrawer
        key={open ? `${open.task.taskId}:${open.state ?? ''}` : 'closed'}
        task={open?.task ?? null}
        initialState={open?.state}
        onClose={() => setOpen(null)}
      />
    </ListPage>
  );
}
