import { Avatar, Button, Space, Switch, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FriendItem, SwitcherAccount } from '@cst/shared';
import { CapabilityGate } from '../accounts/CapabilityGate.tsx';
import { TagChips } from '../tags/TagChips.tsx';
import { friendKey } from './useFriendsQuery.ts';
import { avatarSrc } from '../bubbles/media.ts';

/** A flag of a friend the table switches. */
export type FriendFlag = 'star' | 'blacklist' | 'topChat';

/** The platform capability a flag needs (WhatsApp blocks people but cannot star or pin them). */
const FLAG_CAPABILITY: Record<FriendFlag, string> = {
  star: 'updateFriendInfo',
  blacklist: 'blacklist',
  topChat: 'updateFriendInfo',
};

/** Props of {@link FriendsTable}. */
export interface FriendsTableProps {
  rows: FriendItem[];
  loading: boolean;
  /** Height of the scrolling body (the table virtualises its rows within it). */
  height: number;
  accounts: SwitcherAccount[];
  /** Whether the platform can delete friends (capabilities); flags ask for theirs themselves. */
  canDelete: boolean;
  /** Rows being changed (their switches spin). */
  busy: ReadonlySet<string>;
  empty: React.ReactNode;
  onNearEnd: () => void;
  onOpenChat: (f: FriendItem) => void;
  onCard: (f: FriendItem) => void;
  onRemark: (f: FriendItem) => void;
  onFlag: (f: FriendItem, flag: FriendFlag, on: boolean) => void;
  onDelete: (f: FriendItem) => void;
}

const NEAR_END_PX = 600;

/**
 * Every friend under the filters in one virtualised table: only the rows in view are in the page,
 * so the whole list scrolls smoothly; reaching the end asks for the next page.
 */
export function FriendsTable(props: FriendsTableProps) {
  const { t } = useTranslation();
  const { rows, accounts, busy } = props;
  const accountName = new Map(accounts.map((a) => [a.wxid, a.remark || a.nickname || a.wxid]));
  const name = (f: FriendItem) => f.remark || f.nickname || f.friendWxid;
  // A flag the platform lacks is a disabled switch whose tooltip says why.
  const flag = (key: FriendFlag, testId: string) => (on: boolean, f: FriendItem) => (
    <CapabilityGate cap={FLAG_CAPABILITY[key]}>
      {(disabled) => (
        <Switch
          size="small"
          checked={on}
          disabled={disabled}
          loading={busy.has(`${friendKey(f)}|${key}`)}
          onChange={(v) => props.onFlag(f, key, v)}
          data-testid={testId}
          aria-label={t(`friends.${key}`)}
        />
      )}
    </CapabilityGate>
  );
  const columns: TableColumnsType<FriendItem> = [
    {
      title: t('friends.nickname'),
      dataIndex: 'nickname',
      width: 220,
      ellipsis: true,
      render: (v: string, f) => (
        <span className="friend-name" title={f.friendWxid}>
          <Avatar src={avatarSrc(f.avatar)} size={28}>
            {name(f).slice(0, 1)}
          </Avatar>
          <span className="friend-name-text">
            <span data-testid="friend-nickname">{v || f.friendWxid}</span>
            <Typography.Text
              type="secondary"
              className="friend-wxid"
              copyable={{ text: f.friendWxid }}
              data-testid="friend-wxid"
            >
              {f.friendWxid}
            </Typography.Text>
          </span>
        </span>
      ),
    },
    {
      title: t('friends.remark'),
      dataIndex: 'remark',
      width: 120,
      ellipsis: true,
      render: (v: string) => <span data-testid="friend-remark">{v}</span>,
    },
    {
      title: t('friends.account'),
      dataIndex: 'workWxid',
      width: 120,
      ellipsis: true,
      render: (v: string) => accountName.get(v) ?? v,
    },
    {
      title: t('friends.tags'),
      dataIndex: 'tags',
      width: 160,
      ellipsis: true,
      render: (tags: FriendItem['tags']) => <TagChips tags={tags} testId="friend-tag" />,
    },
    {
      title: t('friends.addedAt'),
      dataIndex: 'addedAt',
      width: 136,
      render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : ''),
    },
    {
      title: t('friends.source'),
      dataIndex: 'source',
      width: 88,
      // 「Added on the phone」 and the like: cut, whole on hover, never over the next cell.
      ellipsis: true,
      render: (v: FriendItem['source']) => t(`friends.sources.${v}`),
    },
    { title: t('friends.star'), dataIndex: 'star', width: 60, render: flag('star', 'friend-star') },
    {
      title: t('friends.blacklist'),
      dataIndex: 'blacklist',
      width: 70,
      render: flag('blacklist', 'friend-blacklist'),
    },
    {
      title: t('friends.topChat'),
      dataIndex: 'topChat',
      width: 60,
      render: flag('topChat', 'friend-topchat'),
    },
    {
      title: t('friends.actions'),
      key: 'actions',
      fixed: 'right',
      width: 232,
      render: (_, f) => (
        // Wraps where the labels are longer (English) instead of cutting 删除 off the edge.
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => props.onOpenChat(f)}>
            {t('friends.openChat')}
          </Button>
          <Button type="link" size="small" onClick={() => props.onCard(f)}>
            {t('friends.card')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => props.onRemark(f)}
            data-testid="friend-remark-edit"
          >
            {t('friends.remarkShort')}
          </Button>
          {props.canDelete && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => props.onDelete(f)}
              data-testid="friend-delete"
            >
              {t('friends.deleteShort')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const width = columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0);
  return (
    <Table<FriendItem>
      className="friends-table"
      data-testid="friends-table"
      rowKey={friendKey}
      columns={columns}
      dataSource={rows}
      loading={props.loading}
      pagination={false}
      size="small"
      tableLayout="fixed"
      virtual
      scroll={{ x: width, y: props.height }}
      locale={{ emptyText: props.empty }}
      onRow={(f) => ({ 'data-testid': 'friend-row', 'data-wxid': f.friendWxid }) as never}
      onScroll={(e) => {
        const el = e.currentTarget;
        if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX) props.onNearEnd();
      }}
    />
  );
}
