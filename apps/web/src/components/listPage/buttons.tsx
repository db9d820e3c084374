import { PlusOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';

/** Props of {@link RowButton} and {@link AddButton}. */
export interface KitButtonProps {
  onClick: () => void;
  children: ReactNode;
  testId?: string;
  disabled?: boolean;
}

/** Props of {@link RowButton}: a kit button that may spin, be red, or ask first. */
export interface RowButtonProps extends KitButtonProps {
  loading?: boolean;
  danger?: boolean;
  /** Ask first (a small popover); `onClick` runs on its OK. */
  confirm?: { title: ReactNode; okTestId?: string };
}

/** A small link button for a row's actions column. */
export function RowButton({
  onClick,
  children,
  testId,
  disabled,
  loading,
  danger,
  confirm,
}: RowButtonProps) {
  const button = (
    <Button
      type="link"
      size="small"
      onClick={confirm ? undefined : onClick}
      disabled={disabled}
      loading={loading}
      danger={danger}
      data-testid={testId}
    >
      {children}
    </Button>
  );
  if (!confirm) return button;
  return (
    <Popconfirm
      title={confirm.title}
      onConfirm={onClick}
      okButtonProps={confirm.okTestId ? { 'data-testid': confirm.okTestId } : undefined}
    >
      {button}
    </Popconfirm>
  );
}

/** The primary "add …" button of a list's toolbar (also offered by its empty state). */
export function AddButton({
  onClick,
  children,
  testId,
  disabled,
  icon,
}: KitButtonProps & { icon?: ReactNode }) {
  return (
    <Button
      type="primary"
      icon={icon ?? <PlusOutlined />}
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
