import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatCents, ORDER_TYPES, type OrderItem, type OrderType } from '@cst/shared';
import {
  DateRangeFilter,
  EmptyState,
  ExportButton,
  ListPage,
  ListTable,
  SearchFilter,
  SelectFilter,
  timeColumn,
  useListData,
  useListQuery,
} from '../../components/listPage/index.ts';
import { useCan } from '../../lib/session/sessionStore.ts';
import { AiUsageBar } from '../ai/AiUsageBar.tsx';
import { billingApi, billingKeys, ORDERS_EXPORT_URL } from './api.ts';
import { BalanceBar } from './BalanceBar.tsx';
import { Money } from './Money.tsx';
import { OrderTypeTag } from './OrderTypeTag.tsx';

const isType = (v: string | undefined): v is OrderType =>
  (ORDER_TYPES as readonly string[]).includes(v ?? '');
const num = (v: string | undefined) => (v && Number.isFinite(Number(v)) ? Number(v) : undefined);

/**
 * Orders, newest first: a company's own (with its balance and this month's AI usage above), or every company's for the
 * platform admin (with a company filter). Filters live in the URL; the export takes the same.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const admin = useCan('platform.billing');
  const q = useListQuery(['tenantId', 'type', 'orderNumber', 'from', 'to']);
  const to = num(q.filters.to);
  const params = {
    ...q.params,
    type: isType(q.filters.type) ? q.filters.type : undefined,
    tenantId: admin ? q.filters.tenantId || undefined : undefined,
    orderNumber: q.filters.orderNumber || undefined,
    from:
      num(q.filters.from) === undefined
        ? undefined
        : dayjs(num(q.filters.from)).startOf('day').valueOf(),
    to: to === undefined ? undefined : dayjs(to).endOf('day').valueOf() + 1,
  };
  const { data, isFetching } = useListData(billingKeys.orders, params, billingApi.orders);
  const { data: wallets } = useQuery({
    queryKey: [...billingKeys.wallets, 'options'],
    queryFn: () => billingApi.wallets({ page: 1, pageSize: 500 }),
    enabled: admin,
    staleTime: 60_000,
  });

  return (
    <ListPage
      title={t(admin ? 'billing.orders.allTitle' : 'billing.orders.title')}
      testId="orders"
      notice={
        admin ? undefined : (
          <Flex vertical gap={12}>
            <BalanceBar />
            <AiUsageBar />
          </Flex>
        )
      }
      filters={
        <>
          {admin && (
            <SelectFilter
              query={q}
              name="tenantId"
              searchable
              width={200}
              placeholder={t('billing.orders.allTenants')}
              options={(wallets?.list ?? []).map((w) => ({
                value: w.tenantId,
                label: w.tenantName,
              }))}
              testId="orders-tenant-filter"
            />
          )}
          <SelectFilter
            query={q}
            name="type"
            width={140}
            placeholder={t('billing.orders.allTypes')}
            options={ORDER_TYPES.map((v) => ({ value: v, label: t(`billing.orders.types.${v}`) }))}
            testId="orders-type-filter"
          />
          <SearchFilter query={q} name="orderNumber" placeholder={t('billing.orders.search')} />
          <DateRangeFilter query={q} names={['from', 'to']} testId="orders-range" />
        </>
      }
      actions={<ExportButton url={ORDERS_EXPORT_URL} params={params} testId="orders-export" />}
    >
      <ListTable<OrderItem>
        query={q}
        rowKey="id"
        data={data}
        loading={isFetching}
        empty={
          <EmptyState title={t('billing.orders.empty')} hint={t('billing.orders.emptyHint')} />
        }
        columns={[
          {
            title: t('billing.orderNumber'),
            dataIndex: 'orderNumber',
            width: 260,
            render: (v: string) => (
              <Typography.Text copyable className="order-number">
                {v}
              </Typography.Text>
            ),
          },
          ...(admin
            ? [{ title: t('billing.orders.tenant'), dataIndex: 'tenantName', width: 160 }]
            : []),
          {
            title: t('billing.orders.type'),
            dataIndex: 'type',
            width: 100,
            render: (v: OrderType) => <OrderTypeTag type={v} />,
          },
          {
            // The change, with the balance before and after under it: one column instead of
            // three, so the order's time stays in view at 1440 px.
            title: t('billing.orders.changeBalance'),
            dataIndex: 'changeAmount',
            width: 180,
            align: 'right',
            render: (v: number, o: OrderItem) => (
              <Flex vertical align="flex-end">
                <Money cents={v} signed />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {yuan(o.preAmount)} → {yuan(o.afterAmount)}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('billing.orders.detail'),
            key: 'detail',
            width: 220,
            render: (_: unknown, o: OrderItem) => <OrderDetail order={o} />,
          },
          { title: t('billing.orders.operator'), dataIndex: 'operator', width: 120 },
          timeColumn<OrderItem>(t('billing.orders.time'), 'createdAt'),
        ]}
      />
    </ListPage>
  );
}

/** A balance as plain text (¥1,234.56). */
const yuan = (cents: number) => `${cents < 0 ? '-' : ''}¥${formatCents(Math.abs(cents))}`;

/** What an order was for: ports and months, or its remark. */
function OrderDetail({ order: o }: { order: OrderItem }) {
  const { t } = useTranslation();
  if (o.type === 'trial') return <>{t('billing.orders.trialDetail', { count: o.portCount })}</>;
  if (o.type === 'portGrant' || o.type === 'portGrantRenew') {
    const days = /^(\d+)d$/.exec(o.remark)?.[1] ?? '';
    return <>{t('billing.orders.grantDetail', { count: o.portCount, days })}</>;
  }
  if (o.type === 'portBuy' || o.type === 'portRenew') {
    return <>{t('billing.orders.portsMonths', { count: o.portCount, months: o.months })}</>;
  }
  return <Typography.Text type="secondary">{o.remark || '—'}</Typography.Text>;
}
