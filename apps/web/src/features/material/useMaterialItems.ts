import { useInfiniteQuery } from '@tanstack/react-query';
import type { MaterialItem, MaterialListBody } from '@cst/shared';
import { materialApi, materialKeys } from './api.ts';

/** Items per request: the first one fills the panel's first screen. */
export const MATERIAL_PAGE = 100;

/** Filters of a material list. */
export interface MaterialFilter {
  folderId?: string;
  type?: number;
  keyword?: string;
}

/** A folder's items page by page, newest first (the composer panel scrolls through them). */
export function useMaterialItems(filter: MaterialFilter, enabled = true) {
  const q = useInfiniteQuery({
    queryKey: [...materialKeys.items, 'infinite', filter],
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      materialApi.list({
        folderId: filter.folderId || undefined,
        type: (filter.type || undefined) as MaterialListBody['type'],
        keyword: filter.keyword || undefined,
        page: pageParam,
        pageSize: MATERIAL_PAGE,
      }),
    getNextPageParam: (last, all) =>
      all.length * MATERIAL_PAGE < last.total ? all.length + 1 : undefined,
  });
  const items: MaterialItem[] = q.data?.pages.flatMap((p) => p.list) ?? [];
  const total = q.data?.pages[0]?.total ?? 0;
  return { ...q, items, total };
}
