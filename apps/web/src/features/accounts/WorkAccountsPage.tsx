import { ExperimentOutlined, GlobalOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ACCOUNT_PAGE_SIZE,
  type WorkAccountItem,
  type WorkAccountPool,
  type WorkAccountStatus,
} from '@cst/shared';
import {
  ExportButton,
  ListToolbar,
  useListData,
  useListQuery,
  useRowSelection,
} from '../../components/listPage/index.ts';
import type { AccountAction } from './table/accountActions.ts';
import { AccountDialogs, type AccountDialog } from './table/AccountDialogs.tsx';
import { AccountFilters } from './table/AccountFilters.tsx';
import { AccountGroupTree } from './table/AccountGroupTree.tsx';
import { AccountTable } from './table/AccountTable.tsx';
import { ACCOUNTS_EXPORT_URL, accountsApi, accountsKeys, usePlatform } from './api.ts';
import { BulkActions } from './table/BulkActions.tsx';
import { ProxyDrawer } from './proxies/ProxyDrawer.tsx';
import { AssignmentRulesModal } from '../service/AssignmentRulesModal.tsx';
import { StatusChips } from './table/StatusChips.tsx';
import { useAccountCommands } from './table/useAccountCommands.tsx';
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
  const { status, groupId } = q.filters;
  const selection = useRowSelection<WorkAccountItem>();
  const [dialog, setDialog] = useState<AccountDialog | null>(null);
  const [proxiesOpen, setProxiesOpen] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const list = useListData(accountsKeys.list, q.params, (p) =>
    accountsApi.list({
      ...p,
      status: p.status as WorkAccountStatus | undefined,
      pool: p.pool as WorkAccountPool | undefined,
    }),
  );
  useAccountListLive();
  const refresh = () => {
    selection.clear();
    void queryClient.invalidateQueries({ queryKey: accountsKeys.all });
  };
  const commands = useAccountCommands(refresh);
  const addByQr = (testId?: string) => (
    <Button
      type="primary"
      icon={<QrcodeOutlined />}
      onClick={() => setDialog({ kind: 'qr' })}
      data-testid={testId}
    >
      {t('accounts.addByQr')}
    </Button>
  );

  const handleAction = (action: AccountAction, target: WorkAccountItem[]) => {
    const wxids = target.map((r) => r.wxid);
    switch (action) {
      case 'remark':
        return setDialog({ kind: 'remark', account: target[0]! });
      case 'distribute':
      case 'moveGroup':
      case 'batchEdit':
      case 'batchProfile':
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
        return void commands.multiLogin(target);
    }
  };

  return (
    <div className="wx-accounts-page" data-testid="wx-accounts-page">
      <AccountGroupTree selected={groupId ?? ''} onSelect={(id) => q.setFilters({ groupId: id })} />
      <Card
        className="wx-main-card list-page"
        title={t('accounts.title')}
        extra={
          <Space wrap>
            {platform.data?.simulator && (
              <Button icon={<ExperimentOutlined />} onClick={() => void navigate('/simulator')}>
                {t('accounts.openSimulator')}
              </Button>
            )}
            <Button onClick={() => setRulesOpen(true)} data-testid="open-assignment-rules">
              {t('flow.rules.title')}
            </Button>
            <Button
              icon={<GlobalOutlined />}
              onClick={() => setProxiesOpen(true)}
              data-testid="open-proxies"
            >
              {t('accounts.proxies')}
            </Button>
            {addByQr('qr-login')}
          </Space>
        }
      >
        <ListToolbar
          filters={<AccountFilters query={q} />}
          actions={
            <ExportButton url={ACCOUNTS_EXPORT_URL} params={q.params} testId="accounts-export" />
          }
        />
        <StatusChips
          counts={list.data?.counts}
          selected={status as WorkAccountStatus | undefined}
          onSelect={(s) => q.setFilters({ status: s })}
        />
        <div className="wx-bulk">
          <BulkActions
            selection={selection}
            counts={list.data?.counts}
            onAction={handleAction}
            onDeleteByState={(op) =>
              setDialog({
                kind: 'delete',
                op,
                wxids: selection.keys.length ? selection.keys : undefined,
              })
            }
          />
        </div>
        <AccountTable
          query={q}
          data={list.data}
          loading={list.isFetching && !list.data}
          selection={selection}
          onAction={handleAction}
          emptyAction={addByQr()}
        />
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
      <AssignmentRulesModal open={rulesOpen} onClose={() => setRulesOpen(false)} />
    </div>
  );
}
