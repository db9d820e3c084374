import { useQuery } from '@tanstack/react-query';
import { Checkbox, Empty, Input, List, Modal, Segmented, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationItem } from '@cst/shared';
import { conversationsApi } from '../conversations/api.ts';

/** A chosen friend or group of a work account. */
export interface PickedContact {
  workWxid: string;
  receiver_id: string;
  talkType: 1 | 2;
  name: string;
}

/**
 * The contact picker: search the friends and groups the user's work accounts chat with, pick
 * several (the selected list shows with its count), cancel or confirm.
 */
export function ContactPicker({
  open,
  title,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title?: string;
  onCancel: () => void;
  onConfirm: (picked: PickedContact[]) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [talkType, setTalkType] = useState<1 | 2>(1);
  const [picked, setPicked] = useState<Record<string, PickedContact>>({});
  const { data, isFetching } = useQuery({
    queryKey: ['contactPicker', keyword, talkType],
    queryFn: () =>
      conversationsApi.list(
        { mode: 'aggregated', keyword: keyword || undefined, talkType },
        1,
        100,
      ),
    enabled: open,
  });
  const toggle = (c: ConversationItem, on: boolean) =>
    setPicked(({ [c.index_name]: _old, ...rest }) =>
      on
        ? {
            ...rest,
            [c.index_name]: {
              workWxid: c.workWxid,
              receiver_id: c.receiver_id,
              talkType: c.talkType,
              name: c.name,
            },
          }
        : rest,
    );
  const list = data?.list ?? [];
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
        value={talkType}
        onChange={(v) => setTalkType(v as 1 | 2)}
        options={[
          { value: 1, label: t('contactPicker.friends') },
          { value: 2, label: t('contactPicker.groups') },
        ]}
      />
      <Input.Search
        allowClear
        placeholder={t('contactPicker.search')}
        onSearch={(v) => setKeyword(v.trim())}
        style={{ margin: '8px 0' }}
        data-testid="picker-search"
      />
      <Spin spinning={isFetching}>
        {list.length === 0 ? (
          <Empty description={t('contactPicker.noMatch')} />
        ) : (
          <List
            size="small"
            style={{ maxHeight: 300, overflowY: 'auto' }}
            dataSource={list}
            renderItem={(c) => (
              <List.Item data-testid="picker-item">
                <Checkbox
                  checked={Boolean(picked[c.index_name])}
                  onChange={(e) => toggle(c, e.target.checked)}
                >
                  {c.name}
                </Checkbox>
              </List.Item>
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
