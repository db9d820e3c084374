import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Popconfirm, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

/** One entry of a row's {@link RowMore} menu. */
export interface RowMoreItem {
  key: string;
  label: ReactNode;
  onClick: () => unknown;
  danger?: boolean;
  disabled?: boolean;
  testId?: string;
  /** Ask first (a dialog); `onClick` runs on its OK. */
  confirm?: { title: ReactNode; okTestId?: string };
}

/**
 * A row's secondary actions behind one 「更多」 link, so the actions column stays narrow and the
 * table fits its screen (the main one or two actions stay as {@link RowButton}s beside it).
 */
export function RowMore({ items, testId }: { items: RowMoreItem[]; testId?: string }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const run = (item: RowMoreItem) => {
    if (!item.confirm) return void item.onClick();
    void modal.confirm({
      title: item.confirm.title,
      okButtonProps: {
        danger: item.danger,
        ...(item.confirm.okTestId ? { 'data-testid': item.confirm.okTestId } : {}),
      },
      onOk: () => item.onClick(),
    });
  };
  const menu: MenuProps['items'] = items.map((item) => ({
    key: item.key,
    danger: item.danger,
    disabled: item.disabled,
    label: <span data-testid={item.testId}>{item.label}</span>,
  }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: menu,
        onClick: ({ key }) => {
          const item = items.find((i) => i.key === key);
          if (item) run(item);
        },
      }}
    >
      <Button type="link" size="small" data-testid={testId}>
        {t('listPage.more')} <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
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
