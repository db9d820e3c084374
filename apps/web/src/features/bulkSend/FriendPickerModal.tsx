import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FriendItem } from '@cst/shared';
import { CutText, cutColumn } from '../../components/listPage/index.ts';
import { accountsApi, accountsKeys } from '../accounts/api.ts';
import { friendsApi } from '../friends/api.ts';
import { TagSelect } from '../tags/TagSelect.tsx';

/** A friend chosen as a recipient. */
export interface PickedFriend {
  wxid: string;
  name: string;
}

/** Props of {@link FriendPickerModal}. */
export interface FriendPickerModalProps {
  open: boolean;
  /** The task's work accounts: the account filter offers these (all visible ones when empty). */
  workWxids: string[];
  onCancel: () => void;
  onConfirm: (picked: PickedFriend[]) => void;
}

interface Filter {
  keyword?: string;
  tagIds?: string[];
  workWxid?: string;
}

const PAGE_SIZE = 50;
const keyOf = (f: FriendItem) => `${f.workWxid}|${f.friendWxid}`;
const nameOf = (f: FriendItem) => f.remark || f.nickname || f.friendWxid;

/**
 * Chooses the recipients of a mass send among the friends of the task's accounts: searchable by
 * name, remark or id, filtered by tags and by account; picks are kept across pages and filters.
 */
export function FriendPickerModal({
  open,
  workWxids,
  onCancel,
  onConfirm,
}: FriendPickerModalProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Map<string, PickedFriend>>(new Map());
  const { data: switcher } = useQuery({
    queryKey: accountsKeys.switcher,
    queryFn: accountsApi.switcher,
    enabled: open,
  });
  const accounts = (switcher?.wxAccount ?? []).filter(
    (a) => workWxids.length === 0 || workWxids.includes(a.wxid),
  );
  const accountName = new Map(accounts.map((a) => [a.wxid, a.remark || a.nickname || a.wxid]));
  const workWxid = filter.workWxid ?? (workWxids.length === 1 ? workWxids[0] : undefined);
  const { data, isFetching } = useQuery({
    queryKey: ['bulkSend', 'friendPicker', { ...filter, workWxid, page }],
    queryFn: () =>
      friendsApi.list({
        page,
        pageSize: PAGE_SIZE,
        workWxid,
        keyword: filter.keyword || undefined,
        tagIds: filter.tagIds?.length ? filter.tagIds : undefined,
      }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  // Only friends of the task's accounts can be sent to.
  const rows = (data?.list ?? []).filter(
    (f) => workWxids.length === 0 || workWxids.includes(f.workWxid),
  );
  const change = (patch: Filter) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const choose = (f: FriendItem, on: boolean) =>
    setPicked((m) => {
      const next = new Map(m);
      if (on) next.set(keyOf(f), { wxid: f.friendWxid, name: nameOf(f) });
      else next.delete(keyOf(f));
      return next;
    });
  const close = () => {
    setPicked(new Map());
    setFilter({});
    setPage(1);
  };
  return (
    <Modal
      open={open}
      width={760}
      title={t('bulkSend.picker.title')}
      okText={t('bulkSend.picker.confirm', { count: picked.size })}
      okButtonProps={{ disabled: picked.size === 0, 'data-testid': 'friend-picker-ok' } as never}
      onOk={() => {
        onConfirm([...picked.values()]);
        close();
      }}
      onCancel={() => {
        onCancel();
        close();
      }}
      destroyOnHidden
      modalRender={(node) => <div data-testid="friend-picker">{node}</div>}
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          style={{ width: 220 }}
          placeholder={t('bulkSend.picker.search')}
          onSearch={(v) => change({ keyword: v.trim() })}
          data-testid="friend-picker-search"
        />
        <TagSelect
          width={220}
          value={filter.tagIds}
          onChange={(ids) => change({ tagIds: ids })}
          placeholder={t('bulkSend.picker.tags')}
          testId="friend-picker-tags"
        />
        {workWxids.length !== 1 && (
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('bulkSend.picker.allAccounts')}
            value={filter.workWxid}
            onChange={(v: string | undefined) => change({ workWxid: v })}
            options={accounts.map((a) => ({ value: a.wxid, label: accountName.get(a.wxid) }))}
            data-testid="friend-picker-account"
          />
        )}
      </Flex>
      <Table<FriendItem>
        size="small"
        rowKey={keyOf}
        loading={isFetching}
        dataSource={rows}
        scroll={{ y: 320 }}
        data-testid="friend-picker-table"
        onRow={(f) => ({ 'data-testid': 'friend-picker-row', 'data-wxid': f.friendWxid }) as never}
        rowSelection={{
          selectedRowKeys: [...picked.keys()],
          preserveSelectedRowKeys: true,
          onSelect: (f, on) => choose(f, on),
          onSelectAll: (on, _all, changed) => {
            for (const f of changed) choose(f, on);
          },
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          size: 'small',
          onChange: setPage,
        }}
        columns={[
          {
            title: t('bulkSend.picker.name'),
            key: 'name',
            ellipsis: { showTitle: false },
            render: (_: unknown, f) => (
              <Flex vertical>
                <CutText text={nameOf(f)} />
                <CutText text={f.friendWxid} type="secondary" className="bulk-picker-wxid" />
              </Flex>
            ),
          },
          {
            title: t('bulkSend.account'),
            key: 'account',
            width: 160,
            ...cutColumn<FriendItem>((f) => accountName.get(f.workWxid) ?? f.workWxid),
          },
          {
            title: t('bulkSend.picker.tagsColumn'),
            key: 'tags',
            width: 200,
            render: (_: unknown, f) =>
              f.tags.map((tag) => (
                <Tag key={tag.id} color={tag.color || undefined}>
                  {tag.name}
                </Tag>
              )),
          },
        ]}
      />
      <Typography.Text type="secondary" data-testid="friend-picker-count">
        {t('bulkSend.picker.selected', { count: picked.size })}
      </Typography.Text>
    </Modal>
  );
}
