import { Button, Flex, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkAccountItem } from '@cst/shared';
import {
  actionAllowed,
  actionStates,
  deleteByStateAllowed,
  type AccountAction,
} from './accountActions.ts';

/** Props of {@link BulkActions}. */
export interface BulkActionsProps {
  selected: WorkAccountItem[];
  counts: Record<string, number> | undefined;
  onAction: (action: AccountAction, rows: WorkAccountItem[]) => void;
  onDeleteByState: (op: 'deleteBanned' | 'deleteNonOnline') => void;
  onClear: () => void;
}

const BULK: { action: AccountAction; label: string; danger?: boolean }[] = [
  { action: 'distribute', label: 'accounts.distribute' },
  { action: 'restitute', label: 'accounts.restitute' },
  { action: 'moveGroup', label: 'accounts.moveGroup' },
  { action: 'batchEdit', label: 'accounts.batchEdit' },
  { action: 'proxy', label: 'accounts.setProxy' },
  { action: 'pool', label: 'accounts.poolChange' },
  { action: 'multiLogin', label: 'accounts.multiLogin' },
  { action: 'logout', label: 'accounts.logout' },
  { action: 'delete', label: 'accounts.delete', danger: true },
];

/**
 * Operations on the selected accounts, each enabled only when SPEC §5 allows it for every one
 * of them (the hover says which states), and the two deletions by state.
 */
export function BulkActions({
  selected,
  counts,
  onAction,
  onDeleteByState,
  onClear,
}: BulkActionsProps) {
  const { t } = useTranslation();
  const hint = (action: AccountAction) => {
    if (selected.length === 0) return t('accounts.pickAccounts');
    const states = actionStates(action);
    return states
      ? t('accounts.allowedIn', { states: states.map((s) => t(`wxStatus.${s}`)).join('、') })
      : '';
  };
  const byState = (op: 'deleteBanned' | 'deleteNonOnline') => (
    <Button
      danger
      size="small"
      disabled={!deleteByStateAllowed(op, selected, counts)}
      onClick={() => onDeleteByState(op)}
      data-testid={`bulk-${op}`}
    >
      {t(`accounts.${op}`)}
    </Button>
  );
  return (
    <Flex justify="space-between" align="center" gap={8} wrap className="table-toolbar">
      <Space size={4} wrap>
        <Typography.Text type="secondary" data-testid="selected-count">
          {t('accounts.selected', { count: selected.length })}
        </Typography.Text>
        {selected.length > 0 && (
          <Button size="small" type="link" onClick={onClear}>
            {t('accounts.clearSelection')}
          </Button>
        )}
        {BULK.map(({ action, label, danger }) => {
          const allowed = actionAllowed(action, selected);
          const button = (
            <Button
              key={action}
              size="small"
              danger={danger}
              disabled={!allowed}
              onClick={() => onAction(action, selected)}
              data-testid={`bulk-${action}`}
            >
              {t(label)}
            </Button>
          );
          return allowed ? (
            button
          ) : (
            <Tooltip key={action} title={hint(action)}>
              <span>{button}</span>
            </Tooltip>
          );
        })}
      </Space>
      <Space size={4}>
        {byState('deleteBanned')}
        {byState('deleteNonOnline')}
      </Space>
    </Flex>
  );
}
