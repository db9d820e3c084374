import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { SIM_FAULT_KINDS, WS_EVENTS } from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { StatusTag } from '../accounts/StatusTag.tsx';
import { simulatorApi, simulatorKeys, type SimAccount, type SimFaultKind } from './api.ts';
import { avatarSrc } from '../bubbles/media.ts';

/** The tenant's accounts as the platform sees them, with the faults the platform can cause. */
export function SimAccountsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const accounts = useQuery({ queryKey: simulatorKeys.accounts, queryFn: simulatorApi.accounts });
  const refetch = () => void queryClient.invalidateQueries({ queryKey: simulatorKeys.accounts });
  useRealtimeEvent(WS_EVENTS.userStatusChanged, refetch);
  useRealtimeEvent(WS_EVENTS.wxAccountChanged, refetch);
  useRealtimeEvent(WS_EVENTS.flushContactor, refetch);

  const handleFault = async (wxid: string, kind: SimFaultKind) => {
    try {
      await simulatorApi.fault(wxid, kind);
      void message.success(t('simulator.faultDone', { kind: t(`simulator.fault.${kind}`) }));
      refetch();
    } catch {
      // The client has shown the server's message.
    }
  };

  return (
    <Card title={t('simulator.accountsTitle')} size="small">
      <Table<SimAccount>
        rowKey="wxid"
        size="small"
        pagination={false}
        loading={accounts.isFetching && !accounts.data}
        dataSource={accounts.data ?? []}
        locale={{ emptyText: t('simulator.accountsEmpty') }}
        scroll={{ x: 640 }}
        data-testid="sim-accounts"
        columns={[
          {
            title: t('simulator.account'),
            dataIndex: 'nickname',
            render: (v: string, a) => (
              <Space>
                <Avatar size={24} src={avatarSrc(a.avatar)}>
                  {(v || a.wxid).slice(0, 1)}
                </Avatar>
                <span>
                  {v} <span style={{ opacity: 0.6 }}>{a.wxid}</span>
                </span>
              </Space>
            ),
          },
          {
            title: t('accounts.status'),
            dataIndex: 'status',
            width: 110,
            render: (_: unknown, a) => <StatusTag status={a.status} />,
          },
          {
            title: t('accounts.contacts'),
            key: 'contacts',
            width: 140,
            render: (_: unknown, a) =>
              t('simulator.contacts', { contacts: a.contactCount, groups: a.groupCount }),
          },
          {
            title: t('simulator.faults'),
            key: 'faults',
            width: 300,
            render: (_: unknown, a) => (
              <Space size={4} wrap>
                {SIM_FAULT_KINDS.map((kind) => (
                  <Button
                    key={kind}
                    size="small"
                    danger={kind === 'ban'}
                    onClick={() => void handleFault(a.wxid, kind)}
                    data-testid={`sim-fault-${kind}`}
                  >
                    {t(`simulator.fault.${kind}`)}
                  </Button>
                ))}
              </Space>
            ),
          },
        ]}
        onRow={(a) => ({ 'data-wxid': a.wxid }) as React.HTMLAttributes<HTMLElement>}
      />
    </Card>
  );
}
