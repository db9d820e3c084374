import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PORT_STATES, type PortItem, type PortState } from '@cst/shared';
import {
  ListScreen,
  useListPage,
  useRowSelection,
  type ListParams,
} from '../../components/listPage/index.ts';
import { usersApi } from '../seats/api.ts';
import { portsApi, PORTS_EXPORT_URL } from './api.ts';
import { PortFormModal } from './PortFormModal.tsx';
import { PortStateTag } from './PortStateTag.tsx';

const isState = (v: string | undefined): v is PortState =>
  (PORT_STATES as readonly string[]).includes(v ?? '');

/** The URL's params with an unknown state dropped. */
const portParams = (p: ListParams<'tenantId' | 'state'>) => ({
  ...p,
  state: isState(p.state) ? p.state : undefined,
});

/** The platform admin's ports: state derived from expiry, filters, grant and renew. */
export function PortsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const selection = useRowSelection<PortItem>();
  const [mode, setMode] = useState<'grant' | 'renew' | null>(null);
  const { data: customers, isFetching: loadingCustomers } = useQuery({
    queryKey: ['users', 'customers', 'options'],
    queryFn: () => usersApi.pageList({ page: 1, pageSize: 1000 }),
    staleTime: 60_000,
  });
  const tenants = (customers?.list ?? [])
    .filter((u) => u.tenantId)
    .map((u) => ({ value: u.tenantId!, label: u.tenantName ?? u.username }));
  const page = useListPage({
    key: ['ports'],
    frame: { title: 'ports.title', testId: 'ports' },
    fetch: (p) => portsApi.list(portParams(p)),
    rowKey: 'id',
    selection,
    toolbar: {
      bulk: {
        label: 'ports.renewSelected',
        onClick: () => setMode('renew'),
        testId: 'renew-ports',
      },
      export: { url: PORTS_EXPORT_URL, testId: 'ports-export', params: portParams },
      add: { label: 'ports.grant', onClick: () => setMode('grant'), testId: 'grant-ports' },
    },
    empty: { title: 'ports.empty', hint: 'ports.emptyHint', offerAdd: true },
    filters: [
      {
        kind: 'select',
        name: 'tenantId',
        searchable: true,
        width: 220,
        loading: loadingCustomers,
        placeholder: 'ports.allTenants',
        options: tenants,
        testId: 'ports-tenant-filter',
      },
      {
        kind: 'select',
        name: 'state',
        width: 160,
        placeholder: 'ports.allStates',
        options: { enum: PORT_STATES, prefix: 'ports.states.' },
        testId: 'ports-state-filter',
      },
      {
        kind: 'custom',
        names: [],
        render: () => (
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void page.refetch()}
            aria-label={t('common.refresh')}
          />
        ),
      },
    ],
    columns: [
      { kind: 'text', title: 'ports.code', field: 'code', width: 160 },
      { kind: 'text', title: 'ports.tenant', field: 'tenantName', width: 200 },
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
        width: 200,
        empty: 'ports.unbound',
      },
    ],
  });

  return (
    <ListScreen page={page}>
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
    </ListScreen>
  );
}
