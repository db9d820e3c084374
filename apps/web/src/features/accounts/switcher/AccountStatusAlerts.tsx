import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WS_EVENTS } from '@cst/shared';
import { useRealtimeEvent } from '../../../lib/realtime/useRealtimeEvent.ts';
import { useCan } from '../../../lib/session/sessionStore.ts';
import type { StatusPush } from '../liveCache.ts';
import { useWorkAccounts } from '../../../lib/workAccounts/workAccountStore.ts';

/** Statuses that stop an account from working: each raises a notification. */
export const ALERT_STATUSES = ['banned', 'kickedOut', 'proxyFailed'] as const;
type AlertStatus = (typeof ALERT_STATUSES)[number];

/** How long a notification stays, in seconds. */
const ALERT_SECONDS = 12;

/** Whether a status push is one to raise a notification for. */
export function isAlertStatus(status: string): status is AlertStatus {
  return (ALERT_STATUSES as readonly string[]).includes(status);
}

/**
 * Raises a notification wherever the user is in the console when a work account they see is
 * banned, kicked out or loses its proxy (the `userStatusChanged` push reaches exactly those who
 * may see the account). Whoever manages accounts gets a link to 工作号管理. Renders nothing.
 */
export function AccountStatusAlerts() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const canManage = useCan('account.manage');
  useRealtimeEvent<StatusPush>(WS_EVENTS.userStatusChanged, (push) => {
    if (!isAlertStatus(push.status)) return;
    const account = useWorkAccounts.getState().accounts.find((a) => a.wxid === push.wxid);
    const name = account ? account.remark || account.nickname || account.wxid : push.wxid;
    const key = `account-alert:${push.wxid}`;
    notification.warning({
      key,
      title: t(`accountAlert.${push.status}`),
      description: (
        <div data-testid="account-alert-text">
          <div>{t(`accountAlert.hint.${push.status}`, { name })}</div>
          {push.reason && <div>{t('accountAlert.reason', { reason: push.reason })}</div>}
        </div>
      ),
      actions: canManage ? (
        <Button
          type="primary"
          size="small"
          onClick={() => {
            notification.destroy(key);
            void navigate('/settings/wxaccount');
          }}
        >
          {t('accountAlert.open')}
        </Button>
      ) : undefined,
      // Long enough to be read (paused while the pointer is on it); the table keeps the state.
      duration: ALERT_SECONDS,
      placement: 'topRight',
      className: 'account-alert',
      role: 'alert',
    });
  });
  return null;
}
