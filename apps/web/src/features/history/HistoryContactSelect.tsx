import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationItem, WorkAccountItem } from '@cst/shared';
import { useWorkAccounts } from '../../lib/workAccounts/workAccountStore.ts';
import { conversationsApi } from '../conversations/api.ts';
import { listViewOf } from '../conversations/store/listView.ts';

/** Props of {@link HistoryContactSelect} (a form control: `value` is the contact's id). */
export interface HistoryContactSelectProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** Only the contacts of this work account (the form's account filter). */
  workWxid?: string;
}

/** Contacts offered per search. */
const OPTIONS = 20;
/** A typed id offered as it is when nothing matches (the filter took raw ids before). */
const ID_LIKE = /^[\w@.-]{3,128}$/;

export interface Option {
  value: string;
  label: string;
}

/** The keyword after the user stops typing for a moment. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The options of the found chats, one per contact or group: its name, the person behind a remark,
 * a group's size and (across accounts) the account; two that still read the same show their ids.
 */
export function chatOptions(
  chats: readonly ConversationItem[],
  accounts: readonly Pick<WorkAccountItem, 'wxid' | 'remark' | 'nickname'>[],
  workWxid: string | undefined,
  t: (key: string, options?: Record<string, unknown>) => string,
): Option[] {
  const accountName = (wxid: string) => {
    const a = accounts.find((x) => x.wxid === wxid);
    return a ? a.remark || a.nickname || a.wxid : wxid;
  };
  const seen = new Set<string>();
  const list: Option[] = [];
  for (const c of chats) {
    if (seen.has(c.receiver_id)) continue;
    seen.add(c.receiver_id);
    const who = c.remark && c.nickname && c.remark !== c.nickname ? ` (${c.nickname})` : '';
    const size =
      c.talkType === 2 && c.memberCount
        ? ` · ${t('historyPage.memberCount', { count: c.memberCount })}`
        : '';
    const where = workWxid ? '' : ` · ${accountName(c.workWxid)}`;
    list.push({ value: c.receiver_id, label: `${c.name}${who}${size}${where}` });
  }
  const times = new Map<string, number>();
  for (const o of list) times.set(o.label, (times.get(o.label) ?? 0) + 1);
  for (const o of list) if ((times.get(o.label) ?? 0) > 1) o.label += ` (${o.value})`;
  return list;
}

/**
 * History's contact filter: finds a contact or group by nickname, remark or id among the
 * conversations of the visible work accounts (the server's conversation search, which checks
 * visibility — history only holds messages of conversations), asked for only while it is open.
 */
export function HistoryContactSelect({ value, onChange, workWxid }: HistoryContactSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<Option | null>(null);
  const keyword = useSettled(typed.trim());
  const accounts = useWorkAccounts((s) => s.accounts);
  const { data, isFetching } = useQuery({
    queryKey: ['history', 'contacts', workWxid ?? '', keyword],
    queryFn: () =>
      conversationsApi.list(
        listViewOf({ mode: workWxid ? 'account' : 'aggregated', workWxid, keyword }),
        1,
        OPTIONS,
      ),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    const list = chatOptions(data?.list ?? [], accounts, workWxid, t);
    const seen = new Set(list.map((o) => o.value));
    if (keyword && ID_LIKE.test(keyword) && !seen.has(keyword)) {
      list.push({ value: keyword, label: t('historyPage.contactById', { id: keyword }) });
    }
    if (chosen && chosen.value === value && !list.some((o) => o.value === chosen.value)) {
      list.unshift(chosen);
    }
    return list;
  }, [data, keyword, chosen, value, accounts, workWxid, t]);

  return (
    <Select<string, Option>
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      allowClear
      value={value}
      options={options}
      style={{ width: 240 }}
      placeholder={t('historyPage.contactPlaceholder')}
      notFoundContent={isFetching ? <Spin size="small" /> : t('historyPage.contactNoMatch')}
      onOpenChange={setOpen}
      onChange={(v, option) => {
        setChosen(option && !Array.isArray(option) ? option : null);
        onChange?.(v);
      }}
      data-testid="history-contact"
    />
  );
}
