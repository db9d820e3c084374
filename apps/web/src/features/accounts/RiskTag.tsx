import { Button, Popconfirm, Tag, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountRisk } from '@cst/shared';
import { useCan } from '../../lib/session/sessionStore.ts';
import { bulkSendKeys } from '../bulkSend/api.ts';
import { fanTasksKeys } from '../fanTasks/api.ts';
import { accountsApi, accountsKeys } from './api.ts';

const COLOR: Record<Exclude<AccountRisk, 'normal'>, string> = {
  caution: 'orange',
  danger: 'red',
};

/**
 * The ban risk of a work account (注意 / 危险; nothing while normal), its reason on hover. With
 * `resumable`, a manager can resume an account at risk: its paused automated sends go on.
 */
export function RiskTag({
  wxid,
  risk,
  reason,
  resumable = false,
}: {
  wxid: string;
  risk?: AccountRisk;
  reason?: string;
  resumable?: boolean;
}) {
  const { t } = useTranslation();
  const canManage = useCan('account.manage');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!risk || risk === 'normal') return null;
  const resume = async () => {
    setBusy(true);
    try {
      await accountsApi.riskResume([wxid]);
      await queryClient.invalidateQueries({ queryKey: accountsKeys.all });
      // The tasks the risk paused run again: lists cached while away show it on return.
      void queryClient.invalidateQueries({ queryKey: bulkSendKeys.list });
      void queryClient.invalidateQueries({ queryKey: fanTasksKeys.list });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span data-testid="risk-tag" data-risk={risk}>
      <Tooltip
        title={
          risk === 'danger'
            ? t('accountRisk.dangerHint', { reason: reason ?? '' })
            : t('accountRisk.cautionHint', { reason: reason ?? '' })
        }
      >
        <Tag color={COLOR[risk]} style={{ marginInlineEnd: 4 }}>
          {t(`accountRisk.${risk}`)}
        </Tag>
      </Tooltip>
      {resumable && canManage && (
        <Popconfirm
          title={t('accountRisk.resumeConfirm')}
          onConfirm={() => void resume()}
          okText={t('accountRisk.resume')}
        >
          <Button size="small" type="link" loading={busy} data-testid="risk-resume">
            {t('accountRisk.resume')}
          </Button>
        </Popconfirm>
      )}
    </span>
  );
}
