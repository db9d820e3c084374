import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkAccountStatus } from '@cst/shared';
import { STATUS_COLOR } from './status.ts';

/** Props of {@link StatusTag}. */
export interface StatusTagProps {
  status: WorkAccountStatus;
  /** Why the account is in this state (shown on hover). */
  reason?: string;
}

/** The coloured tag of a work-account status, in the user's language. */
export function StatusTag({ status, reason }: StatusTagProps) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={STATUS_COLOR[status]} data-testid="wx-status" data-status={status}>
      {t(`wxStatus.${status}`)}
    </Tag>
  );
  return reason ? <Tooltip title={t('accounts.reason', { reason })}>{tag}</Tooltip> : tag;
}
