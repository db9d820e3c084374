import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';

/** Props of {@link RowButton} and {@link AddButton}. */
export interface KitButtonProps {
  onClick: () => void;
  children: ReactNode;
  testId?: string;
  disabled?: boolean;
}

/** A small link button for a row's actions column. */
export function RowButton({ onClick, children, testId, disabled }: KitButtonProps) {
  return (
    <Button type="link" size="small" onClick={onClick} disabled={disabled} data-testid={testId}>
      {children}
    </Button>
  );
}

/** The primary "add …" button of a list's toolbar (also offered by its empty state). */
export function AddButton({ onClick, children, testId, disabled }: KitButtonProps) {
  return (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/**
 * The `onClose` of a page's dialog (`FormModal`'s `(saved) => …`): closes it and, after a save,
 * refreshes the list.
 */
export function closeThenRefresh<T>(close: (value: T | null) => void, refresh: () => unknown) {
  return (saved: boolean) => {
    close(null);
    if (saved) void refresh();
  };
}
