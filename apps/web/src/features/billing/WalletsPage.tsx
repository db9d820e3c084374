import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WalletItem } from '@cst/shared';
import {
  actionsColumn,
  closeThenRefresh,
  EmptyState,
  ListPage,
  ListTable,
  RowButton,
  SearchFilter,
  timeColumn,
  useListData,
  useListQuery,
} from '../../components/listPage/index.ts';
import { billingApi, billingKeys } from './api.ts';
import { Money } from './Money.tsx';
import { PriceSettingsModal } from './PriceSettingsModal.tsx';
import { RechargeModal } from './RechargeModal.tsx';

/** The platform admin's balances: every company's wallet, recharge, and the price settings. */
export function WalletsPage() {
  const { t } = useTranslation();
  const q = useListQuery(['keyword']);
  const [recharging, setRecharging] = useState<WalletItem | null>(null);
  const [adjusting, setAdjusting] = useState<WalletItem | null>(null);
  const [prices, setPrices] = useState(false);
  const { data, isFetching, refetch } = useListData(
    billingKeys.wallets,
    q.params,
    billingApi.wallets,
  );

  return (
    <ListPage
      title={t('billing.wallets.title')}
      testId="wallets"
      filters={<SearchFilter query={q} name="keyword" placeholder={t('billing.wallets.search')} />}
      actions={
        <Button
          icon={<SettingOutlined />}
          onClick={() => setPrices(true)}
          data-testid="open-prices"
        >
          {t('billing.wallets.prices')}
        </Button>
      }
    >
      <ListTable<WalletItem>
        query={q}
        rowKey="tenantId"
        data={data}
        loading={isFetching}
        empty={
          <EmptyState title={t('billing.wallets.empty')} hint={t('billing.wallets.emptyHint')} />
        }
        columns={[
          { title: t('billing.wallets.tenant'), dataIndex: 'tenantName', width: 200 },
          { title: t('billing.wallets.manager'), dataIndex: 'manager', width: 160 },
          {
            title: t('billing.balance'),
            dataIndex: 'balanceCents',
            width: 150,
            align: 'right',
            render: (v: number, w: WalletItem) => (
              <Money cents={v} testId={`balance-${w.tenantName}`} />
            ),
          },
          {
            title: t('billing.wallets.portCount'),
            dataIndex: 'portCount',
            width: 100,
            align: 'right',
          },
          timeColumn<WalletItem>(t('billing.wallets.lastOrderAt'), 'lastOrderAt'),
          actionsColumn<WalletItem>(t('common.actions'), 220, (w) => (
            <>
              <RowButton onClick={() => setRecharging(w)} testId={`recharge-${w.tenantName}`}>
                {t('billing.recharge')}
              </RowButton>
              <RowButton onClick={() => setAdjusting(w)} testId={`adjust-${w.tenantName}`}>
                {t('billing.adjust')}
              </RowButton>
              <Link to={`/system/orders?tenantId=${w.tenantId}`}>
                {t('billing.wallets.orders')}
              </Link>
            </>
          )),
        ]}
      />
      <RechargeModal wallet={recharging} onClose={closeThenRefresh(setRecharging, refetch)} />
      <RechargeModal
        wallet={adjusting}
        kind="adjust"
        onClose={closeThenRefresh(setAdjusting, refetch)}
      />
      <PriceSettingsModal open={prices} onClose={() => setPrices(false)} />
    </ListPage>
  );
}
