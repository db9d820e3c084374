import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addFriendsBody,
  addFriendsResult,
  friendInfo,
  friendInfoBody,
  friendRemarkBody,
  personalInfo,
  personalInfoBody,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { FriendRequestService } from '../friend-requests/index.ts';
import { ContactService } from './contact.service.ts';

const tags = ['contacts'];

/** The user card's calls: friend info, friend remark and friend requests (SPEC §2, §7). */
export function registerContactRoutes(
  app: FastifyInstance,
  deps: Uses<'realtime' | 'runtime'>,
): void {
  const service = new ContactService(deps);
  // Sending friend requests is the friend-requests module's; the card offers it here.
  const requests = new FriendRequestService(deps);

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/friend-info',
    access: access.can('conversation.read'),
    tags,
    summary: 'The card of a friend, group member or stranger seen by a work account',
    body: friendInfoBody,
    response: friendInfo,
    handler: ({ auth, body }) => service.info(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/get-personal-info',
    access: access.can('conversation.read'),
    tags,
    summary: "A work account's own profile (from the platform while it is online)",
    body: personalInfoBody,
    response: personalInfo,
    handler: ({ auth, body }) => service.personalInfo(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/friend-remark',
    access: access.can('contact.manage'),
    tags,
    summary: "Sets a friend's remark (uin: the work account's wxid)",
    body: friendRemarkBody,
    response: z.null(),
    handler: ({ auth, body }) => service.remark(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/task-api/fans/add',
    access: access.can('contact.manage'),
    tags,
    summary: 'Sends friend requests from a work account (status 1–4 of SPEC §4 per person)',
    body: addFriendsBody,
    response: addFriendsResult,
    handler: ({ auth, body, lang }) => requests.addFriends(auth, body, lang),
  });
}
