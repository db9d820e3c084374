import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkAccountItem } from '@cst/shared';
import { BulkBar, type RowSelection } from '../../../components/listPage/index.ts';
import {
  ACTION_LABELS,
  actionAllowed,
  deleteByStateAllowed,
  type AccountAction,
} from './accountActions.ts';
import { actionHint } from './actionHint.ts';

/** Props of {@link BulkActions}. */
export interface BulkActionsProps {
  selection: RowSelection<WorkAccountItem>;
  counts: Record<string, number> | undefined;
  onAction: (action: AccountAction, rows: WorkAccountItem[]) => void;
  onDeleteByState: (op: 'deleteBanned' | 'deleteNonOnline') => void;
}

const BULK: AccountAction[] = [
  'distribute',
  'restitute',
  'moveGroup',
  'batchEdit',
  'batchProfile',
  'proxy',
  'pool',
  'multiLogin',
  'logout',
  'delete',
];

/**
 * Operations on the selected accounts, each enabled only when SPEC §5 allows it for every one
 * of them (the hover says which states), and the two deletions by state.
 */
export function BulkActions({ selection, counts, onAction, onDeleteByState }: BulkActionsProps) {
  const { t } = useTranslation();
  const selected = selection.rows;
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
    <BulkBar selection={selection}>
      {BULK.map((action) => {
        const allowed = actionAllowed(action, selected);
        const button = (
          <Button
            key={action}
            size="small"
            danger={action === 'delete'}
            disabled={!allowed}
            onClick={() => onAction(action, selected)}
            data-testid={`bulk-${action}`}
          >
            {t(ACTION_LABELS[action])}
          </Button>
        );
        return allowed ? (
          button
        ) : (
          <Tooltip
            key={action}
            title={selected.length === 0 ? t('accounts.pickAccounts') : actionHint(t, action)}
          >
            <span>{button}</span>
          </Tooltip>
        );
      })}
      {byState('deleteBanned')}
      {byState('deleteNonOnline')}
    </BulkBar>
  );
}
