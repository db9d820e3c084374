import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { FRIEND_REQUEST_STATUS, WS_EVENTS, type FriendRequestPush } from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { useWorkAccounts } from '../../lib/workAccounts/workAccountStore.ts';
import { friendRequestsKeys } from './api.ts';

/**
 * Keeps the request lists live: every `friendRequest` push re-fetches them, and a request that
 * just arrived is announced.
 */
export function useFriendRequestsLive(): void {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const qc = useQueryClient();
  const accounts = useWorkAccounts((s) => s.accounts);
  useRealtimeEvent<FriendRequestPush>(WS_EVENTS.friendRequest, (item) => {
    void qc.invalidateQueries({ queryKey: friendRequestsKeys.all });
    if (item.direction !== 'in' || item.status !== FRIEND_REQUEST_STATUS.requested) return;
    const acc = accounts.find((a) => a.wxid === item.workWxid);
    notification.info({
      key: `fr-${item.id}`,
      message: t('friendRequests.arrivedTitle'),
      description: t('friendRequests.arrived', {
        account: acc?.remark || acc?.nickname || item.workWxid,
        name: item.nickname || item.wxid,
      }),
      placement: 'bottomRight',
    });
  });
}
