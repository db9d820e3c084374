import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Avatar,
  Button,
  Flex,
  Input,
  Popconfirm,
  Segmented,
  Space,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupDetail, GroupMemberItem } from '@cst/shared';
import { RowButton } from '../../components/listPage/index.ts';
import { groupsApi, groupsKeys } from './api.ts';
import { RoleTag } from './RoleTag.tsx';
import { CapabilityGate, usePlatformCapabilities } from '../accounts/CapabilityGate.tsx';
import { avatarSrc } from '../bubbles/media.ts';

/** Members of a group with role and mute state; the owner and admins remove and mute. */
export function GroupMembers({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const ref = { workWxid: group.workWxid, groupId: group.groupId };
  const [view, setView] = useState<'all' | 'bans'>('all');
  const platform = usePlatformCapabilities();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const bans = useQuery({
    queryKey: groupsKeys.bans(ref),
    queryFn: () => groupsApi.banList(ref),
    enabled: view === 'bans',
  });
  const manager = group.myRole !== 'member';
  // Who this account may act on: not itself, not the owner, and (as an admin) not other admins.
  const manageable = (m: GroupMemberItem) =>
    manager &&
    m.wxid !== group.workWxid &&
    m.role !== 'owner' &&
    !(group.myRole === 'admin' && m.role === 'admin');
  const k = keyword.toLowerCase();
  const rows = (view === 'bans' ? (bans.data?.list ?? []) : group.members).filter(
    (m) =>
      !k ||
      m.nickname.toLowerCase().includes(k) ||
      m.card.toLowerCase().includes(k) ||
      m.wxid.toLowerCase().includes(k),
  );
  const act = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      void message.success(done);
      setSelected([]);
      await qc.invalidateQueries({ queryKey: groupsKeys.all });
    } catch {
      // The client has shown the server's message.
    }
  };
  const ban = (wxids: string[], banned: boolean) =>
    act(
      () => groupsApi.ban({ ...ref, wxids, banned }),
      t(banned ? 'groupPanel.muted' : 'groupPanel.unmuted'),
    );
  const remove = (wxids: string[]) =>
    act(() => groupsApi.remove(ref, wxids), t('groupPanel.removed'));

  return (
    <>
      {!manager && (
        <Alert
          type="info"
          showIcon
          message={t('groupPanel.adminOnly')}
          style={{ marginBottom: 12 }}
        />
      )}
      <Flex justify="space-between" gap={8} wrap className="table-toolbar">
        <Space wrap>
          <Segmented
            value={view}
            onChange={(v) => setView(v as 'all' | 'bans')}
            options={[
              { value: 'all', label: t('groupPanel.allMembers') },
              {
                value: 'bans',
                label: t('groupPanel.banList'),
                disabled: !platform.can('groupBan'),
                title: platform.can('groupBan') ? undefined : platform.why(),
              },
            ]}
            data-testid="members-view"
          />
          <Input.Search
            allowClear
            placeholder={t('groupPanel.searchMembers')}
            onSearch={(v) => setKeyword(v.trim())}
            onChange={(e) => !e.target.value && setKeyword('')}
            style={{ width: 200 }}
          />
        </Space>
        {manager && (
          <Space>
            <CapabilityGate cap="groupBan">
              {(off) => (
                <Button
                  disabled={off || selected.length === 0}
                  onClick={() => void ban(selected, true)}
                >
                  {t('groupPanel.muteSelected')}
                </Button>
              )}
            </CapabilityGate>
            <Popconfirm
              title={t('groupPanel.removeConfirm', { count: selected.length })}
              onConfirm={() => remove(selected)}
              disabled={selected.length === 0}
            >
              <Button danger disabled={selected.length === 0}>
                {t('groupPanel.removeSelected')}
              </Button>
            </Popconfirm>
          </Space>
        )}
      </Flex>
      <Table<GroupMemberItem>
        rowKey="wxid"
        size="small"
        loading={view === 'bans' && bans.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        locale={view === 'bans' ? { emptyText: t('groupPanel.noBans') } : undefined}
        rowSelection={
          manager
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as string[]),
                getCheckboxProps: (m) => ({ disabled: !manageable(m) }),
              }
            : undefined
        }
        onRow={() => ({ 'data-testid': 'member-row' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('groupPanel.members'),
            key: 'name',
            render: (_: unknown, m) => (
              <Space>
                <Avatar size="small" src={avatarSrc(m.avatar)}>
                  {(m.card || m.nickname).slice(0, 1)}
                </Avatar>
                <span>{m.card || m.nickname}</span>
                {m.card && m.card !== m.nickname && (
                  <span className="ant-typography ant-typography-secondary">({m.nickname})</span>
                )}
              </Space>
            ),
          },
          {
            title: '',
            key: 'tags',
            width: 180,
            render: (_: unknown, m) => (
              <Space size={4} wrap>
                {m.role !== 'member' && <RoleTag role={m.role} />}
                {m.isFriend && <Tag>{t('groupPanel.friend')}</Tag>}
                {m.banned && (
                  <Tag color="red" data-testid="member-banned">
                    {t('groupPanel.banned')}
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            title: '',
            key: 'actions',
            width: 150,
            render: (_: unknown, m) =>
              manageable(m) && (
                <Space size={0}>
                  <CapabilityGate cap="groupBan">
                    {(off) => (
                      <RowButton
                        disabled={off}
                        onClick={() => void ban([m.wxid], !m.banned)}
                        testId="member-mute"
                      >
                        {t(m.banned ? 'groupPanel.unmute' : 'groupPanel.mute')}
                      </RowButton>
                    )}
                  </CapabilityGate>
                  <RowButton
                    danger
                    confirm={{ title: t('groupPanel.removeConfirm', { count: 1 }) }}
                    onClick={() => remove([m.wxid])}
                    testId="member-remove"
                  >
                    {t('groupPanel.remove')}
                  </RowButton>
                </Space>
              ),
          },
        ]}
      />
    </>
  );
}
