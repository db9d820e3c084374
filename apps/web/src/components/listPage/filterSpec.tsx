import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, SearchFilter, SelectFilter, type FilterQuery } from './Filters.tsx';

/** An option of a select filter or field: a value and the text shown (already translated). */
export interface SpecOption {
  value: string;
  label: string;
}

/**
 * The options of an enum: each value labelled by the text key `prefix + value`
 * (`{ enum: USER_STATUSES, prefix: 'common.' }`).
 */
export interface EnumOptions {
  enum: readonly (string | number)[];
  prefix: string;
}

const isEnum = (o: SpecOptions): o is EnumOptions => !Array.isArray(o);

/** Options given as a list, or as an enum translated by key prefix. */
export type SpecOptions = readonly SpecOption[] | EnumOptions;

/** The options as antd takes them (enum labels translated). */
export function optionsOf(options: SpecOptions, t: (key: string) => string): SpecOption[] {
  if (isEnum(options)) {
    return options.enum.map((v) => ({ value: String(v), label: t(`${options.prefix}${v}`) }));
  }
  return [...options];
}

interface NamedFilter<K extends string> {
  /** The URL key of the filter. */
  name: K;
  /** Text key of the placeholder (also the accessible name). */
  placeholder: string;
  width?: number;
  testId?: string;
}

/**
 * One filter of a list page's toolbar, bound to URL keys. Every `name` (`names`) becomes a filter
 * key of {@link useListPage}; text fields are text keys.
 */
export type FilterSpec<K extends string> =
  | (NamedFilter<K> & { kind: 'search' })
  | (NamedFilter<K> & {
      kind: 'select';
      options: SpecOptions;
      /** Type to find an option (long lists such as companies or accounts). */
      searchable?: boolean;
      loading?: boolean;
    })
  | { kind: 'dateRange'; names: [K, K]; showTime?: boolean; testId?: string }
  /** URL keys the page sets itself: `render` draws a control (or nothing: tabs set them). */
  | { kind: 'custom'; names: readonly K[]; render?: (query: FilterQuery<K>) => ReactNode };

/** The URL keys a list of filter specs binds. */
export function filterNames<K extends string>(specs: readonly FilterSpec<K>[]): K[] {
  return specs.flatMap((s) =>
    s.kind === 'search' || s.kind === 'select' ? [s.name] : [...s.names],
  );
}

/** The toolbar filters drawn from their specs, in order. */
export function FilterBar<K extends string>({
  specs,
  query,
}: {
  specs: readonly FilterSpec<K>[];
  query: FilterQuery<K>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {specs.map((s, i) => {
        switch (s.kind) {
          case 'search':
            return (
              <SearchFilter key={s.name} query={query} {...s} placeholder={t(s.placeholder)} />
            );
          case 'select':
            return (
              <SelectFilter
                key={s.name}
                query={query}
                {...s}
                placeholder={t(s.placeholder)}
                options={optionsOf(s.options, t)}
              />
            );
          case 'dateRange':
            return <DateRangeFilter key={s.names.join('~')} query={query} {...s} />;
          case 'custom':
            return <Fragment key={`custom-${i}`}>{s.render?.(query)}</Fragment>;
        }
      })}
    </>
  );
}
