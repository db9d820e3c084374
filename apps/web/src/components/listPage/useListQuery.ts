import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** A sort of the list: a column key and its direction. */
export interface ListSort {
  field: string;
  order: 'ascend' | 'descend';
}

/** Page, filters and sort of a list screen, read from and written to the URL query string. */
export interface ListQuery<K extends string = string> {
  page: number;
  pageSize: number;
  /** Every filter named by the page; absent ones are undefined. */
  filters: Record<K, string | undefined>;
  sort: ListSort | undefined;
  /** Moves to a page (and page size). A new history entry, so the back button returns. */
  setPage: (page: number, pageSize?: number) => void;
  /** Changes filters; the page goes back to 1. Empty values are removed from the URL. */
  setFilters: (patch: Partial<Record<K, string | undefined>>) => void;
  /** Sorts by a column (undefined: the server's default order); the page goes back to 1. */
  setSort: (sort: ListSort | undefined) => void;
  /** Clears every filter, the sort and the page. */
  reset: () => void;
  /** The filters that are set, with page, pageSize and sort: what an API call or export takes. */
  params: ListParams<K>;
}

/** The non-empty filters of a list with its page and sort, ready for an API body. */
export type ListParams<K extends string> = Partial<Record<K, string>> & {
  page: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
};

/** Options of {@link useListQuery}. */
export interface ListQueryOptions {
  /** Rows per page when the URL names none (default 20). */
  pageSize?: number;
  /** Prefix of the URL keys, for a second list on the same screen (`r` → `r.page`, `r.keyword`). */
  prefix?: string;
}

const MAX_PAGE = 100_000;
const MAX_PAGE_SIZE = 1000;

const positive = (v: string | null, d: number, max: number) => {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n >= 1 ? Math.min(n, max) : d;
};

/**
 * The state of a list screen kept in the URL (STYLE.md: table state in the URL), so a reload, a
 * shared link and the back button show the same page, filters and sort. `filterKeys` names the
 * filters the screen understands; anything else in the URL is left alone.
 */
export function useListQuery<K extends string>(
  filterKeys: readonly K[],
  options: ListQueryOptions = {},
): ListQuery<K> {
  const [search, setSearch] = useSearchParams();
  const { pageSize: defaultPageSize = 20, prefix } = options;
  const key = useCallback((name: string) => (prefix ? `${prefix}.${name}` : name), [prefix]);
  const page = positive(search.get(key('page')), 1, MAX_PAGE);
  const pageSize = positive(search.get(key('pageSize')), defaultPageSize, MAX_PAGE_SIZE);
  const sortField = search.get(key('sort'));
  const sortOrder = search.get(key('order'));
  const keys = filterKeys.join(',');

  const filters = useMemo(() => {
    const out = {} as Record<K, string | undefined>;
    for (const k of (keys ? keys.split(',') : []) as K[]) out[k] = search.get(key(k)) || undefined;
    return out;
  }, [search, keys, key]);
  const sort = useMemo<ListSort | undefined>(
    () =>
      sortField
        ? { field: sortField, order: sortOrder === 'desc' ? 'descend' : 'ascend' }
        : undefined,
    [sortField, sortOrder],
  );

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        return next;
      }),
    [setSearch],
  );
  const setPage = useCallback(
    (p: number, size?: number) =>
      update((next) => {
        if (p > 1) next.set(key('page'), String(p));
        else next.delete(key('page'));
        if (size && size !== defaultPageSize) next.set(key('pageSize'), String(size));
        else if (size) next.delete(key('pageSize'));
      }),
    [update, key, defaultPageSize],
  );
  const setFilters = useCallback(
    (patch: Partial<Record<K, string | undefined>>) =>
      update((next) => {
        for (const [k, v] of Object.entries(patch) as [string, string | undefined][]) {
          if (v === undefined || v.trim() === '') next.delete(key(k));
          else next.set(key(k), v.trim());
        }
        next.delete(key('page'));
      }),
    [update, key],
  );
  const setSort = useCallback(
    (s: ListSort | undefined) =>
      update((next) => {
        if (s) {
          next.set(key('sort'), s.field);
          next.set(key('order'), s.order === 'descend' ? 'desc' : 'asc');
        } else {
          next.delete(key('sort'));
          next.delete(key('order'));
        }
        next.delete(key('page'));
      }),
    [update, key],
  );
  const reset = useCallback(
    () =>
      update((next) => {
        for (const k of [...(keys ? keys.split(',') : []), 'page', 'sort', 'order'])
          next.delete(key(k));
      }),
    [update, key, keys],
  );

  const params = useMemo(() => {
    const out: Record<string, string | number> = { page, pageSize };
    for (const [k, v] of Object.entries(filters) as [string, string | undefined][]) {
      if (v) out[k] = v;
    }
    if (sort) {
      out.sortField = sort.field;
      out.sortOrder = sort.order === 'descend' ? 'desc' : 'asc';
    }
    return out as ListParams<K>;
  }, [page, pageSize, filters, sort]);

  return { page, pageSize, filters, sort, setPage, setFilters, setSort, reset, params };
}
