import { DatePicker, Input, Select } from 'antd';
import dayjs from 'dayjs';
import type { ListQuery } from './useListQuery.ts';

interface FilterBase<K extends string> {
  query: ListQuery<K>;
  /** The URL key of the filter. */
  name: K;
  /** Placeholder, also the accessible name. */
  placeholder: string;
  width?: number;
  testId?: string;
}

/** A keyword box bound to a URL filter: Enter or the search icon applies it. */
export function SearchFilter<K extends string>({
  query,
  name,
  placeholder,
  width = 240,
  testId,
}: FilterBase<K>) {
  const value = query.filters[name];
  return (
    <Input.Search
      allowClear
      // Remounts when the URL changes (back button, clear filters), so the box shows the URL.
      key={value ?? ''}
      defaultValue={value}
      placeholder={placeholder}
      aria-label={placeholder}
      onSearch={(v) => query.setFilters({ [name]: v } as Partial<Record<K, string>>)}
      style={{ width }}
      data-testid={testId}
    />
  );
}

/** Props of {@link SelectFilter}. */
export interface SelectFilterProps<K extends string> extends FilterBase<K> {
  options: { value: string; label: string }[];
  /** Type to find an option (long lists such as companies). */
  searchable?: boolean;
  loading?: boolean;
}

/** A dropdown bound to a URL filter; clearing it removes the filter. */
export function SelectFilter<K extends string>({
  query,
  name,
  placeholder,
  width = 150,
  testId,
  options,
  searchable,
  loading,
}: SelectFilterProps<K>) {
  return (
    <Select<string>
      allowClear
      showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
      placeholder={placeholder}
      aria-label={placeholder}
      value={query.filters[name]}
      onChange={(v?: string) => query.setFilters({ [name]: v } as Partial<Record<K, string>>)}
      options={options}
      loading={loading}
      style={{ width }}
      data-testid={testId}
    />
  );
}

/** Props of {@link DateRangeFilter}. */
export interface DateRangeFilterProps<K extends string> {
  query: ListQuery<K>;
  /** The URL keys of the start and end (epoch milliseconds). */
  names: [K, K];
  showTime?: boolean;
  testId?: string;
}

/** A from–to picker bound to two URL filters holding epoch milliseconds. */
export function DateRangeFilter<K extends string>({
  query,
  names,
  showTime,
  testId,
}: DateRangeFilterProps<K>) {
  const [from, to] = names.map((n) => query.filters[n]);
  const at = (v: string | undefined) => (v && Number.isFinite(Number(v)) ? dayjs(Number(v)) : null);
  return (
    <DatePicker.RangePicker
      showTime={showTime}
      value={[at(from), at(to)]}
      onChange={(range) =>
        query.setFilters({
          [names[0]]: range?.[0] ? String(range[0].valueOf()) : undefined,
          [names[1]]: range?.[1] ? String(range[1].valueOf()) : undefined,
        } as Partial<Record<K, string>>)
      }
      data-testid={testId}
    />
  );
}
