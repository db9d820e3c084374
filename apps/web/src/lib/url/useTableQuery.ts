import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Page and filters of an admin table. */
export interface TableQuery<F extends Record<string, string | undefined>> {
  page: number;
  pageSize: number;
  filters: F;
  /** Moves to a page (and page size). */
  setPage: (page: number, pageSize?: number) => void;
  /** Changes filters; the page goes back to 1. Empty values are removed from the URL. */
  setFilters: (patch: Partial<F>) => void;
}

const positive = (v: string | null, d: number, max: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : d;
};

/**
 * Table state kept in the URL query string (STYLE.md), so a reload or a shared link shows the
 * same page and filters. `filterKeys` names the filters the table understands.
 */
export function useTableQuery<K extends string>(
  filterKeys: readonly K[],
  defaultPageSize = 20,
): TableQuery<Record<K, string | undefined>> {
  const [search, setSearch] = useSearchParams();
  const page = positive(search.get('page'), 1, 100000);
  const pageSize = positive(search.get('pageSize'), defaultPageSize, 1000);
  const keys = filterKeys.join(',');
  const filters = useMemo(() => {
    const out = {} as Record<K, string | undefined>;
    for (const k of keys.split(',') as K[]) out[k] = search.get(k) ?? undefined;
    return out;
  }, [search, keys]);

  const setPage = useCallback(
    (p: number, size?: number) =>
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        next.set('page', String(p));
        if (size) next.set('pageSize', String(size));
        return next;
      }),
    [setSearch],
  );
  const setFilters = useCallback(
    (patch: Partial<Record<K, string | undefined>>) =>
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch) as [string, string | undefined][]) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, v);
        }
        next.delete('page');
        return next;
      }),
    [setSearch],
  );
  return { page, pageSize, filters, setPage, setFilters };
}
