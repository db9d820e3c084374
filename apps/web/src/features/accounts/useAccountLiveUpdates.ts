import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import {
  WS_EVENTS,
  type AccountListResult,
  type FlushContactorPush,
  type SwitcherResult,
} from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { accountsKeys } from './api.ts';
import {
  applyContactsToList,
  applyStatusToList,
  applyStatusToSwitcher,
  type StatusPush,
} from './liveCache.ts';

/** Pushes often come in bursts (a restart brings many accounts back): re-fetch once after it. */
const REFETCH_AFTER_MS = 300;

function useRefetchSoon(keys: QueryKey[]) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const keysRef = useRef(keys);
  useEffect(() => {
    keysRef.current = keys;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      for (const queryKey of keysRef.current) void queryClient.invalidateQueries({ queryKey });
    }, REFETCH_AFTER_MS);
  }, [queryClient]);
}

/**
 * Keeps the account list live (no polling): a status push changes the row at once, a contact
 * sync its counts, and any change re-fetches the list, the counts and the group tree.
 */
export function useAccountListLive(): void {
  const queryClient = useQueryClient();
  const refetch = useRefetchSoon([accountsKeys.list, accountsKeys.groups, accountsKeys.proxies]);
  useRealtimeEvent<StatusPush>(WS_EVENTS.userStatusChanged, (push) => {
    queryClient.setQueriesData<AccountListResult>(
      { queryKey: accountsKeys.list },
      (old) => old && applyStatusToList(old, push),
    );
    refetch();
  });
  useRealtimeEvent<FlushContactorPush>(WS_EVENTS.flushContactor, (push) => {
    queryClient.setQueriesData<AccountListResult>(
      { queryKey: accountsKeys.list },
      (old) => old && applyContactsToList(old, push),
    );
  });
  useRealtimeEvent(WS_EVENTS.wxAccountChanged, refetch);
  useRealtimeEvent(WS_EVENTS.accountRisk, refetch);
}

/** Keeps the header switcher live: statuses at once, added/removed/distributed accounts re-fetched. */
export function useSwitcherLive(): void {
  const queryClient = useQueryClient();
  const refetch = useRefetchSoon([accountsKeys.switcher]);
  useRealtimeEvent<StatusPush>(WS_EVENTS.userStatusChanged, (push) => {
    queryClient.setQueryData<SwitcherResult>(
      accountsKeys.switcher,
      (old) => old && applyStatusToSwitcher(old, push),
    );
  });
  useRealtimeEvent(WS_EVENTS.wxAccountChanged, refetch);
  useRealtimeEvent(WS_EVENTS.accountRisk, refetch);
}
