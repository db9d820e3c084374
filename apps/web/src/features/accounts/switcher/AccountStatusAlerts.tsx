import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WS_EVENTS, type AccountRiskPush } from '@cst/shared';
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

/** How an account is named in a notification: its remark, nickname or wxid. */
function nameOf(
  account: { remark?: string; nickname?: string; wxid: string } | undefined,
  wxid: string,
): string {
  return account ? account.remark || account.nickname || account.wxid : wxid;
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
  /** One notification (replacing the earlier one of `key`), with a way to 工作号管理 for managers. */
  const alert = (
    show: typeof notification.warning,
    key: string,
    text: { title: string; hint: string; reason?: string; testId: string },
  ) =>
    show({
      key,
      title: text.title,
      description: (
        <div data-testid={text.testId}>
          <div>{text.hint}</div>
          {text.reason && <div>{t('accountAlert.reason', { reason: text.reason })}</div>}
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
  useRealtimeEvent<StatusPush>(WS_EVENTS.userStatusChanged, (push) => {
    if (!isAlertStatus(push.status)) return;
    const account = useWorkAccounts.getState().accounts.find((a) => a.wxid === push.wxid);
    alert(notification.warning, `account-alert:${push.wxid}`, {
      title: t(`accountAlert.${push.status}`),
      hint: t(`accountAlert.hint.${push.status}`, { name: nameOf(account, push.wxid) }),
      reason: push.reason,
      testId: 'account-alert-text',
    });
  });
  // An account at ban risk 危险: its automated sends paused; whoever sees it is told at once.
  useRealtimeEvent<AccountRiskPush>(WS_EVENTS.accountRisk, (push) => {
    if (push.risk !== 'danger') return;
    const account = useWorkAccounts.getState().accounts.find((a) => a.wxid === push.wxid);
    alert(notification.error, `account-risk:${push.wxid}`, {
      title: t('accountRisk.alert'),
      hint: t('accountRisk.alertHint', { name: nameOf(account, push.wxid) }),
      reason: push.reason,
      testId: 'account-risk-text',
    });
  });
  return null;
}
