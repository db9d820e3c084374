import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addFriendTagBody,
  bulkTaskCreateBody,
  bulkTaskCreateResult,
  bulkTaskFetchBody,
  bulkTaskFetchResult,
  changedResult,
  CHAT_FILE_MAX_BYTES,
  convMessagesResult,
  conversationItem,
  friendRequestIdBody,
  friendRequestItem,
  friendsListResult,
  listResult,
  openAccountListResult,
  openContactListBody,
  openConversationListBody,
  openFriendRequestListBody,
  openMessageListBody,
  openSendBody,
  openSendResult,
  openUploadResult,
  tagsListResult,
} from '@cst/shared';
import { access, defineRoute } from '../../platform/http.ts';
import { withMultipart } from '../files/index.ts';
import type { OpenApiService } from './open-api.service.ts';
import type { OpenEventStreams } from './open-events.ts';
import { OPEN_PREFIX, OPEN_TAG } from './open-docs.ts';

const read = access.key('conversation.read');
const send = access.key('conversation.send');
const tags = [OPEN_TAG];

/**
 * The public API (`/open/v1`, API.md third ring): POST with JSON, an API key as Bearer token, the
 * console's envelope. Each route calls the console's own services (open-api.service.ts).
 */
export function registerOpenApiRoutes(
  app: FastifyInstance,
  open: OpenApiService,
  streams: OpenEventStreams,
): void {
  defineRoute(app, {
    method: 'GET',
    url: `${OPEN_PREFIX}/events`,
    access: read,
    tags,
    summary:
      "The events of the key's accounts as Server-Sent Events (`id`, `event`, `data` = the webhook body); send `Last-Event-ID` to resume after an id",
    response: z.unknown(),
    raw: true,
    handler: async ({ auth, req, reply }) => {
      await streams.serve(auth, req, reply);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${OPEN_PREFIX}/accounts/list`,
    access: access.key('conversation.read', 'account.manage'),
    tags,
    summary: 'The work accounts the key may use',
    response: openAccountListResult,
    handler: ({ auth, lang }) => open.accounts(auth, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${OPEN_PREFIX}/conversations/list`,
    access: read,
    tags,
    summary: 'Conversations, most recent first (of one account, or of all)',
    body: openConversationListBody,
    response: listResult(conversationItem),
    handler: ({ auth, body }) => open.conversations(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${OPEN_PREFIX}/messages/list`,
    access: read,
    tags,
    summary: 'Messages of a conversation, oldest first: the latest page or the page before one',
    body: openMessageListBody,
    response: convMessagesResult,
    handler: ({ auth, body }) => open.messages(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${OPEN_PREFIX}/messages/send`,
    access: send,
    tags,
    summary: 'Send a message; the same idempotencyKey again answers the same messageId',
    body: openSendBody,
    response: openSendResult,
    handler: ({ auth, body }) => open.send(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${OPEN_PREFIX}/contacts/list`,
    access: read,
    tags,
    summary: 'Friends of a work account, filtered by keyword and tags',
    body: openContactListBody,
    response: friendsListResult,
    handler: ({ auth, body }) => open.contacts(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${OPEN_PREFIX}/contacts/tag`,
    access: access.key('contact.manage', 'customer.manage'),
    tags,
    summary: 'Add or remove tags on contacts',
    body: addFriendTagBody,
    response: changedResult,
    handler: ({ auth, body }) => open.tagContacts(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${OPEN_PREFIX}/tags/list`,
    access: access.key('conversation.read', 'customer.manage'),
    tags,
    summary: 'Tag groups and their tags',
    response: tagsListResult,
    handler: ({ auth }) => open.tags(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${OPEN_PREFIX}/tasks/bulk-send/create`,
    access: access.key('task.manage'),
    tags,
    summary: 'Create a mass-send task (the body of /task-api/bulk-send-task/create)',
    body: bulkTaskCreateBody,
    response: bulkTaskCreateResult,
    handler: ({ auth, body }) => open.createBulkSend(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${OPEN_PREFIX}/tasks/bulk-send/fetch`,
    access: access.key('task.manage'),
    tags,
    summary: 'Mass-send tasks with their progress',
    body: bulkTaskFetchBody,
    response: bulkTaskFetchResult,
    handler: ({ auth, body, lang }) => open.fetchBulkSend(auth, body, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${OPEN_PREFIX}/friend-requests/list`,
    access: access.key('contact.manage'),
    tags,
    summary: 'Friend requests received and sent, newest first',
    body: openFriendRequestListBody,
    response: listResult(friendRequestItem),
    handler: ({ auth, body, lang }) => open.friendRequests(auth, body, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${OPEN_PREFIX}/friend-requests/accept`,
    access: access.key('contact.manage'),
    tags,
    summary: 'Accept a received friend request',
    body: friendRequestIdBody,
    response: friendRequestItem,
    handler: ({ auth, body, lang }) => open.acceptFriendRequest(auth, body.id, lang),
  });

  withMultipart(app, CHAT_FILE_MAX_BYTES, (scope) => {
    defineRoute(scope, {
      method: 'POST',
      url: `${OPEN_PREFIX}/files/upload`,
      access: send,
      tags,
      summary: 'Upload a file (multipart, field `file`); its url is a fileUrl for messages/send',
      response: openUploadResult,
      handler: ({ auth, req }) => open.upload(auth, req),
    });
  });
}
