import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { phraseApi, phraseKeys } from './api.ts';
import { indexPhrases, type PhraseIndex } from './phraseSearch.ts';

const EMPTY = indexPhrases([]);

/** Every phrase the caller sees, indexed for quick search; loaded once `enabled`. */
export function usePhraseIndex(enabled: boolean): {
  index: PhraseIndex;
  loading: boolean;
  loaded: boolean;
} {
  const q = useQuery({
    queryKey: phraseKeys.list,
    queryFn: phraseApi.list,
    enabled,
    staleTime: 60_000,
  });
  const index = useMemo(() => (q.data ? indexPhrases(q.data.list) : EMPTY), [q.data]);
  return { index, loading: q.isLoading, loaded: q.isSuccess };
}

/** Counts a use of a phrase; the lists reorder on their next load. */
export function useCountPhraseUse() {
  const client = useQueryClient();
  return (id: string) => {
    void phraseApi
      .use(id)
      .then(() => client.invalidateQueries({ queryKey: phraseKeys.all }))
      .catch(() => undefined);
  };
}
