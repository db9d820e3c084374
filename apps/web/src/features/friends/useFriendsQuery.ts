import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ContactSource, FriendItem, FriendsListResult } from '@cst/shared';
import { friendsApi } from './api.ts';

/** The filters of the friends page (kept in the URL). */
export interface FriendFilters {
  workWxid?: string;
  keyword?: string;
  addedFrom?: number;
  addedTo?: number;
  source?: ContactSource;
  tagIds?: string[];
}

/** Rows per request: the first screen comes quickly, the rest as the table scrolls. */
export const FRIENDS_PAGE = 200;

/** The query key of the friends list under some filters. */
export const friendsKey = (f: FriendFilters) => ['friends', 'list', f] as const;

/** The key of a friend row. */
export const friendKey = (f: Pick<FriendItem, 'workWxid' | 'friendWxid'>) =>
  `${f.workWxid}|${f.friendWxid}`;

/**
 * Every friend under the filters, loaded page by page as the table scrolls: `rows` so far, the
 * `total`, and `loadMore` to ask for the next page (a no-op while one is on the way).
 */
export function useFriendsQuery(filters: FriendFilters) {
  const q = useInfiniteQuery({
    queryKey: friendsKey(filters),
    queryFn: ({ pageParam }) =>
      friendsApi.list({ ...filters, page: pageParam, pageSize: FRIENDS_PAGE }),
    initialPageParam: 1,
    getNextPageParam: (last: FriendsListResult, pages) =>
      pages.length * FRIENDS_PAGE < last.total ? pages.length + 1 : undefined,
  });
  const rows = useMemo(() => q.data?.pages.flatMap((p) => p.list) ?? [], [q.data]);
  const total = q.data?.pages[0]?.total ?? 0;
  const loadMore = () => {
    if (q.hasNextPage && !q.isFetchingNextPage) void q.fetchNextPage();
  };
  return {
    rows,
    total,
    loadMore,
    isLoading: q.isLoading,
    isFetching: q.isFetching,
    refetch: q.refetch,
  };
}

/** Replaces (or removes) friend rows in every loaded friends list. */
export function usePatchFriends() {
  const client = useQueryClient();
  return (upserted: FriendItem[], removed: { workWxid: string; friendWxid: string }[]) => {
    const next = new Map(upserted.map((f) => [friendKey(f), f]));
    const gone = new Set(removed.map(friendKey));
    client.setQueriesData<InfiniteData<FriendsListResult>>(
      { queryKey: ['friends', 'list'] },
      (d) =>
        d
          ? {
              ...d,
              pages: d.pages.map((p) => {
                const list = p.list
                  .filter((f) => !gone.has(friendKey(f)))
                  .map((f) => next.get(friendKey(f)) ?? f);
                return { ...p, list, total: p.total - (p.list.length - list.length) };
              }),
            }
          : d,
    );
  };
}
