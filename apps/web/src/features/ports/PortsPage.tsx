import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PortItem } from '@cst/shared';
import { ListScreen, useListPage, useRowSelection } from '../../components/listPage/index.ts';
import { usersApi } from '../seats/api.ts';
import { PortFormModal } from './PortFormModal.tsx';
import { portListSpec, usePortDialog } from './portListSpec.tsx';

/** The platform admin's ports: state derived from expiry, filters, grant and renew. */
export function PortsPage() {
  const { t } = useTranslation();
  const selection = useRowSelection<PortItem>();
  const { mode, setMode, close } = usePortDialog<'grant' | 'renew'>(selection);
  const { data: customers, isFetching: loadingCustomers } = useQuery({
    queryKey: ['users', 'customers', 'options'],
    queryFn: () => usersApi.pageList({ page: 1, pageSize: 1000 }),
    staleTime: 60_000,
  });
  const tenants = (customers?.list ?? [])
    .filter((u) => u.tenantId)
    .map((u) => ({ value: u.tenantId!, label: u.tenantName ?? u.username }));
  const page = useListPage(
    portListSpec<'tenantId'>({
      key: ['ports'],
      texts: 'ports',
      testId: 'ports',
      add: { label: 'ports.grant', onClick: () => setMode('grant'), testId: 'grant-ports' },
      onRenew: () => setMode('renew'),
      selection,
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
      ],
      columnsAfterCode: [{ kind: 'text', title: 'ports.tenant', field: 'tenantName', width: 200 }],
    }),
  );

  return (
    <ListScreen
      page={page}
      filters={
        <>
          {page.filterBar}
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void page.refetch()}
            aria-label={t('common.refresh')}
          />
        </>
      }
    >
      <PortFormModal mode={mode} tenants={tenants} selectedIds={selection.keys} onClose={close} />
    </ListScreen>
  );
}
