import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Space, Typography } from 'antd';
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
import {
  EmptyState,
  ListPage,
  ListTable,
  SearchFilter,
  SelectFilter,
  useListQuery,
} from '../../components/listPage/index.ts';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { useWorkAccounts } from '../accounts/workAccountStore.ts';
import { useWorkAccountsLoaded } from '../conversations/useInboxQueries.ts';
import { groupsApi, groupsKeys } from './api.ts';
import { CreateGroupModal } from './CreateGroupModal.tsx';
import { GroupPanel } from './GroupPanel.tsx';
import { RoleTag } from './RoleTag.tsx';
import './groups.css';

/** `/contacts/groups`: the groups of the visible work accounts, each opening its panel. */
export function GroupsPage() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const qc = useQueryClient();
  useWorkAccountsLoaded();
  const accounts = useWorkAccounts((s) => s.accounts);
  const q = useListQuery(['workWxid', 'keyword', 'myRole']);
  const [open, setOpen] = useState<GroupRef | null>(null);
  const [creating, setCreating] = useState(false);
  const { data, isFetching } = useQuery({
    queryKey: groupsKeys.list(q.params),
    queryFn: () =>
      groupsApi.list({ ...q.params, myRole: q.params.myRole as GroupRole | undefined }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: groupsKeys.all });
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
  const createButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => setCreating(true)}
      data-testid="group-create"
    >
      {t('groupsPage.create')}
    </Button>
  );

  return (
    <ListPage
      title={t('groupsPage.title')}
      testId="groups-page"
      filters={
        <>
          <SelectFilter
            query={q}
            name="workWxid"
            searchable
            width={200}
            placeholder={t('groupsPage.allAccounts')}
            options={accounts.map((a) => ({
              value: a.wxid,
              label: a.remark || a.nickname || a.wxid,
            }))}
            testId="groups-account"
          />
          <SearchFilter
            query={q}
            name="keyword"
            placeholder={t('groupsPage.search')}
            testId="groups-search"
          />
          <SelectFilter
            query={q}
            name="myRole"
            width={130}
            placeholder={t('groupsPage.allRoles')}
            options={GROUP_ROLES.map((r) => ({ value: r, label: t(`groupsPage.role.${r}`) }))}
          />
        </>
      }
      actions={createButton}
    >
      <ListTable<GroupItem>
        query={q}
        rowKey={(g) => `${g.workWxid}|${g.groupId}`}
        data={data}
        loading={isFetching}
        testId="groups-table"
        empty={<EmptyState title={t('groupsPage.empty')} hint={t('groupsPage.emptyHint')} />}
        onRow={(g) =>
          ({
            onClick: () => setOpen({ workWxid: g.workWxid, groupId: g.groupId }),
            className: 'groups-row',
            'data-testid': 'group-row',
          }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            title: t('groupsPage.name'),
            key: 'name',
            width: 220,
            render: (_: unknown, g) => (
              <Space>
                <Avatar shape="square" src={g.avatar || undefined}>
                  {g.name.slice(0, 1)}
                </Avatar>
                <span className="groups-name" data-testid="group-name">
                  {g.name}
                </span>
              </Space>
            ),
          },
          { title: t('groupsPage.account'), dataIndex: 'accountName', width: 120, ellipsis: true },
          {
            title: t('groupsPage.members'),
            dataIndex: 'memberCount',
            width: 80,
            render: (n: number) => t('groupsPage.memberCount', { count: n }),
          },
          {
            title: t('groupsPage.owner'),
            key: 'owner',
            width: 120,
            ellipsis: true,
            render: (_: unknown, g) => g.ownerName || g.ownerWxid,
          },
          {
            title: t('groupsPage.myRole'),
            dataIndex: 'myRole',
            width: 90,
            render: (r: GroupRole) => <RoleTag role={r} />,
          },
          {
            title: t('groupsPage.notice'),
            dataIndex: 'notice',
            width: 220,
            ellipsis: true,
            render: (n: string) =>
              n || <Typography.Text type="secondary">{t('groupsPage.noNotice')}</Typography.Text>,
          },
          {
            title: '',
            key: 'open',
            width: 80,
            fixed: 'right',
            render: () => <Button type="link">{t('groupsPage.open')}</Button>,
          },
        ]}
      />
      <GroupPanel groupRef={open} onClose={() => setOpen(null)} />
      <CreateGroupModal
        open={creating}
        accounts={accounts}
        defaultAccount={q.filters.workWxid}
        onClose={() => setCreating(false)}
        onCreated={(g) => {
          setCreating(false);
          refresh();
          setOpen({ workWxid: g.workWxid, groupId: g.groupId });
        }}
      />
    </ListPage>
  );
}
