import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
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
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { useTableQuery } from '../../lib/url/useTableQuery.ts';
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
  const q = useTableQuery(['workWxid', 'keyword', 'myRole']);
  const [open, setOpen] = useState<GroupRef | null>(null);
  const [creating, setCreating] = useState(false);
  const filters = {
    workWxid: q.filters.workWxid,
    keyword: q.filters.keyword,
    myRole: q.filters.myRole as GroupRole | undefined,
  };
  const { data, isFetching } = useQuery({
    queryKey: groupsKeys.list([q.page, q.pageSize, filters]),
    queryFn: () => groupsApi.list({ page: q.page, pageSize: q.pageSize, ...filters }),
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
  const list = data?.list ?? [];

  return (
    <Card title={t('groupsPage.title')} data-testid="groups-page">
      <Flex justify="space-between" gap={8} wrap className="table-toolbar">
        <Space wrap>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('groupsPage.allAccounts')}
            value={q.filters.workWxid}
            onChange={(v?: string) => q.setFilters({ workWxid: v })}
            style={{ width: 200 }}
            options={accounts.map((a) => ({
              value: a.wxid,
              label: a.remark || a.nickname || a.wxid,
            }))}
            data-testid="groups-account"
          />
          <Input.Search
            allowClear
            defaultValue={q.filters.keyword}
            placeholder={t('groupsPage.search')}
            onSearch={(v) => q.setFilters({ keyword: v.trim() })}
            style={{ width: 240 }}
            data-testid="groups-search"
          />
          <Select
            allowClear
            placeholder={t('groupsPage.allRoles')}
            value={q.filters.myRole}
            onChange={(v?: string) => q.setFilters({ myRole: v })}
            style={{ width: 130 }}
            options={GROUP_ROLES.map((r) => ({ value: r, label: t(`groupsPage.role.${r}`) }))}
          />
        </Space>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="group-create"
        >
          {t('groupsPage.create')}
        </Button>
      </Flex>
      <Table<GroupItem>
        rowKey={(g) => `${g.workWxid}|${g.groupId}`}
        loading={isFetching}
        dataSource={list}
        onRow={(g) => ({
          onClick: () => setOpen({ workWxid: g.workWxid, groupId: g.groupId }),
          className: 'groups-row',
          'data-testid': 'group-row',
        })}
        locale={{
          emptyText: (
            <Empty description={t('groupsPage.empty')}>
              <Typography.Text type="secondary">{t('groupsPage.emptyHint')}</Typography.Text>
            </Empty>
          ),
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
            ellipsis: true,
            // Narrow windows keep the columns that tell groups apart; the panel shows the notice.
            responsive: ['xl'],
            render: (n: string) =>
              n || <Typography.Text type="secondary">{t('groupsPage.noNotice')}</Typography.Text>,
          },
          {
            title: '',
            key: 'open',
            width: 70,
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
    </Card>
  );
}
