import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** Props of {@link CutText}. */
export interface CutTextProps {
  /** The whole text: shown on one line, and in the tooltip when it is cut. */
  text: string | null | undefined;
  /** What the cell shows instead of the plain text (the tooltip still holds `text`). */
  children?: ReactNode;
  type?: 'secondary' | 'danger';
  className?: string;
  testId?: string;
}

/**
 * A table cell's text on one line, cut with 「…」 where the column is too narrow, the whole text
 * in a tooltip on hover: every cut column of every list says what it cut the same way.
 */
export function CutText({ text, children, type, className, testId }: CutTextProps) {
  if (text == null || text === '') return null;
  return (
    <Typography.Text
      ellipsis={{ tooltip: text }}
      type={type}
      className={className}
      data-testid={testId}
      style={{ maxWidth: '100%' }}
    >
      {children ?? text}
    </Typography.Text>
  );
}
