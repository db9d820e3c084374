import { useQueryClient } from '@tanstack/react-query';
import type { MomentFeedPush, MomentInteractionPush, MomentPostPush } from '@cst/shared';
import { refreshAfterEvent } from '../../lib/realtime/refreshAfterEvent.ts';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { momentsKeys } from './api.ts';

/** Which lists of moments a page keeps live. */
export type MomentsLiveList = 'posts' | 'feed' | 'interactions';

/**
 * Keeps a moments list live: posting jobs changing state (`momentPost`), a timeline changing
 * (`momentFeed`), likes and comments arriving (`momentInteraction`) refetch what shows them.
 */
export function useMomentsLive(list: MomentsLiveList): void {
  const client = useQueryClient();
  const refresh = (key: readonly string[]) => refreshAfterEvent(client, key);
  useRealtimeEvent<MomentPostPush>('momentPost', () => {
    if (list === 'posts') refresh(momentsKeys.posts);
  });
  useRealtimeEvent<MomentFeedPush>('momentFeed', () => {
    if (list === 'feed') refresh(momentsKeys.feed);
  });
  useRealtimeEvent<MomentInteractionPush>('momentInteraction', () => {
    if (list === 'interactions') refresh(momentsKeys.interactions);
  });
}
