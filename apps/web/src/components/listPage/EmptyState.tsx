import { Empty, Typography } from 'antd';
import type { ReactNode } from 'react';
import './listPage.css';

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  /** What is missing ("No positions yet"). */
  title: ReactNode;
  /** What to do next ("Add a position, then add seats"). */
  hint?: ReactNode;
  /** The button that does it. */
  action?: ReactNode;
  testId?: string;
}

/** An empty list that says what to do next, with an optional action. */
export function EmptyState({ title, hint, action, testId }: EmptyStateProps) {
  return (
    <Empty
      className="list-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid={testId ?? 'list-empty'}
      description={
        <>
          <Typography.Text>{title}</Typography.Text>
          {hint && (
            <Typography.Text type="secondary" className="list-empty-hint">
              {hint}
            </Typography.Text>
          )}
        </>
      }
    >
      {action}
    </Empty>
  );
}
