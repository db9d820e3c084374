import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge } from 'antd';
import { refreshAfterEvent } from '../../lib/realtime/refreshAfterEvent.ts';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { momentsApi, momentsKeys } from './api.ts';

/** Unread likes and comments of the visible accounts, following `momentInteraction` pushes. */
function useMomentsUnread(): number {
  const client = useQueryClient();
  const signedIn = useSession((s) => Boolean(s.token && s.user));
  const { data } = useQuery({
    queryKey: momentsKeys.unread,
    queryFn: momentsApi.unread,
    enabled: signedIn,
    staleTime: 30_000,
  });
  // The count shows twice (top and side menu): both refreshes share one follow-up request.
  // The lists a push changes go stale here too, where the menu is always mounted: a list page
  // opened after the push (its cached copy younger than the default staleTime) fetches anew
  // instead of showing what it held before.
  const stale = (queryKey: readonly string[]) =>
    void client.invalidateQueries({ queryKey, refetchType: 'none' });
  useRealtimeEvent('momentInteraction', () => {
    refreshAfterEvent(client, momentsKeys.unread);
    stale(momentsKeys.interactions);
  });
  useRealtimeEvent('momentFeed', () => stale(momentsKeys.feed));
  useRealtimeEvent('momentPost', () => stale(momentsKeys.posts));
  return data?.unread ?? 0;
}

/** The unread count after a side-menu label. */
export function MomentsUnreadBadge() {
  const count = useMomentsUnread();
  if (count === 0) return null;
  return (
    <span data-testid="moments-unread" data-count={count} style={{ marginInlineStart: 6 }}>
      <Badge count={count} size="small" overflowCount={99} />
    </span>
  );
}

/**
 * The unread count on a top-menu label, raised over its corner so the entry keeps its width
 * (the top menu must keep every entry in view at 1024 px).
 */
export function MomentsUnreadCorner() {
  const count = useMomentsUnread();
  if (count === 0) return null;
  return (
    <span
      data-testid="moments-unread"
      data-count={count}
      style={{ position: 'relative', display: 'inline-block', width: 0, verticalAlign: 'top' }}
    >
      <Badge
        count={count}
        size="small"
        overflowCount={99}
        style={{ position: 'absolute', top: -20, insetInlineEnd: -14, boxShadow: 'none' }}
      />
    </span>
  );
}
