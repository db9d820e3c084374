import type { QueryClient, QueryKey } from '@tanstack/react-query';

const followUps = new WeakMap<QueryClient, Set<string>>();

/**
 * Refetches what a pushed event changed without losing the event: a request already in flight
 * may have read the rows before the event's write, so it is joined (not cancelled — several
 * components may react to one event) and one more fetch follows it. Events arriving while that
 * follow-up is pending share it.
 */
export function refreshAfterEvent(client: QueryClient, queryKey: QueryKey): void {
  if (client.isFetching({ queryKey }) === 0) {
    void client.invalidateQueries({ queryKey }, { cancelRefetch: false });
    return;
  }
  const pending = followUps.get(client) ?? new Set<string>();
  followUps.set(client, pending);
  const id = JSON.stringify(queryKey);
  if (pending.has(id)) return;
  pending.add(id);
  void client
    .invalidateQueries({ queryKey }, { cancelRefetch: false })
    .catch(() => undefined)
    .then(() => {
      pending.delete(id);
      return client.invalidateQueries({ queryKey }, { cancelRefetch: false });
    });
}
