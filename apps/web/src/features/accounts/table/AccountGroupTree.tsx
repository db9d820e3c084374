import { ClockCircleOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Spin, Tree, type TreeDataNode } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountGroupNode } from '@cst/shared';
import { accountsApi, accountsKeys, groupsApi } from '../api.ts';
import { GroupNameModal, type GroupEdit } from './GroupNameModal.tsx';
import { flattenGroups, useAccountGroups } from './useAccountGroups.ts';
import { BusinessHoursModal } from '../../notes/BusinessHoursModal.tsx';

/** Props of {@link AccountGroupTree}. */
export interface AccountGroupTreeProps {
  /** The group the list is filtered by ('' for all). */
  selected: string;
  onSelect: (groupId: string) => void;
}

/** The account-group tree left of the list: filter by group; add, rename and delete groups. */
export function AccountGroupTree({ selected, onSelect }: AccountGroupTreeProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const groups = useAccountGroups();
  const [edit, setEdit] = useState<GroupEdit | null>(null);
  const [hours, setHours] = useState<{ id: string | null; name: string } | null>(null);
  // Every node is open unless the user closed it (new groups show at once).
  const [collapsed, setCollapsed] = useState<string[]>([]);
  const allKeys = ['', ...flattenGroups(groups.data ?? []).map((g) => g.id)];
  // Every visible account, whatever the filters (grouped or not): the counts of an empty page.
  const all = useQuery({
    queryKey: [...accountsKeys.list, 'all-count'],
    queryFn: () => accountsApi.list({ page: 1, pageSize: 1 }),
  });
  const total = all.data?.total ?? 0;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accountsKeys.all });

  const handleDelete = async (g: AccountGroupNode) => {
    await groupsApi.remove(g.id);
    void message.success(t('common.deleted'));
    if (selected === g.id) onSelect('');
    refresh();
  };

  /** A small icon button of a group's row, named by its tooltip. */
  const iconButton = (icon: ReactNode, label: string, onClick: () => void, testId?: string) => (
    <Button
      size="small"
      type="text"
      icon={icon}
      aria-label={t(label)}
      title={t(label)}
      data-testid={testId}
      onClick={onClick}
    />
  );

  const toNode = (g: AccountGroupNode): TreeDataNode => ({
    key: g.id,
    title: (
      <span className="wx-group-title" data-testid="group-node" data-group={g.name}>
        <span className="wx-group-name" title={g.name}>
          {g.name} ({g.accountCount})
        </span>
        <span className="wx-group-actions" onClick={(e) => e.stopPropagation()}>
          {iconButton(<PlusOutlined />, 'accountGroups.addChild', () =>
            setEdit({ kind: 'add', parentId: g.id }),
          )}
          {iconButton(
            <ClockCircleOutlined />,
            'businessHours.open',
            () => setHours({ id: g.id, name: g.name }),
            'group-hours',
          )}
          {iconButton(
            <EditOutlined />,
            'accountGroups.rename',
            () => setEdit({ kind: 'rename', group: g }),
            'group-rename',
          )}
          <Popconfirm
            title={t('accountGroups.deleteConfirm', { name: g.name })}
            onConfirm={() => handleDelete(g).catch(() => undefined)}
            okButtonProps={{ danger: true, 'data-testid': 'group-delete-ok' }}
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('accountGroups.delete')}
              title={t('accountGroups.delete')}
              data-testid="group-delete"
            />
          </Popconfirm>
        </span>
      </span>
    ),
    children: g.children.map(toNode),
  });

  const treeData: TreeDataNode[] = [
    {
      key: '',
      title: (
        <span data-testid="group-node" data-group="">
          {t('accountGroups.all')} ({total})
        </span>
      ),
      children: (groups.data ?? []).map(toNode),
    },
  ];

  return (
    <Card
      size="small"
      className="wx-groups-card"
      title={t('accountGroups.title')}
      extra={
        <>
          <Button
            size="small"
            type="link"
            icon={<ClockCircleOutlined />}
            aria-label={t('businessHours.open')}
            title={t('businessHours.open')}
            onClick={() => setHours({ id: null, name: t('businessHours.defaultGroup') })}
            data-testid="business-hours-default"
          />
          <Button
            size="small"
            type="link"
            icon={<PlusOutlined />}
            onClick={() => setEdit({ kind: 'add' })}
            data-testid="group-add"
          >
            {t('accountGroups.add')}
          </Button>
        </>
      }
    >
      <Spin spinning={groups.isFetching && !groups.data}>
        <Tree
          blockNode
          expandedKeys={allKeys.filter((k) => !collapsed.includes(k))}
          onExpand={(keys) => setCollapsed(allKeys.filter((k) => !keys.includes(k)))}
          selectedKeys={[selected]}
          onSelect={(_keys, info) => info.selected && onSelect(String(info.node.key))}
          treeData={treeData}
        />
      </Spin>
      <BusinessHoursModal
        groupId={hours ? hours.id : undefined}
        groupName={hours?.name ?? ''}
        onClose={() => setHours(null)}
      />
      <GroupNameModal
        edit={edit}
        groups={groups.data ?? []}
        onClose={(saved) => {
          setEdit(null);
          if (saved) refresh();
        }}
      />
    </Card>
  );
}
