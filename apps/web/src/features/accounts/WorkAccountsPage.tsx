import { ExperimentOutlined, GlobalOutlined, QrcodeOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ACCOUNT_PAGE_SIZE,
  type WorkAccountItem,
  type WorkAccountPool,
  type WorkAccountStatus,
} from '@cst/shared';
import { useListQuery } from '../../components/listPage/useListQuery.ts';
import type { AccountAction } from './accountActions.ts';
import { AccountDialogs, type AccountDialog } from './AccountDialogs.tsx';
import { AccountFilters } from './AccountFilters.tsx';
import { AccountGroupTree } from './AccountGroupTree.tsx';
import { AccountTable } from './AccountTable.tsx';
import { accountsApi, accountsKeys, usePlatform } from './api.ts';
import { BulkActions } from './BulkActions.tsx';
import { ProxyDrawer } from './ProxyDrawer.tsx';
import { StatusChips } from './StatusChips.tsx';
import { useAccountCommands } from './useAccountCommands.tsx';
import { useAccountListLive } from './useAccountLiveUpdates.ts';
import './accounts.css';

const FILTERS = ['keyword', 'status', 'pool', 'groupId'] as const;

/** Work-account management (SPEC §2–5): groups, filters, the live list and every operation. */
export function WorkAccountsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const platform = usePlatform();
  const q = useListQuery(FILTERS, { pageSize: ACCOUNT_PAGE_SIZE });
  const { keyword, status, pool, groupId } = q.filters;
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<AccountDialog | null>(null);
  const [proxiesOpen, setProxiesOpen] = useState(false);
  const list = useQuery({
    queryKey: [...accountsKeys.list, q.page, q.pageSize, q.filters],
    queryFn: () =>
      accountsApi.list({
        page: q.page,
        pageSize: q.pageSize,
        keyword,
        groupId,
        status: status as WorkAccountStatus | undefined,
        pool: pool as WorkAccountPool | undefined,
      }),
    placeholderData: keepPreviousData,
  });
  useAccountListLive();
  const rows = useMemo(() => list.data?.list ?? [], [list.data]);
  const selectedRows = useMemo(
    () => rows.filter((r) => selected.includes(r.wxid)),
    [rows, selected],
  );
  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: accountsKeys.all });
  };
  const commands = useAccountCommands(refresh);

  const handleAction = (action: AccountAction, target: WorkAccountItem[]) => {
    const wxids = target.map((r) => r.wxid);
    switch (action) {
      case 'remark':
        return setDialog({ kind: 'remark', account: target[0]! });
      case 'distribute':
      case 'moveGroup':
      case 'batchEdit':
      case 'proxy':
      case 'pool':
        return setDialog({ kind: action, wxids });
      case 'delete':
        return setDialog({ kind: 'delete', op: 'delete', wxids });
      case 'relogin':
        return setDialog({ kind: 'qr', wxid: wxids[0] });
      case 'logout':
        return commands.logout(wxids);
      case 'restitute':
        return commands.restitute(wxids);
      case 'multiLogin':
        return void commands.multiLogin(wxids);
    }
  };

  return (
    <div className="wx-accounts-page" data-testid="wx-accounts-page">
      <AccountGroupTree selected={groupId ?? ''} onSelect={(id) => q.setFilters({ groupId: id })} />
      <Card
        className="wx-main-card"
        title={t('accounts.title')}
        extra={
          <Space wrap>
            {platform.data?.simulator && (
              <Button icon={<ExperimentOutlined />} onClick={() => void navigate('/simulator')}>
                {t('accounts.openSimulator')}
              </Button>
            )}
            <Button
              icon={<GlobalOutlined />}
              onClick={() => setProxiesOpen(true)}
              data-testid="open-proxies"
            >
              {t('accounts.proxies')}
            </Button>
            <Button
              type="primary"
              icon={<QrcodeOutlined />}
              onClick={() => setDialog({ kind: 'qr' })}
              data-testid="qr-login"
            >
              {t('accounts.addByQr')}
            </Button>
          </Space>
        }
      >
        <Flex vertical gap={4}>
          <AccountFilters filters={q.filters} onChange={q.setFilters} />
          <StatusChips
            counts={list.data?.counts}
            selected={status as WorkAccountStatus | undefined}
            onSelect={(s) => q.setFilters({ status: s })}
          />
          <BulkActions
            selected={selectedRows}
            counts={list.data?.counts}
            onAction={handleAction}
            onDeleteByState={(op) =>
              setDialog({
                kind: 'delete',
                op,
                wxids: selectedRows.length ? selectedRows.map((r) => r.wxid) : undefined,
              })
            }
            onClear={() => setSelected([])}
          />
          <AccountTable
            rows={rows}
            total={list.data?.total ?? 0}
            loading={list.isFetching && !list.data}
            page={q.page}
            pageSize={q.pageSize}
            onPage={q.setPage}
            selected={selected}
            onSelect={setSelected}
            onAction={handleAction}
          />
        </Flex>
      </Card>
      <AccountDialogs
        dialog={dialog}
        groupId={groupId}
        onClose={(changed) => {
          setDialog(null);
          if (changed) refresh();
        }}
      />
      <ProxyDrawer open={proxiesOpen} onClose={() => setProxiesOpen(false)} />
    </div>
  );
}
