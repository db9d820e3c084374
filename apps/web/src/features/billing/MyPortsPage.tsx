import { ShoppingCartOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PORT_STATES, type PortItem, type PortState } from '@cst/shared';
import {
  AddButton,
  BulkBar,
  EmptyState,
  ExportButton,
  ListPage,
  ListTable,
  SelectFilter,
  timeColumn,
  useListData,
  useListQuery,
  useRowSelection,
} from '../../components/listPage/index.ts';
import { PortStateTag } from '../ports/PortStateTag.tsx';
import { portsApi, PORTS_EXPORT_URL } from '../ports/api.ts';
import { billingKeys } from './api.ts';
import { BalanceBar } from './BalanceBar.tsx';
import { PayPortsModal } from './PayPortsModal.tsx';
import { useWallet } from './useWallet.ts';

const isState = (v: string | undefined): v is PortState =>
  (PORT_STATES as readonly string[]).includes(v ?? '');

/** A company's own ports: balance, states, buy and renew from the balance. */
export function MyPortsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const q = useListQuery(['state']);
  const selection = useRowSelection<PortItem>();
  const [mode, setMode] = useState<'buy' | 'renew' | null>(null);
  const wallet = useWallet();
  const params = { ...q.params, state: isState(q.filters.state) ? q.filters.state : undefined };
  const { data, isFetching } = useListData(['ports', 'own'], params, portsApi.list);
  const buy = (testId?: string) => (
    <AddButton onClick={() => setMode('buy')} testId={testId}>
      {t('billing.ports.buy')}
    </AddButton>
  );

  return (
    <ListPage
      title={t('billing.ports.title')}
      testId="my-ports"
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
      filters={
        <SelectFilter
          query={q}
          name="state"
          width={160}
          placeholder={t('ports.allStates')}
          options={PORT_STATES.map((s) => ({ value: s, label: t(`ports.states.${s}`) }))}
          testId="my-ports-state-filter"
        />
      }
      actions={
        <>
          <BulkBar selection={selection}>
            <Button
              disabled={selection.keys.length === 0}
              onClick={() => setMode('renew')}
              data-testid="renew-my-ports"
            >
              {t('billing.ports.renewSelected', { count: selection.keys.length })}
            </Button>
          </BulkBar>
          <ExportButton url={PORTS_EXPORT_URL} params={params} testId="my-ports-export" />
          {buy('buy-ports')}
        </>
      }
    >
      <ListTable<PortItem>
        query={q}
        rowKey="id"
        data={data}
        loading={isFetching}
        selection={selection}
        empty={
          <EmptyState
            title={t('billing.ports.empty')}
            hint={t('billing.ports.emptyHint')}
            action={buy()}
          />
        }
        columns={[
          { title: t('ports.code'), dataIndex: 'code', width: 170 },
          {
            title: t('ports.state'),
            dataIndex: 'state',
            width: 120,
            render: (s: PortState) => <PortStateTag state={s} />,
          },
          timeColumn<PortItem>(t('ports.expiresAt'), 'expiresAt'),
          {
            title: t('ports.workWxid'),
            dataIndex: 'workWxid',
            width: 220,
            render: (v: string | null) =>
              v ?? <Typography.Text type="secondary">{t('ports.unbound')}</Typography.Text>,
          },
          timeColumn<PortItem>(t('ports.grantedAt'), 'createdAt'),
        ]}
      />
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
    </ListPage>
  );
}
