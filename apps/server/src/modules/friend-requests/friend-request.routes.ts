import type { FastifyInstance } from 'fastify';
import {
  addFriendsResult,
  fansAddGroupBody,
  fansSearchBody,
  fansSearchResult,
  friendRequestIdBody,
  friendRequestItem,
  friendRequestListBody,
  listResult,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { FriendRequestService } from './friend-request.service.ts';

const tags = ['friend requests'];
const manage = access.can('contact.manage');

/** Friend requests (SPEC §2 /contacts/apply, §7): list, accept, decline, search, add from a group. */
export function registerFriendRequestRoutes(
  app: FastifyInstance,
  deps: Uses<'realtime' | 'runtime'>,
): void {
  const service = new FriendRequestService(deps);

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/friend-request/list',
    access: manage,
    tags,
    summary: 'Received and sent friend requests of the visible work accounts, newest first',
    body: friendRequestListBody,
    response: listResult(friendRequestItem),
    handler: ({ auth, body, lang }) => service.list(auth, body, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/accept-friend/accept',
    access: manage,
    tags,
    summary: 'Accepts a received friend request (409 when it is no longer pending)',
    body: friendRequestIdBody,
    response: friendRequestItem,
    handler: ({ auth, body, lang }) => service.accept(auth, body.id, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/contacts/apply/decline',
    access: manage,
    tags,
    summary: 'Declines a received friend request (409 when it is no longer pending)',
    body: friendRequestIdBody,
    response: friendRequestItem,
    handler: ({ auth, body, lang }) => service.decline(auth, body.id, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/task-api/fans/search',
    access: manage,
    tags,
    summary: 'Finds a person by phone number, alias or platform id (with the ticket to add them)',
    body: fansSearchBody,
    response: fansSearchResult,
    handler: ({ auth, body }) => service.search(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/task-api/fans/add-group',
    access: manage,
    tags,
    summary: "Sends friend requests to members of one of the account's groups",
    body: fansAddGroupBody,
    response: addFriendsResult,
    handler: ({ auth, body, lang }) => service.addGroup(auth, body, lang),
  });
}
