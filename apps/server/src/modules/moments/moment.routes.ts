import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  momentCommentBody,
  momentFeedBody,
  momentFeedResult,
  momentInteractionListBody,
  momentInteractionListResult,
  momentInteractionReadBody,
  momentItem,
  momentLikeBody,
  momentMediaQuery,
  momentPostActionBody,
  momentPostActionResult,
  momentPostCreateBody,
  momentPostCreateResult,
  momentPostListBody,
  momentPostListResult,
  momentSyncBody,
  momentSyncResult,
  momentUnreadResult,
  simMomentActBody,
  simMomentActResult,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import type { MomentFeedService } from './moment-feed.service.ts';
import { MomentPostService } from './moment-post.service.ts';

const P = '/main-api/moments';
const tags = ['moments'];
const manage = access.can('moments.manage');

/**
 * Moments (issue 18 §4): posting to the accounts' timelines on the scheduler, the history of
 * posts, the friends' timelines with like and comment, and the likes and comments on the
 * accounts' posts; plus `/sim-api/moment/act` when the platform is the simulator.
 */
export function registerMomentRoutes(
  app: FastifyInstance,
  deps: Uses<'files' | 'realtime' | 'runtime' | 'storage'>,
  feed: MomentFeedService,
): void {
  const posts = new MomentPostService(deps);

  defineRoute(app, {
    method: 'POST',
    url: `${P}/post/create`,
    access: manage,
    tags,
    summary:
      'Posts a moment to work accounts now or at a time (a scheduler job per account, optional random spread of minutes)',
    body: momentPostCreateBody,
    response: momentPostCreateResult,
    handler: ({ auth, body }) => posts.create(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/post/list`,
    access: manage,
    tags,
    summary: "Moment posts with the caller's accounts' jobs (pending, posted, failed, cancelled)",
    body: momentPostListBody,
    response: momentPostListResult,
    handler: ({ auth, body, lang }) => posts.list(auth, body, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/post/cancel`,
    access: manage,
    tags,
    summary: 'Cancels pending jobs of a post (one or all; 409 when none is pending)',
    body: momentPostActionBody,
    response: momentPostActionResult,
    handler: ({ auth, body }) => posts.cancel(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/post/repost`,
    access: manage,
    tags,
    summary: 'Posts failed or cancelled jobs again (one or all; 409 when there is none)',
    body: momentPostActionBody,
    response: momentPostActionResult,
    handler: ({ auth, body }) => posts.repost(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/feed`,
    access: manage,
    tags,
    summary: "Moments in the visible accounts' timelines, newest first (before = next page)",
    body: momentFeedBody,
    response: momentFeedResult,
    handler: ({ auth, body }) => feed.feed(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/feed/sync`,
    access: manage,
    tags,
    summary: "Fetches an account's timeline from the platform (409 when it is not online)",
    body: momentSyncBody,
    response: momentSyncResult,
    handler: ({ auth, body }) => feed.sync(auth, body.workWxid),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/like`,
    access: manage,
    tags,
    summary: 'Likes or unlikes a moment as the work account',
    body: momentLikeBody,
    response: momentItem,
    handler: ({ auth, body }) => feed.like(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/comment`,
    access: manage,
    tags,
    summary: 'Comments on a moment, or replies to a comment, as the work account',
    body: momentCommentBody,
    response: momentItem,
    handler: ({ auth, body }) => feed.comment(auth, body),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${P}/media`,
    access: manage,
    tags,
    summary: "A picture or video of a friend's moment (the file cookie or a header)",
    querystring: momentMediaQuery,
    response: z.null(),
    raw: true,
    handler: async ({ auth, query, reply }) => {
      await feed.media(auth, query, reply);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/interaction/list`,
    access: manage,
    tags,
    summary: "Likes and comments on the visible accounts' posts, newest first",
    body: momentInteractionListBody,
    response: momentInteractionListResult,
    handler: ({ auth, body }) => feed.interactions(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/interaction/unread`,
    access: manage,
    tags,
    summary: 'How many likes and comments are unread (the menu badge)',
    response: momentUnreadResult,
    handler: ({ auth }) => feed.unread(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/interaction/read`,
    access: manage,
    tags,
    summary: 'Marks likes and comments read (the ids, or every visible one)',
    body: momentInteractionReadBody,
    response: momentUnreadResult,
    handler: ({ auth, body }) => feed.read(auth, body.ids),
  });

  if (deps.config.platform === 'simulator') {
    defineRoute(app, {
      method: 'POST',
      url: '/sim-api/moment/act',
      access: access.can('account.manage'),
      tags: ['simulator'],
      summary:
        'A simulated contact posts a moment, or likes or comments on one (a reply when replyToCommentId)',
      body: simMomentActBody,
      response: simMomentActResult,
      handler: ({ auth, body }) => feed.simAct(auth, body),
    });
  }
}
