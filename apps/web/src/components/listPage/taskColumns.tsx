import { App, Tag, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useCallback } from 'react';

/** The task states of SPEC §4 (friend-adding tasks, mass sends): importing … abnormal close. */
export type TaskState = 'importing' | 'pending' | 'running' | 'paused' | 'completed' | 'abnormal';

const TASK_STATE_COLOR: Record<TaskState, string> = {
  importing: 'processing',
  pending: 'default',
  running: 'blue',
  paused: 'orange',
  completed: 'green',
  abnormal: 'red',
};

/** A task's state as a coloured tag; why it closed abnormally (or paused) shows on hover. */
export function taskStateColumn<T extends { status: TaskState; reason?: string }>(
  title: string,
  label: (state: TaskState) => string,
  testId: string,
): ColumnType<T> {
  return {
    title,
    key: 'status',
    width: 100,
    render: (_: unknown, task: T) => (
      <Tooltip title={task.reason}>
        <Tag color={TASK_STATE_COLOR[task.status]} data-testid={testId}>
          {label(task.status)}
        </Tag>
      </Tooltip>
    ),
  };
}

/**
 * A row action of a task list: runs the call, says it worked and refetches the list (a refusal
 * was already shown by the API client, and leaves the list as it is).
 */
export function useRowAction(refetch: () => Promise<unknown>) {
  const { message } = App.useApp();
  return useCallback(
    async (run: () => Promise<unknown>, done: string) => {
      await run();
      void message.success(done);
      await refetch();
    },
    [message, refetch],
  );
}
