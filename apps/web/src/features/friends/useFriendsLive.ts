import { useQueryClient } from '@tanstack/react-query';
import type { FlushContactorPush, FriendUpdatePush } from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { usePatchFriends } from './useFriendsQuery.ts';

/**
 * Keeps the friends page live: a `friendUpdate` push replaces the changed rows in place (a new
 * friend or a removed one refetches, so order and total stay right); `flushContactor` (a sync)
 * refetches.
 */
export function useFriendsLive(): void {
  const client = useQueryClient();
  const patch = usePatchFriends();
  const refetch = () => void client.invalidateQueries({ queryKey: ['friends', 'list'] });
  useRealtimeEvent<FriendUpdatePush>('friendUpdate', (p) => {
    patch(
      p.upserted,
      p.removed.map((friendWxid) => ({ workWxid: p.workWxid, friendWxid })),
    );
    if (p.removed.length > 0) refetch();
  });
  useRealtimeEvent<FlushContactorPush>('flushContactor', refetch);
}
