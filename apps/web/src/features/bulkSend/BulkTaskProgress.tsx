import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BulkTaskItem } from '@cst/shared';

/** How far a task got: sends the platform answered (sent or failed), of all. */
export function progressOf(task: Pick<BulkTaskItem, 'total' | 'pending'>) {
  const done = task.total - task.pending;
  return { done, percent: task.total ? Math.floor((done / task.total) * 100) : 0 };
}

/** Props of {@link BulkTaskProgress}. */
export interface BulkTaskProgressProps {
  task: BulkTaskItem;
  /** Opens the task's failed sends. */
  onFailed: () => void;
}

/**
 * A task's progress: the bar (green the sent, orange the failed, grey the rest) keeps its
 * percentage, and turns red only when the task closed abnormally; below, the counts, and the
 * task's size both in recipients and in messages (a task of 50 people with 2 messages sends 100).
 */
export function BulkTaskProgress({ task, onFailed }: BulkTaskProgressProps) {
  const { t } = useTranslation();
  const p = progressOf(task);
  const part = (n: number) => (task.total ? (n / task.total) * 100 : 0);
  return (
    <div data-testid="bulk-task-progress">
      <Progress
        percent={p.percent}
        size="small"
        status={task.status === 'abnormal' ? 'exception' : 'normal'}
        format={() => `${p.percent}%`}
        strokeColor={task.failed > 0 ? 'var(--ant-color-warning)' : undefined}
        success={{ percent: part(task.sent) }}
      />
      <Typography.Text type="secondary" className="bulk-task-count">
        {t('bulkSend.sentCount', { n: task.sent })} ·{' '}
        {task.failed > 0 ? (
          <Typography.Link type="danger" onClick={onFailed} data-testid="bulk-task-failed">
            {t('bulkSend.failedCount', { n: task.failed })}
          </Typography.Link>
        ) : (
          t('bulkSend.failedCount', { n: 0 })
        )}{' '}
        · {t('bulkSend.pendingCount', { n: task.pending })}
      </Typography.Text>
      <br />
      <Typography.Text type="secondary" className="bulk-task-count" data-testid="bulk-task-size">
        {t('bulkSend.size', { targets: task.targets, total: task.total })}
      </Typography.Text>
    </div>
  );
}
