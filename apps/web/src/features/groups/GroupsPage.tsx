import { App, Avatar, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GROUP_ROLES,
  GROUP_WS_EVENTS,
  type GroupItem,
  type GroupRef,
  type GroupRole,
  type GroupSystemNoticePush,
} from '@cst/shared';
import { ListScreen, useListPage } from '../../components/listPage/index.ts';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { workAccountFilter } from '../../lib/workAccounts/workAccountFilter.ts';
import { useWorkAccounts } from '../../lib/workAccounts/workAccountStore.ts';
import { useWorkAccountsLoaded } from '../conversations/store/useInboxQueries.ts';
import { groupsApi, groupsKeys } from './api.ts';
import { CreateGroupModal } from './CreateGroupModal.tsx';
import { GroupPanel } from './GroupPanel.tsx';
import { RoleTag } from './RoleTag.tsx';
import './groups.css';
import { avatarSrc } from '../bubbles/media.ts';

const nameCell = (g: GroupItem) => (
  <Space>
    <Avatar shape="square" src={avatarSrc(g.avatar)}>
      {g.name.slice(0, 1)}
    </Avatar>
    <span className="groups-name" data-testid="group-name">
      {g.name}
    </span>
  </Space>
);
const roleCell = (g: GroupItem) => <RoleTag role={g.myRole} />;

/** `/contacts/groups`: the groups of the visible work accounts, each opening its panel. */
export function GroupsPage() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  useWorkAccountsLoaded();
  const accounts = useWorkAccounts((s) => s.accounts);
  const [open, setOpen] = useState<GroupRef | null>(null);
  const [creating, setCreating] = useState(false);
  // Small, as the kit's row buttons: 「Manage」 fits its column and the list needs no sideways
  // scroll at 1440 px in English.
  const openCell = () => (
    <Button type="link" size="small">
      {t('groupsPage.open')}
    </Button>
  );
  const page = useListPage({
    key: [...groupsKeys.all, 'list'],
    refreshKey: groupsKeys.all,
    frame: { title: 'groupsPage.title', testId: 'groups-page' },
    fetch: (p) => groupsApi.list({ ...p, myRole: p.myRole as GroupRole | undefined }),
    rowKey: (g) => `${g.workWxid}|${g.groupId}`,
    toolbar: {
      add: { label: 'groupsPage.create', onClick: () => setCreating(true), testId: 'group-create' },
    },
    testId: 'groups-table',
    empty: { title: 'groupsPage.empty', hint: 'groupsPage.emptyHint' },
    filters: [
      workAccountFilter(accounts, 'groupsPage.allAccounts', {
        width: 200,
        testId: 'groups-account',
      }),
      {
        kind: 'search',
        name: 'keyword',
        placeholder: 'groupsPage.search',
        testId: 'groups-search',
      },
      {
        kind: 'select',
        name: 'myRole',
        width: 130,
        placeholder: 'groupsPage.allRoles',
        options: { enum: GROUP_ROLES, prefix: 'groupsPage.role.' },
      },
    ],
    columns: [
      { kind: 'render', title: 'groupsPage.name', key: 'name', width: 220, render: nameCell },
      {
        kind: 'text',
        title: 'groupsPage.account',
        field: 'accountName',
        width: 120,
        ellipsis: true,
      },
      {
        kind: 'text',
        title: 'groupsPage.members',
        field: 'memberCount',
        // 「24 members」 on one line.
        width: 110,
        format: (g) => t('groupsPage.memberCount', { count: g.memberCount }),
      },
      {
        kind: 'text',
        title: 'groupsPage.owner',
        field: 'ownerName',
        width: 120,
        ellipsis: true,
        format: (g) => g.ownerName || g.ownerWxid,
      },
      { kind: 'render', title: 'groupsPage.myRole', key: 'myRole', width: 90, render: roleCell },
      {
        kind: 'text',
        title: 'groupsPage.notice',
        field: 'notice',
        width: 200,
        ellipsis: true,
        empty: 'groupsPage.noNotice',
      },
      { kind: 'render', title: '', key: 'open', width: 80, fixed: 'right', render: openCell },
    ],
  });
  const refresh = () => void page.refresh();
  useRealtimeEvent(GROUP_WS_EVENTS.group, refresh);
  useRealtimeEvent<GroupSystemNoticePush>(GROUP_WS_EVENTS.groupSystemNotice, (n) => {
    refresh();
    if (open && open.workWxid === n.workWxid && open.groupId === n.groupId) {
      notification.info({
        message: t('groupPanel.live', { text: n.text }),
        placement: 'bottomRight',
      });
    }
  });
  return (
    <ListScreen
      page={page}
      table={{
        onRow: (g) =>
          ({
            onClick: () => setOpen({ workWxid: g.workWxid, groupId: g.groupId }),
            className: 'groups-row',
            'data-testid': 'group-row',
          }) as React.HTMLAttributes<HTMLElement>,
      }}
    >
      <GroupPanel groupRef={open} onClose={() => setOpen(null)} />
      <CreateGroupModal
        open={creating}
        accounts={accounts}
        defaultAccount={page.query.filters.workWxid}
        onClose={() => setCreating(false)}
        onCreated={(g) => {
          setCreating(false);
          refresh();
          setOpen({ workWxid: g.workWxid, groupId: g.groupId });
        }}
      />
    </ListScreen>
  );
}
