import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { usersApi } from '../seats/api.ts';
import { portsApi, PORTS_EXPORT_URL } from './api.ts';
import { PortFormModal } from './PortFormModal.tsx';
import { PortStateTag } from './PortStateTag.tsx';

const isState = (v: string | undefined): v is PortState =>
  (PORT_STATES as readonly string[]).includes(v ?? '');

/** The platform admin's ports: state derived from expiry, filters, grant and renew. */
export function PortsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const q = useListQuery(['tenantId', 'state']);
  const selection = useRowSelection<PortItem>();
  const [mode, setMode] = useState<'grant' | 'renew' | null>(null);
  const params = { ...q.params, state: isState(q.filters.state) ? q.filters.state : undefined };
  const { data, isFetching, refetch } = useListData(['ports'], params, portsApi.list);
  const { data: customers, isFetching: loadingCustomers } = useQuery({
    queryKey: ['users', 'customers', 'options'],
    queryFn: () => usersApi.pageList({ page: 1, pageSize: 1000 }),
    staleTime: 60_000,
  });
  const tenants = (customers?.list ?? [])
    .filter((u) => u.tenantId)
    .map((u) => ({ value: u.tenantId!, label: u.tenantName ?? u.username }));
  const grant = (testId?: string) => (
    <AddButton onClick={() => setMode('grant')} testId={testId}>
      {t('ports.grant')}
    </AddButton>
  );

  return (
    <ListPage
      title={t('ports.title')}
      testId="ports"
      filters={
        <>
          <SelectFilter
            query={q}
            name="tenantId"
            searchable
            width={220}
            loading={loadingCustomers}
            placeholder={t('ports.allTenants')}
            options={tenants}
            testId="ports-tenant-filter"
          />
          <SelectFilter
            query={q}
            name="state"
            width={160}
            placeholder={t('ports.allStates')}
            options={PORT_STATES.map((s) => ({ value: s, label: t(`ports.states.${s}`) }))}
            testId="ports-state-filter"
          />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void refetch()}
            aria-label={t('common.refresh')}
          />
        </>
      }
      actions={
        <>
          <BulkBar selection={selection}>
            <Button
              disabled={selection.keys.length === 0}
              onClick={() => setMode('renew')}
              data-testid="renew-ports"
            >
              {t('ports.renewSelected', { count: selection.keys.length })}
            </Button>
          </BulkBar>
          <ExportButton url={PORTS_EXPORT_URL} params={params} testId="ports-export" />
          {grant('grant-ports')}
        </>
      }
    >
      <ListTable<PortItem>
        query={q}
        rowKey="id"
        data={data}
        loading={isFetching}
        selection={selection}
        empty={<EmptyState title={t('ports.empty')} hint={t('ports.emptyHint')} action={grant()} />}
        columns={[
          { title: t('ports.code'), dataIndex: 'code', width: 160 },
          { title: t('ports.tenant'), dataIndex: 'tenantName', width: 200 },
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
            width: 200,
            render: (v: string | null) =>
              v ?? <Typography.Text type="secondary">{t('ports.unbound')}</Typography.Text>,
          },
        ]}
      />
      <PortFormModal
        mode={mode}
        tenants={tenants}
        selectedIds={selection.keys}
        onClose={(saved) => {
          setMode(null);
          if (saved) {
            selection.clear();
            void queryClient.invalidateQueries({ queryKey: ['ports'] });
          }
        }}
      />
    </ListPage>
  );
}
