import { CustomerServiceOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WS_EVENTS, type TransferItem } from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { useCan, useSession } from '../../lib/session/sessionStore.ts';
import { seatName, serviceApi, serviceKeys } from './api.ts';
import { acceptTransfer, chatLink } from './transferActions.ts';

/** The header's service-management entry, for whoever may read conversations. */
export function TransferInbox() {
  return useCan('conversation.read') ? <LiveTransferInbox /> : null;
}

/**
 * The transfers waiting for the user (a badge; a click opens service management), and the live
 * notice of a new one with its note and an accept button.
 */
function LiveTransferInbox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { notification, message } = App.useApp();
  const me = useSession((s) => s.user?.uid);
  const { data } = useQuery({
    queryKey: serviceKeys.pendingIn,
    queryFn: () => serviceApi.list({ direction: 'in', state: 'pending', page: 1, pageSize: 1 }),
    staleTime: 60_000,
  });
  const count = data?.total ?? 0;

  useRealtimeEvent<TransferItem>(WS_EVENTS.serviceTransfer, (tr) => {
    void qc.invalidateQueries({ queryKey: serviceKeys.all });
    if (tr.to.uid !== me || tr.state !== 'pending') return;
    const key = `transfer-${tr.id}`;
    const what =
      tr.scope === 'account'
        ? t('service.incomingAccount', { name: tr.workNickname || tr.workWxid })
        : t('service.incomingConv', { name: tr.conversationName ?? '' });
    notification.open({
      key,
      icon: <CustomerServiceOutlined />,
      title: t('service.incoming', { name: seatName(tr.from), what }),
      description: tr.note || undefined,
      duration: 0,
      actions: (
        <Space>
          <Button
            size="small"
            onClick={() => {
              notification.destroy(key);
              void navigate('/service');
            }}
          >
            {t('service.title')}
          </Button>
          <Button
            size="small"
            type="primary"
            data-testid="transfer-accept-notice"
            onClick={() => {
              notification.destroy(key);
              void acceptTransfer(qc, tr.id).then(() => {
                void message.success(t('service.accepted'));
                if (tr.index_name) void navigate(chatLink(tr.index_name));
              });
            }}
          >
            {t('service.accept')}
          </Button>
        </Space>
      ),
    });
  });

  const label = count > 0 ? t('service.pendingIn', { count }) : t('service.title');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        data-testid="transfer-inbox"
        data-count={count}
        onClick={() => void navigate('/service')}
        icon={
          <Badge count={count} size="small" offset={[4, -2]}>
            <CustomerServiceOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Tooltip>
  );
}
