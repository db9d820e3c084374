import {
  WS_EVENTS,
  type MomentFeedPush,
  type MomentInteractionPush,
  type MomentPostPush,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { accountsOfPost } from './moment-post.repository.ts';

/**
 * Pushes `momentPost` after a post's jobs changed, to those who see one of its accounts (a seat
 * that sees several gets it once per account; the page re-reads the history either way).
 */
export async function publishPost(
  deps: Uses<'realtime'>,
  tenantId: string,
  postId: string,
): Promise<void> {
  const accounts = await accountsOfPost(deps.db, tenantId, postId);
  const data: MomentPostPush = { postId };
  await deps.realtime.publish(
    tenantId,
    accounts.map((workAccountId) => ({ event: WS_EVENTS.momentPost, data, workAccountId })),
  );
}

/** Pushes `momentFeed` and, for new likes and comments, `momentInteraction` (after the commit). */
export async function publishMoment(
  deps: Uses<'realtime'>,
  tenantId: string,
  workAccountId: string,
  feed: MomentFeedPush,
  interactions: MomentInteractionPush[],
): Promise<void> {
  await deps.realtime.publish(tenantId, [
    { event: WS_EVENTS.momentFeed, data: feed, workAccountId },
    ...interactions.map((data) => ({ event: WS_EVENTS.momentInteraction, data, workAccountId })),
  ]);
}
