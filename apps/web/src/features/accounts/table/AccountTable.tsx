import { EditOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Avatar, Button, Flex, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkAccountItem } from '@cst/shared';
import {
  actionsColumn,
  cutColumn,
  EmptyState,
  ListTable,
  type ListTableQuery,
  type RowSelection,
} from '../../../components/listPage/index.ts';
import type { AccountAction } from './accountActions.ts';
import { AccountRowActions } from './AccountRowActions.tsx';
import { KeepIdleBadge } from './KeepIdleBadge.tsx';
import { RiskTag } from '../RiskTag.tsx';
import { StatusTag } from '../StatusTag.tsx';
import { avatarSrc } from '../../bubbles/media.ts';

/** Props of {@link AccountTable}. */
export interface AccountTableProps {
  query: ListTableQuery;
  data: { list: WorkAccountItem[]; total: number } | undefined;
  loading: boolean;
  selection: RowSelection<WorkAccountItem>;
  onAction: (action: AccountAction, rows: WorkAccountItem[]) => void;
  /** What the empty list offers (add by QR). */
  emptyAction: ReactNode;
}

const dash = (v: string | null | undefined) => v || '—';

/** The work-account table: every field of an account, its state, and its row actions. */
export function AccountTable(props: AccountTableProps) {
  const { t } = useTranslation();
  const { onAction } = props;
  const columns: ColumnsType<WorkAccountItem> = [
    {
      title: t('accounts.account'),
      dataIndex: 'nickname',
      width: 196,
      render: (v: string, r) => (
        <Flex gap={10} align="flex-start">
          <Avatar src={avatarSrc(r.avatar)} alt={v} style={{ flex: 'none' }}>
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
      // The first login under the status: both say where the account stands, and the table
      // keeps every field in view at 1440 px beside the group tree.
      title: t('accounts.status'),
      dataIndex: 'status',
      width: 112,
      render: (_: unknown, r) => (
        <Flex vertical gap={2} align="flex-start">
          <StatusTag status={r.status} reason={r.statusReason} />
          <RiskTag wxid={r.wxid} risk={r.risk} reason={r.riskReason} resumable />
          {r.firstLoginAt ? (
            <Tooltip
              title={t('accounts.firstLoginAt', {
                time: dayjs(r.firstLoginAt).format('YYYY-MM-DD HH:mm'),
              })}
            >
              <Typography.Text
                type="secondary"
                style={{ fontSize: 12 }}
                data-testid="wx-first-login"
              >
                {t('accounts.firstLoginShort', {
                  time: dayjs(r.firstLoginAt).format('MM-DD HH:mm'),
                })}
              </Typography.Text>
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('accounts.remark'),
      dataIndex: 'remark',
      width: 100,
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
      key: 'distributedToName',
      width: 92,
      ...cutColumn<WorkAccountItem>((r) => r.distributedToName ?? t('accounts.notDistributed')),
    },
    {
      title: t('accounts.contacts'),
      key: 'contacts',
      // Narrow: the text wraps after the friends count instead of running under the actions.
      width: 96,
      render: (_: unknown, r) => (
        <span data-testid="wx-contacts">
          <span style={{ whiteSpace: 'nowrap' }}>
            {t('accounts.contactsFriends', { contacts: r.contactCount })}
          </span>{' '}
          /{' '}
          <span style={{ whiteSpace: 'nowrap' }}>
            {t('accounts.contactsGroups', { groups: r.groupCount })}
          </span>
        </span>
      ),
    },
    {
      // Group, pool and proxy in one cell, so all are in view at 1440 px beside the group tree.
      title: t('accounts.groupPoolProxy'),
      key: 'groupPool',
      width: 132,
      render: (_: unknown, r) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: true }} data-testid="wx-group">
            {r.groupName ?? t('accounts.ungrouped')}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="wx-pool">
            {t(`wxPool.${r.pool}`)}
          </Typography.Text>
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12 }}
            ellipsis={{ tooltip: true }}
            data-testid="wx-proxy"
          >
            {r.proxy ? t('accounts.viaProxy', { proxy: r.proxy }) : t('accounts.noProxy')}
          </Typography.Text>
        </Flex>
      ),
    },
    actionsColumn<WorkAccountItem>(t('common.actions'), 120, (r) => (
      <AccountRowActions row={r} onAction={onAction} />
    )),
  ];

  return (
    <ListTable<WorkAccountItem>
      query={props.query}
      rowKey="wxid"
      size="middle"
      loading={props.loading}
      data={props.data}
      columns={columns}
      selection={props.selection}
      pageSizeOptions={[20, 50, 100, 200, 500]}
      empty={<EmptyState title={t('accounts.empty')} action={props.emptyAction} />}
      testId="account-table"
    />
  );
}
