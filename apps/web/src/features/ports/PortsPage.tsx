import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PORT_STATES, type PortItem, type PortState } from '@cst/shared';
import { useListQuery } from '../../components/listPage/useListQuery.ts';
import { usersApi } from '../seats/api.ts';
import { portsApi } from './api.ts';
import { PortFormModal } from './PortFormModal.tsx';
import { PortStateTag } from './PortStateTag.tsx';

const isState = (v: string | undefined): v is PortState =>
  (PORT_STATES as readonly string[]).includes(v ?? '');

/** The platform admin's ports: state derived from expiry, filters, grant and renew. */
export function PortsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const q = useListQuery(['tenantId', 'state']);
  const [selected, setSelected] = useState<string[]>([]);
  const [mode, setMode] = useState<'grant' | 'renew' | null>(null);
  const state = isState(q.filters.state) ? q.filters.state : undefined;
  const { data, isFetching, refetch } = useQuery({
    queryKey: ['ports', q.page, q.pageSize, q.filters.tenantId, state],
    queryFn: () =>
      portsApi.list({ page: q.page, pageSize: q.pageSize, tenantId: q.filters.tenantId, state }),
    placeholderData: keepPreviousData,
  });
  const { data: customers } = useQuery({
    queryKey: ['users', 'customers', 'options'],
    queryFn: () => usersApi.pageList({ page: 1, pageSize: 1000 }),
    staleTime: 60_000,
  });
  const tenants = (customers?.list ?? [])
    .filter((u) => u.tenantId)
    .map((u) => ({ value: u.tenantId!, label: u.tenantName ?? u.username }));

  return (
    <Card title={t('ports.title')} className="page" data-testid="ports">
      <Flex justify="space-between" gap={8} wrap className="table-toolbar">
        <Space wrap>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('ports.allTenants')}
            value={q.filters.tenantId}
            onChange={(v?: string) => q.setFilters({ tenantId: v })}
            options={tenants}
            style={{ width: 220 }}
            data-testid="ports-tenant-filter"
          />
          <Select
            allowClear
            placeholder={t('ports.allStates')}
            value={state}
            onChange={(v?: string) => q.setFilters({ state: v })}
            options={PORT_STATES.map((s) => ({ value: s, label: t(`ports.states.${s}`) }))}
            style={{ width: 160 }}
            data-testid="ports-state-filter"
          />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void refetch()}
            aria-label={t('common.refresh')}
          />
        </Space>
        <Space>
          <Button
            disabled={selected.length === 0}
            onClick={() => setMode('renew')}
            data-testid="renew-ports"
          >
            {t('ports.renewSelected', { count: selected.length })}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setMode('grant')}
            data-testid="grant-ports"
          >
            {t('ports.grant')}
          </Button>
        </Space>
      </Flex>
      <Table<PortItem>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.list ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
        }}
        pagination={{
          current: q.page,
          pageSize: q.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: q.setPage,
        }}
        columns={[
          { title: t('ports.code'), dataIndex: 'code' },
          { title: t('ports.tenant'), dataIndex: 'tenantName' },
          {
            title: t('ports.state'),
            dataIndex: 'state',
            render: (s: PortState) => <PortStateTag state={s} />,
          },
          {
            title: t('ports.expiresAt'),
            dataIndex: 'expiresAt',
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('ports.workWxid'),
            dataIndex: 'workWxid',
            render: (v: string | null) =>
              v ?? <Typography.Text type="secondary">{t('ports.unbound')}</Typography.Text>,
          },
        ]}
      />
      <PortFormModal
        mode={mode}
        tenants={tenants}
        selectedIds={selected}
        onClose={(saved) => {
          setMode(null);
          if (saved) {
            setSelected([]);
            void queryClient.invalidateQueries({ queryKey: ['ports'] });
          }
        }}
      />
    </Card>
  );
}
