import { Avatar, Space, Switch, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FriendItem, SwitcherAccount } from '@cst/shared';
import { CutText, RowButton, RowMore } from '../../components/listPage/index.ts';
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
      width: 180,
      render: (v: string, f) => (
        <span className="friend-name">
          <Avatar src={avatarSrc(f.avatar)} size={28}>
            {name(f).slice(0, 1)}
          </Avatar>
          <span className="friend-name-text">
            <CutText text={v || f.friendWxid} testId="friend-nickname" />
            <Typography.Text
              type="secondary"
              className="friend-wxid"
              ellipsis={{ tooltip: f.friendWxid }}
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
      width: 100,
      render: (v: string) => <CutText text={v} testId="friend-remark" />,
    },
    {
      title: t('friends.account'),
      dataIndex: 'workWxid',
      width: 110,
      render: (v: string) => <CutText text={accountName.get(v) ?? v} />,
    },
    {
      title: t('friends.tags'),
      dataIndex: 'tags',
      width: 140,
      // Chips cut at the cell's edge; every tag's name in the tooltip.
      render: (tags: FriendItem['tags']) =>
        tags.length > 0 && (
          <Tooltip title={tags.map((tag) => tag.name).join('、')}>
            <div className="friend-tags" data-testid="friend-tags">
              <TagChips tags={tags} testId="friend-tag" />
            </div>
          </Tooltip>
        ),
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
      render: (v: FriendItem['source']) => <CutText text={t(`friends.sources.${v}`)} />,
    },
    { title: t('friends.star'), dataIndex: 'star', width: 56, render: flag('star', 'friend-star') },
    {
      title: t('friends.blacklist'),
      dataIndex: 'blacklist',
      width: 70,
      render: flag('blacklist', 'friend-blacklist'),
    },
    {
      title: t('friends.topChat'),
      dataIndex: 'topChat',
      width: 56,
      render: flag('topChat', 'friend-topchat'),
    },
    {
      title: t('friends.actions'),
      key: 'actions',
      fixed: 'right',
      // 「发消息 资料卡 更多 ▾」 whole, the menu's arrow included.
      width: 184,
      // The two everyday actions as links, remark and delete behind 「更多」: the table fits
      // 1440 px without a sideways scroll.
      render: (_, f) => (
        <Space size={0}>
          <RowButton onClick={() => props.onOpenChat(f)}>{t('friends.openChat')}</RowButton>
          <RowButton onClick={() => props.onCard(f)}>{t('friends.card')}</RowButton>
          <RowMore
            testId="friend-more"
            items={[
              {
                key: 'remark',
                label: t('friends.editRemark'),
                testId: 'friend-remark-edit',
                onClick: () => props.onRemark(f),
              },
              ...(props.canDelete
                ? [
                    {
                      key: 'delete',
                      label: t('friends.delete'),
                      danger: true,
                      testId: 'friend-delete',
                      onClick: () => props.onDelete(f),
                    },
                  ]
                : []),
            ]}
          />
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
