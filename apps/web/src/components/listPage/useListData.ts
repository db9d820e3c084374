import { keepPreviousData, useQuery } from '@tanstack/react-query';

/**
 * The page of a list for the current params: `key` names the list (its react-query key, which a
 * change invalidates), the previous page stays on screen while the next one loads.
 */
export function useListData<P, R>(
  key: readonly unknown[],
  params: P,
  fetch: (params: P) => Promise<R>,
) {
  return useQuery({
    queryKey: [...key, params],
    queryFn: () => fetch(params),
    placeholderData: keepPreviousData,
  });
}
