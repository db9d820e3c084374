import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkTaskItem } from '@cst/shared';
import { AppProviders } from '../../app/AppProviders.tsx';
import { BulkTaskProgress } from './BulkTaskProgress.tsx';

const counts = {
  toBeSent: 0,
  sent: 84,
  delivered: 0,
  read: 0,
  failed: 0,
  undelivered: 2,
  awaitingReceipt: 0,
  noReceipt: 0,
};

/** A task of 43 people and 2 messages: 86 sends, 2 of them undelivered. */
const task = (over: Partial<BulkTaskItem> = {}): BulkTaskItem => ({
  taskId: 't1',
  taskName: '43 人',
  taskType: 'friends',
  status: 'completed',
  sendType: 'now',
  sendAt: null,
  startAt: 1,
  endAt: 2,
  total: 86,
  sent: 84,
  failed: 2,
  pending: 0,
  targets: 43,
  messageCount: 2,
  workWxids: [],
  createdAt: 0,
  counts,
  ...over,
});

afterEach(cleanup);

describe('BulkTaskProgress', () => {
  it('keeps the percentage and no failure mark when a few sends of a finished task failed', () => {
    const onFailed = vi.fn();
    render(
      <AppProviders>
        <BulkTaskProgress task={task()} onFailed={onFailed} />
      </AppProviders>,
    );
    const box = screen.getByTestId('bulk-task-progress');
    expect(box.querySelector('.ant-progress-status-exception')).toBeNull();
    expect(box.querySelector('.ant-progress-status-success')).toBeNull();
    expect(box.querySelector('.ant-progress-indicator')?.textContent).toBe('100%');
    expect(box.textContent).toContain('已发送 84');
    // Both sizes: recipients and messages.
    expect(screen.getByTestId('bulk-task-size').textContent).toBe('43 个对象 · 共 86 条消息');
    fireEvent.click(screen.getByTestId('bulk-task-failed'));
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it('turns red only when the task closed abnormally', () => {
    render(
      <AppProviders>
        <BulkTaskProgress task={task({ status: 'abnormal' })} onFailed={() => undefined} />
      </AppProviders>,
    );
    expect(document.querySelector('.ant-progress-status-exception')).not.toBeNull();
  });
});
