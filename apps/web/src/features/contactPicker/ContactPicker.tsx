import { useQuery } from '@tanstack/react-query';
import { Avatar, Checkbox, Empty, Input, Modal, Segmented, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { ContactListEntry } from '@cst/shared';
import { friendsApi } from '../friends/api.ts';
import { matchesContact } from './matchesContact.ts';
import './contactPicker.css';
import { avatarSrc } from '../bubbles/media.ts';

/** A chosen friend or group of a work account. */
export interface PickedContact {
  workWxid: string;
  receiver_id: string;
  talkType: 1 | 2;
  name: string;
}

/** Props of the contact picker. */
export interface ContactPickerProps {
  open: boolean;
  title?: string;
  /** Lists this work account's friends and groups; every visible account's when unset. */
  workWxid?: string;
  onCancel: () => void;
  onConfirm: (picked: PickedContact[]) => void;
}

/** Most entries the picker loads at once (SPEC §9 whole-list load). */
const WHOLE_LIST = 10000;
const ROW_HEIGHT = 40;

const keyOf = (c: ContactListEntry) => `${c.wxid}|${c.type}|${c.id}`;
const nameOf = (c: ContactListEntry) => c.remark || c.nickname || c.id;

/**
 * The contact picker: every friend and group of the account (not only those with a chat), a
 * search by name, several picks (the selected list shows with its count), cancel or confirm. The
 * whole list loads at once and scrolls virtualised, so 10,000 entries stay smooth.
 */
export function ContactPicker({ open, title, workWxid, onCancel, onConfirm }: ContactPickerProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [cvType, setCvType] = useState<1 | 2>(1);
  const [picked, setPicked] = useState<Record<string, PickedContact>>({});
  const { data, isFetching } = useQuery({
    queryKey: ['contactPicker', workWxid ?? '', cvType],
    queryFn: () => friendsApi.contacts({ cvType, wxid: workWxid, pageSize: WHOLE_LIST }),
    enabled: open,
    staleTime: 30_000,
  });
  const list = useMemo(
    () => (data?.list ?? []).filter((c) => matchesContact(c, keyword)),
    [data, keyword],
  );
  const several = useMemo(() => new Set((data?.list ?? []).map((c) => c.wxid)).size > 1, [data]);
  const toggle = (c: ContactListEntry, on: boolean) =>
    setPicked(({ [keyOf(c)]: _old, ...rest }) =>
      on
        ? {
            ...rest,
            [keyOf(c)]: { workWxid: c.wxid, receiver_id: c.id, talkType: c.type, name: nameOf(c) },
          }
        : rest,
    );
  const chosen = Object.entries(picked);
  return (
    <Modal
      open={open}
      title={title ?? t('contactPicker.title')}
      okText={t('contactPicker.confirm')}
      cancelText={t('contactPicker.cancel')}
      okButtonProps={{ disabled: chosen.length === 0, 'data-testid': 'picker-confirm' } as never}
      onOk={() => onConfirm(chosen.map(([, c]) => c))}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Segmented
        block
        value={cvType}
        onChange={(v) => setCvType(v as 1 | 2)}
        options={[
          { value: 1, label: t('contactPicker.friends') },
          { value: 2, label: t('contactPicker.groups') },
        ]}
      />
      <Input.Search
        allowClear
        placeholder={t('contactPicker.search')}
        onSearch={(v) => setKeyword(v.trim())}
        onChange={(e) => {
          if (!e.target.value) setKeyword('');
        }}
        style={{ margin: '8px 0' }}
        data-testid="picker-search"
      />
      <Spin spinning={isFetching}>
        {list.length === 0 ? (
          <Empty description={isFetching ? ' ' : t('contactPicker.noMatch')} />
        ) : (
          <Virtuoso
            style={{ height: Math.min(300, list.length * ROW_HEIGHT) }}
            data={list}
            fixedItemHeight={ROW_HEIGHT}
            computeItemKey={(_, c) => keyOf(c)}
            itemContent={(_, c) => (
              <div className="picker-row" data-testid="picker-item" style={{ height: ROW_HEIGHT }}>
                <Checkbox
                  checked={Boolean(picked[keyOf(c)])}
                  onChange={(e) => toggle(c, e.target.checked)}
                >
                  <Avatar size={24} src={avatarSrc(c.avatar)} className="picker-avatar">
                    {nameOf(c).slice(0, 1)}
                  </Avatar>
                  <span className="picker-name">{nameOf(c)}</span>
                  {several && (
                    <Typography.Text type="secondary" className="picker-account">
                      {c.wxid}
                    </Typography.Text>
                  )}
                </Checkbox>
              </div>
            )}
          />
        )}
      </Spin>
      <div className="picker-selected" data-testid="picker-selected">
        <span>{t('contactPicker.selected', { count: chosen.length })}</span>
        {chosen.map(([key, c]) => (
          <Tag key={key} closable onClose={() => setPicked(({ [key]: _gone, ...rest }) => rest)}>
            {c.name}
          </Tag>
        ))}
      </div>
    </Modal>
  );
}
