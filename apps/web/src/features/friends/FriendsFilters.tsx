import { DatePicker, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CONTACT_SOURCES, type SwitcherAccount } from '@cst/shared';

/** The filters of the friends page as the URL holds them. */
export interface FriendFilterValues {
  account?: string;
  keyword?: string;
  from?: string;
  to?: string;
  source?: string;
}

/** Props of {@link FriendsFilters}. */
export interface FriendsFiltersProps {
  values: FriendFilterValues;
  accounts: SwitcherAccount[];
  onChange: (patch: Partial<FriendFilterValues>) => void;
}

/** Account, keyword, added between and source: the friends page's filters. */
export function FriendsFilters({ values, accounts, onChange }: FriendsFiltersProps) {
  const { t } = useTranslation();
  const day = (v: string | undefined) => (v ? dayjs(Number(v)) : null);
  return (
    <Space wrap size={8} className="friends-filters">
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('friends.allAccounts')}
        value={values.account}
        onChange={(v: string | undefined) => onChange({ account: v })}
        options={accounts.map((a) => ({ value: a.wxid, label: a.remark || a.nickname || a.wxid }))}
        style={{ width: 180 }}
        data-testid="friends-account"
      />
      <Input.Search
        allowClear
        key={values.keyword ?? ''}
        defaultValue={values.keyword}
        placeholder={t('friends.search')}
        onSearch={(v) => onChange({ keyword: v.trim() })}
        style={{ width: 240 }}
        data-testid="friends-search"
      />
      <DatePicker.RangePicker
        value={[day(values.from), day(values.to)]}
        placeholder={[t('friends.addedFrom'), t('friends.addedTo')]}
        allowEmpty={[true, true]}
        onChange={(range) =>
          onChange({
            from: range?.[0] ? String(range[0].startOf('day').valueOf()) : undefined,
            to: range?.[1] ? String(range[1].endOf('day').valueOf()) : undefined,
          })
        }
        data-testid="friends-added"
      />
      <Select
        allowClear
        placeholder={t('friends.allSources')}
        value={values.source}
        onChange={(v: string | undefined) => onChange({ source: v })}
        options={CONTACT_SOURCES.map((s) => ({ value: s, label: t(`friends.sources.${s}`) }))}
        style={{ width: 140 }}
        data-testid="friends-source"
      />
    </Space>
  );
}
