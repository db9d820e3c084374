import { Progress, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FAN_TASK_STATES, type FanTaskItem, type FanTaskState } from '@cst/shared';
import {
  actionsColumn,
  AddButton,
  DeleteButton,
  EmptyState,
  ListPage,
  ListTable,
  RowButton,
  SearchFilter,
  SelectFilter,
  taskStateColumn,
  exportHref,
  timeColumn,
  useListData,
  useListQuery,
  useRowAction,
  cutColumn,
} from '../../components/listPage/index.ts';
import { downloadWithSession } from '../../lib/http/download.ts';
import { fanTasksApi, fanTasksKeys } from './api.ts';
import { CreateFanTaskModal } from './CreateFanTaskModal.tsx';
import { FanTaskRowsDrawer } from './FanTaskRowsDrawer.tsx';
import { useFanTasksLive } from './useFanTasksLive.ts';

/**
 * How far a task got: of the rows to add (all but the skipped duplicates and already-tried ones,
 * the figure the import check calls 可添加), those no longer waiting or being sent.
 */
export function progressOf(task: FanTaskItem): { done: number; toAdd: number; percent: number } {
  const c = task.counts;
  const toAdd = c.total - c.skipped;
  const done = toAdd - c.waiting - c.sending;
  const percent = toAdd ? Math.floor((done / toAdd) * 100) : c.total ? 100 : 0;
  return { done, toAdd, percent };
}

/** Downloads a task's rows with their outcome as xlsx (fetched with the session headers). */
function download(taskId: string) {
  void downloadWithSession(exportHref(fanTasksApi.exportUrl, { taskId }), 'tasks.xlsx');
}

/**
 * Bulk add friends (/customerCenter/mutilAddFriends): the tenant's friend-adding tasks with their
 * state and live progress; pause, restart, delete, export, the rows of a task, and a new task
 * from an imported list.
 */
export function FanTasksPage() {
  const { t } = useTranslation();
  const q = useListQuery(['keyword', 'status']);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<FanTaskItem | null>(null);
  const params = {
    ...q.params,
    status: FAN_TASK_STATES.includes(q.filters.status as FanTaskState)
      ? (q.filters.status as FanTaskState)
      : undefined,
  };
  const { data, isFetching, refetch } = useListData(fanTasksKeys.list, params, fanTasksApi.list);
  useFanTasksLive();

  const act = useRowAction(refetch);

  return (
    <ListPage
      title={t('fanTasks.title')}
      testId="fan-tasks"
      notice={t('fanTasks.notice')}
      filters={
        <>
          <SearchFilter query={q} name="keyword" placeholder={t('fanTasks.search')} />
          <SelectFilter
            query={q}
            name="status"
            placeholder={t('fanTasks.allStates')}
            options={FAN_TASK_STATES.map((s) => ({ value: s, label: t(`fanTasks.states.${s}`) }))}
          />
        </>
      }
      actions={
        <AddButton onClick={() => setCreating(true)} testId="fan-task-add">
          {t('fanTasks.add')}
        </AddButton>
      }
    >
      <ListTable<FanTaskItem>
        query={q}
        rowKey="taskId"
        data={data}
        loading={isFetching}
        testId="fan-task-table"
        empty={<EmptyState title={t('fanTasks.empty')} hint={t('fanTasks.emptyHint')} />}
        columns={[
          {
            title: t('fanTasks.name'),
            key: 'taskName',
            width: 180,
            ...cutColumn<FanTaskItem>((task) => task.taskName),
          },
          taskStateColumn<FanTaskItem>(
            t('fanTasks.state'),
            (s) => t(`fanTasks.states.${s}`),
            'fan-task-state',
          ),
          {
            title: t('fanTasks.progress'),
            key: 'progress',
            width: 220,
            render: (_: unknown, task) => {
              const p = progressOf(task);
              return (
                <Tooltip title={t('fanTasks.counts', task.counts)}>
                  <div data-testid="fan-task-progress">
                    <Progress percent={p.percent} size="small" />
                    <Typography.Text type="secondary" className="fan-task-count">
                      {p.done} / {p.toAdd}
                      {task.counts.skipped > 0 &&
                        ` · ${t('fanTasks.skippedCount', { n: task.counts.skipped })}`}
                    </Typography.Text>
                  </div>
                </Tooltip>
              );
            },
          },
          {
            title: t('fanTasks.accounts'),
            key: 'accounts',
            // 「Accounts」 whole on one line; the list still fits 1440 px.
            width: 100,
            render: (_: unknown, task) =>
              t('fanTasks.accountsCount', { count: task.workWxids.length }),
          },
          {
            ...timeColumn<FanTaskItem>(t('fanTasks.start'), 'startAt', { width: 150 }),
            render: (_: unknown, task) => {
              const at = task.startedAt ?? task.startAt;
              return at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '—';
            },
          },
          timeColumn<FanTaskItem>(t('fanTasks.createdAt'), 'createdAt', { width: 150 }),
          actionsColumn<FanTaskItem>(t('fanTasks.actions'), 220, (task) => (
            <>
              <RowButton onClick={() => setOpen(task)} testId="fan-task-rows">
                {t('fanTasks.rows')}
              </RowButton>
              {(task.status === 'running' || task.status === 'pending') && (
                <RowButton
                  testId="fan-task-pause"
                  onClick={() =>
                    void act(() => fanTasksApi.pause(task.taskId), t('fanTasks.paused'))
                  }
                >
                  {t('fanTasks.pause')}
                </RowButton>
              )}
              {(task.status === 'paused' || task.status === 'abnormal') && (
                <RowButton
                  testId="fan-task-restart"
                  onClick={() =>
                    void act(() => fanTasksApi.restart(task.taskId), t('fanTasks.restarted'))
                  }
                >
                  {t('fanTasks.restart')}
                </RowButton>
              )}
              <RowButton onClick={() => download(task.taskId)} testId="fan-task-export">
                {t('fanTasks.export')}
              </RowButton>
              <DeleteButton
                target={task.taskName}
                testId="fan-task-delete"
                onDelete={() => act(() => fanTasksApi.remove(task.taskId), t('fanTasks.deleted'))}
              />
            </>
          )),
        ]}
      />
      <CreateFanTaskModal
        open={creating}
        onClose={(created) => {
          setCreating(false);
          if (created) void refetch();
        }}
      />
      <FanTaskRowsDrawer task={open} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
