import { ShoppingCartOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PORT_STATES, type PortItem, type PortState } from '@cst/shared';
import {
  ListScreen,
  useListPage,
  useRowSelection,
  type ListParams,
} from '../../components/listPage/index.ts';
import { PortStateTag } from '../ports/PortStateTag.tsx';
import { portsApi, PORTS_EXPORT_URL } from '../ports/api.ts';
import { billingKeys } from './api.ts';
import { BalanceBar } from './BalanceBar.tsx';
import { PayPortsModal } from './PayPortsModal.tsx';
import { useWallet } from './useWallet.ts';

const isState = (v: string | undefined): v is PortState =>
  (PORT_STATES as readonly string[]).includes(v ?? '');

/** The URL's params with an unknown state dropped. */
const ownParams = (p: ListParams<'state'>) => ({
  ...p,
  state: isState(p.state) ? p.state : undefined,
});

/** A company's own ports: balance, states, buy and renew from the balance. */
export function MyPortsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const selection = useRowSelection<PortItem>();
  const [mode, setMode] = useState<'buy' | 'renew' | null>(null);
  const wallet = useWallet();
  const page = useListPage({
    key: ['ports', 'own'],
    frame: { title: 'billing.ports.title', testId: 'my-ports' },
    fetch: (p) => portsApi.list(ownParams(p)),
    rowKey: 'id',
    selection,
    toolbar: {
      bulk: {
        label: 'billing.ports.renewSelected',
        onClick: () => setMode('renew'),
        testId: 'renew-my-ports',
      },
      export: { url: PORTS_EXPORT_URL, testId: 'my-ports-export', params: ownParams },
      add: { label: 'billing.ports.buy', onClick: () => setMode('buy'), testId: 'buy-ports' },
    },
    empty: { title: 'billing.ports.empty', hint: 'billing.ports.emptyHint', offerAdd: true },
    filters: [
      {
        kind: 'select',
        name: 'state',
        width: 160,
        placeholder: 'ports.allStates',
        options: { enum: PORT_STATES, prefix: 'ports.states.' },
        testId: 'my-ports-state-filter',
      },
    ],
    columns: [
      { kind: 'text', title: 'ports.code', field: 'code', width: 170 },
      {
        kind: 'render',
        title: 'ports.state',
        key: 'state',
        width: 120,
        render: (p) => <PortStateTag state={p.state} />,
      },
      { kind: 'time', title: 'ports.expiresAt', field: 'expiresAt' },
      {
        kind: 'text',
        title: 'ports.workWxid',
        field: 'workWxid',
        width: 220,
        empty: 'ports.unbound',
      },
      { kind: 'time', title: 'ports.grantedAt', field: 'createdAt' },
    ],
  });

  return (
    <ListScreen
      page={page}
      notice={
        <>
          <BalanceBar
            extra={
              <Link to="/settings/orders">
                <Button icon={<ShoppingCartOutlined />}>{t('billing.ports.viewOrders')}</Button>
              </Link>
            }
          />
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {t('billing.ports.notice')}
          </Typography.Paragraph>
        </>
      }
    >
      <PayPortsModal
        mode={mode}
        selectedIds={selection.keys}
        wallet={wallet.data}
        onClose={(saved) => {
          setMode(null);
          if (saved) {
            selection.clear();
            void queryClient.invalidateQueries({ queryKey: ['ports'] });
            void queryClient.invalidateQueries({ queryKey: billingKeys.all });
            void queryClient.invalidateQueries({ queryKey: ['accounts'] });
          }
        }}
      />
    </ListScreen>
  );
}
