import { EditOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { WorkAccountItem } from '@cst/shared';
import type { AccountAction } from './accountActions.ts';
import { AccountRowActions } from './AccountRowActions.tsx';
import { KeepIdleBadge } from './KeepIdleBadge.tsx';
import { StatusTag } from './StatusTag.tsx';

/** Props of {@link AccountTable}. */
export interface AccountTableProps {
  rows: WorkAccountItem[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  selected: string[];
  onSelect: (wxids: string[]) => void;
  onAction: (action: AccountAction, rows: WorkAccountItem[]) => void;
}

const dash = (v: string | null | undefined) => v || '—';

/** The work-account table: every field of an account, its state, and its row actions. */
export function AccountTable(props: AccountTableProps) {
  const { t } = useTranslation();
  const { rows, onAction } = props;
  const columns: ColumnsType<WorkAccountItem> = [
    {
      title: t('accounts.account'),
      dataIndex: 'nickname',
      width: 250,
      render: (v: string, r) => (
        <Flex gap={10} align="flex-start">
          <Avatar src={r.avatar || undefined} alt={v} style={{ flex: 'none' }}>
            {(v || r.wxid).slice(0, 1)}
          </Avatar>
          <Flex vertical gap={2} align="flex-start" style={{ minWidth: 0 }}>
            <span data-testid="wx-nickname">{dash(v)}</span>
            <Typography.Text type="secondary" copyable={{ text: r.wxid }} style={{ fontSize: 12 }}>
              {r.wxid}
            </Typography.Text>
            <KeepIdleBadge until={r.keepIdleUntil} />
          </Flex>
        </Flex>
      ),
    },
    {
      title: t('accounts.status'),
      dataIndex: 'status',
      width: 110,
      render: (_: unknown, r) => <StatusTag status={r.status} reason={r.statusReason} />,
    },
    {
      title: t('accounts.remark'),
      dataIndex: 'remark',
      width: 140,
      render: (v: string, r) => (
        <Flex align="center" gap={2}>
          <span data-testid="wx-remark">{dash(v)}</span>
          <Tooltip title={t('accounts.editRemark')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('accounts.editRemark')}
              data-testid="row-remark"
              onClick={() => onAction('remark', [r])}
            />
          </Tooltip>
        </Flex>
      ),
    },
    {
      title: t('accounts.seat'),
      dataIndex: 'distributedToName',
      width: 120,
      render: (v: string | null) => v ?? t('accounts.notDistributed'),
    },
    {
      title: t('accounts.contacts'),
      key: 'contacts',
      width: 170,
      render: (_: unknown, r) => (
        <span data-testid="wx-contacts">
          {t('accounts.contactsValue', { contacts: r.contactCount, groups: r.groupCount })}
        </span>
      ),
    },
    {
      title: t('accounts.group'),
      dataIndex: 'groupName',
      width: 120,
      render: (v: string | null) => v ?? t('accounts.ungrouped'),
    },
    {
      title: t('accounts.pool'),
      dataIndex: 'pool',
      width: 100,
      render: (v: string) => t(`wxPool.${v}`),
    },
    { title: t('accounts.proxy'), dataIndex: 'proxy', width: 150, render: dash },
    {
      title: t('accounts.firstLogin'),
      dataIndex: 'firstLoginAt',
      width: 150,
      render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_: unknown, r) => <AccountRowActions row={r} onAction={onAction} />,
    },
  ];

  return (
    <Table<WorkAccountItem>
      rowKey="wxid"
      size="middle"
      sticky
      loading={props.loading}
      dataSource={rows}
      columns={columns}
      scroll={{ x: 1440 }}
      locale={{ emptyText: t('accounts.empty') }}
      rowSelection={{
        selectedRowKeys: props.selected,
        onChange: (keys) => props.onSelect(keys.map(String)),
        preserveSelectedRowKeys: false,
      }}
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.total,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100, 200, 500],
        showTotal: (total) => t('common.total', { total }),
        onChange: props.onPage,
      }}
      data-testid="account-table"
    />
  );
}
