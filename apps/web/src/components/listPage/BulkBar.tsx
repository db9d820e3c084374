import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowSelection } from './useRowSelection.ts';

/** Props of {@link BulkBar}. */
export interface BulkBarProps<T> {
  selection: RowSelection<T>;
  /** Buttons acting on `selection.rows`; disable them when nothing is ticked. */
  children: ReactNode;
}

/** "N selected · clear" and the bulk actions, for the toolbar's action side. */
export function BulkBar<T>({ selection, children }: BulkBarProps<T>) {
  const { t } = useTranslation();
  const count = selection.keys.length;
  return (
    <Flex gap={8} wrap align="center" className="list-bulk-bar">
      <Typography.Text type="secondary" data-testid="selected-count">
        {t('listPage.selected', { count })}
      </Typography.Text>
      {count > 0 && (
        <Button size="small" type="link" onClick={selection.clear} data-testid="clear-selection">
          {t('listPage.clearSelection')}
        </Button>
      )}
      {children}
    </Flex>
  );
}
