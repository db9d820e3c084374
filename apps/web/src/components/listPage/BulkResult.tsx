import { App, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkOutcome } from './bulk.ts';
import './listPage.css';

/** Props of {@link BulkResultList}. */
export interface BulkResultListProps<T> {
  outcome: BulkOutcome<T>;
  /** How a row is named in the list of failures (its name, account, …). */
  labelOf: (row: T) => string;
}

/** "3 succeeded, 2 failed" and each failed row with its reason. */
export function BulkResultList<T>({ outcome, labelOf }: BulkResultListProps<T>) {
  const { t } = useTranslation();
  const ok = outcome.ok.length;
  const failed = outcome.failed.length;
  return (
    <div data-testid="bulk-result">
      <Typography.Paragraph strong data-testid="bulk-summary">
        {failed ? t('listPage.bulkSummary', { ok, failed }) : t('listPage.bulkAllOk', { ok })}
      </Typography.Paragraph>
      {failed > 0 && (
        <>
          <Typography.Text type="secondary">{t('listPage.bulkFailedRows')}</Typography.Text>
          <ul className="list-bulk-failures" data-testid="bulk-failures">
            {outcome.failed.map(({ row, reason }, i) => (
              <li key={i}>
                <Typography.Text strong>{labelOf(row)}</Typography.Text>
                {reason ? `${t('common.colon')}${reason}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * Shows a bulk outcome: a success toast when every row succeeded, else a dialog listing the
 * failed rows with their reasons.
 */
export function useBulkResult() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return useCallback(
    <T,>(action: string, outcome: BulkOutcome<T>, labelOf: (row: T) => string) => {
      if (outcome.failed.length === 0) {
        void message.success(t('listPage.bulkAllOk', { ok: outcome.ok.length }));
        return;
      }
      const show = outcome.ok.length ? modal.warning : modal.error;
      void show({
        title: t('listPage.bulkTitle', { action }),
        width: 520,
        content: <BulkResultList outcome={outcome} labelOf={labelOf} />,
        okButtonProps: { 'data-testid': 'bulk-result-ok' },
      });
    },
    [message, modal, t],
  );
}
