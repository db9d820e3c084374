import UserAddOutlined from '@ant-design/icons/es/icons/UserAddOutlined';
import { App, Button, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  type FriendRequestDirection,
  type FriendRequestItem,
  type FriendRequestListBody,
} from '@cst/shared';
import {
  AddButton,
  BulkBar,
  ListScreen,
  runBulk,
  useBulkResult,
  useListPage,
  useRowSelection,
  type ListParams,
} from '../../components/listPage/index.ts';
import { accountLabel, workAccountFilter } from '../../lib/workAccounts/workAccountFilter.ts';
import { useWorkAccounts } from '../../lib/workAccounts/workAccountStore.ts';
import { useWorkAccountsLoaded } from '../conversations/store/useInboxQueries.ts';
import { AddFriendDialog } from './AddFriendDialog.tsx';
import { friendRequestsApi, friendRequestsKeys } from './api.ts';
import { useFriendRequestsLive } from './useFriendRequestsLive.ts';
import { isPendingIn, personName, useRequestColumns } from './useRequestColumns.tsx';
import './friendRequests.css';
import { CapabilityGate } from '../accounts/CapabilityGate.tsx';

const STATUSES = [1, 2, 3, 4] as const;

/** The list call's body for the URL's params (unknown values dropped). */
function bodyOf(
  p: ListParams<'direction' | 'workWxid' | 'status'>,
): Partial<FriendRequestListBody> {
  const status = Number(p.status);
  return {
    page: p.page,
    pageSize: p.pageSize,
    direction: p.direction === 'out' ? 'out' : 'in',
    workWxid: p.workWxid,
    status: (STATUSES as readonly number[]).includes(status)
      ? (status as FriendRequestListBody['status'])
      : undefined,
  };
}

/** `/contacts/apply`: received and sent friend requests of the visible accounts, live. */
export function FriendRequestsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  useWorkAccountsLoaded();
  useFriendRequestsLive();
  const accounts = useWorkAccounts((s) => s.accounts);
  // The tab: read before the list, whose filters and columns depend on it.
  const [search] = useSearchParams();
  const direction: FriendRequestDirection = search.get('direction') === 'out' ? 'out' : 'in';
  const sel = useRowSelection<FriendRequestItem>({ disabled: (r) => !isPendingIn(r) });
  const showBulk = useBulkResult();
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const accountName = (wxid: string) => {
    const a = accounts.find((x) => x.wxid === wxid);
    return a ? accountLabel(a) : wxid;
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
      void page.refresh();
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
    void page.refresh();
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

  const page = useListPage({
    key: friendRequestsKeys.all,
    frame: { title: 'friendRequests.title', testId: 'friend-requests' },
    fetch: (p) => friendRequestsApi.list(bodyOf(p)),
    rowKey: 'id',
    testId: 'fr-table',
    columns,
    selection: direction === 'in' ? sel : undefined,
    empty: {
      title: `friendRequests.${direction === 'in' ? 'emptyReceived' : 'emptySent'}`,
      hint: `friendRequests.${direction === 'in' ? 'emptyReceivedHint' : 'emptySentHint'}`,
    },
    filters: [
      { kind: 'custom', names: ['direction'] },
      workAccountFilter(accounts, 'friendRequests.allAccounts', { testId: 'fr-account-filter' }),
      {
        kind: 'select',
        name: 'status',
        placeholder: 'friendRequests.allStatus',
        options: STATUSES.map((s) => ({ value: String(s), label: statusLabel(s) })),
        testId: 'fr-status-filter',
      },
    ],
  });
  return (
    <ListScreen
      page={page}
      extra={
        <CapabilityGate cap="addFriend">
          {(off) => (
            <AddButton
              icon={<UserAddOutlined />}
              disabled={off}
              onClick={() => setAdding(true)}
              testId="fr-add"
            >
              {t('friendRequests.addFriend')}
            </AddButton>
          )}
        </CapabilityGate>
      }
      notice={
        <Tabs
          activeKey={direction}
          onChange={(k) => {
            sel.clear();
            page.query.setFilters({
              direction: k === 'out' ? 'out' : undefined,
              status: undefined,
            });
          }}
          items={[
            { key: 'in', label: t('friendRequests.received') },
            { key: 'out', label: t('friendRequests.sent') },
          ]}
          data-testid="fr-tabs"
        />
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
      <AddFriendDialog open={adding} onClose={() => setAdding(false)} />
    </ListScreen>
  );
}
