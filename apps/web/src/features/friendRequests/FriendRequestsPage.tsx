import UserAddOutlined from '@ant-design/icons/es/icons/UserAddOutlined';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FriendRequestDirection,
  type FriendRequestItem,
  type FriendRequestListBody,
} from '@cst/shared';
import {
  BulkBar,
  EmptyState,
  ListPage,
  ListTable,
  SelectFilter,
  runBulk,
  useBulkResult,
  useListQuery,
  useRowSelection,
} from '../../components/listPage/index.ts';
import { useWorkAccounts } from '../accounts/workAccountStore.ts';
import { useWorkAccountsLoaded } from '../conversations/useInboxQueries.ts';
import { AddFriendDialog } from './AddFriendDialog.tsx';
import { friendRequestsApi, friendRequestsKeys } from './api.ts';
import { useFriendRequestsLive } from './useFriendRequestsLive.ts';
import { isPendingIn, personName, useRequestColumns } from './useRequestColumns.tsx';
import './friendRequests.css';
import { CapabilityGate } from '../accounts/CapabilityGate.tsx';

const FILTERS = ['direction', 'workWxid', 'status'] as const;
const STATUSES = [1, 2, 3, 4] as const;

/** `/contacts/apply`: received and sent friend requests of the visible accounts, live. */
export function FriendRequestsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  useWorkAccountsLoaded();
  useFriendRequestsLive();
  const accounts = useWorkAccounts((s) => s.accounts);
  const q = useListQuery(FILTERS);
  const direction: FriendRequestDirection = q.filters.direction === 'out' ? 'out' : 'in';
  const sel = useRowSelection<FriendRequestItem>({ disabled: (r) => !isPendingIn(r) });
  const showBulk = useBulkResult();
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const status = Number(q.filters.status);
  const body: Partial<FriendRequestListBody> = {
    page: q.page,
    pageSize: q.pageSize,
    direction,
    workWxid: q.filters.workWxid,
    status: (STATUSES as readonly number[]).includes(status)
      ? (status as FriendRequestListBody['status'])
      : undefined,
  };
  const { data, isFetching } = useQuery({
    queryKey: [...friendRequestsKeys.all, body],
    queryFn: () => friendRequestsApi.list(body),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: friendRequestsKeys.all });
  const accountName = (wxid: string) => {
    const a = accounts.find((x) => x.wxid === wxid);
    return a?.remark || a?.nickname || wxid;
  };

  const answer = async (r: FriendRequestItem, accept: boolean) => {
    setBusy(r.id);
    try {
      await (accept ? friendRequestsApi.accept(r.id) : friendRequestsApi.decline(r.id));
      void message.success(
        t(`friendRequests.${accept ? 'accepted' : 'declined'}`, { name: personName(r) }),
      );
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(null);
      void refresh();
    }
  };
  const columns = useRequestColumns({
    accountName,
    busy,
    onAnswer: answer,
    withActions: direction === 'in',
  });
  const acceptSelected = async () => {
    const outcome = await runBulk(sel.rows, (r) =>
      friendRequestsApi.accept(r.id, { silent: true }),
    );
    showBulk(t('friendRequests.acceptOutcome'), outcome, personName);
    sel.clear();
    void refresh();
  };
  const statusLabel = (s: number) =>
    t(
      `friendRequests.statuses.${
        s === 1
          ? direction === 'in'
            ? 'inPending'
            : 'outPending'
          : s === 2
            ? direction === 'in'
              ? 'declined'
              : 'failed'
            : s === 3
              ? 'added'
              : 'alreadyFriend'
      }`,
    );

  return (
    <ListPage
      title={t('friendRequests.title')}
      testId="friend-requests"
      extra={
        <CapabilityGate cap="addFriend">
          {(off) => (
            <Button
              type="primary"
              icon={<UserAddOutlined />}
              disabled={off}
              onClick={() => setAdding(true)}
              data-testid="fr-add"
            >
              {t('friendRequests.addFriend')}
            </Button>
          )}
        </CapabilityGate>
      }
      notice={
        <Tabs
          activeKey={direction}
          onChange={(k) => {
            sel.clear();
            q.setFilters({ direction: k === 'out' ? 'out' : undefined, status: undefined });
          }}
          items={[
            { key: 'in', label: t('friendRequests.received') },
            { key: 'out', label: t('friendRequests.sent') },
          ]}
          data-testid="fr-tabs"
        />
      }
      filters={
        <>
          <SelectFilter
            query={q}
            name="workWxid"
            placeholder={t('friendRequests.allAccounts')}
            width={180}
            searchable
            options={accounts.map((a) => ({ value: a.wxid, label: accountName(a.wxid) }))}
            testId="fr-account-filter"
          />
          <SelectFilter
            query={q}
            name="status"
            placeholder={t('friendRequests.allStatus')}
            options={STATUSES.map((s) => ({ value: String(s), label: statusLabel(s) }))}
            testId="fr-status-filter"
          />
        </>
      }
      actions={
        direction === 'in' && (
          <BulkBar selection={sel}>
            <CapabilityGate cap="friendRequests">
              {(off) => (
                <Button
                  disabled={off || sel.rows.length === 0}
                  onClick={() => void acceptSelected()}
                  data-testid="fr-accept-selected"
                >
                  {t('friendRequests.acceptSelected')}
                </Button>
              )}
            </CapabilityGate>
          </BulkBar>
        )
      }
    >
      <ListTable<FriendRequestItem>
        query={q}
        rowKey="id"
        data={data}
        loading={isFetching}
        selection={direction === 'in' ? sel : undefined}
        testId="fr-table"
        empty={
          <EmptyState
            title={t(`friendRequests.${direction === 'in' ? 'emptyReceived' : 'emptySent'}`)}
            hint={t(`friendRequests.${direction === 'in' ? 'emptyReceivedHint' : 'emptySentHint'}`)}
          />
        }
        columns={columns}
      />
      <AddFriendDialog open={adding} onClose={() => setAdding(false)} />
    </ListPage>
  );
}
