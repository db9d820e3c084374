import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  convListBody,
  convMessagesBody,
  conversationItem,
  idString,
  listResult,
  pageQuery,
  pinBody,
  readBody,
  readResult,
  revokeBody,
  sendReferBody,
  sendResult,
  sendTextBody,
  sessionGroupDelBody,
  sessionGroupItem,
  sessionGroupSaveBody,
  setGroupBody,
  unreadSummary,
  convMessagesResult,
} from '@cst/shared';
import { access, defineRoute } from '../../platform/http.ts';
import type { ConversationService } from './conversation.service.ts';
import type { SessionGroupService } from './session-group.service.ts';

const read = access.can('conversation.read');
const send = access.can('conversation.send');
const tags = ['conversations'];

/** The routes of conversations and messages (issue: the unified inbox). */
export function registerConversationRoutes(
  app: FastifyInstance,
  { service, groups }: { service: ConversationService; groups: SessionGroupService },
): void {
  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/list',
    access: read,
    tags,
    body: convListBody,
    response: listResult(conversationItem),
    handler: ({ auth, body }) => service.list(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/poly-list',
    access: read,
    tags,
    summary: 'The aggregated list of every visible account',
    body: convListBody.omit({ mode: true }),
    response: listResult(conversationItem),
    handler: ({ auth, body }) => service.list(auth, { ...body, mode: 'aggregated' }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/messages',
    access: read,
    tags,
    body: convMessagesBody,
    response: convMessagesResult,
    handler: ({ auth, body }) => {
      if (body.aroundMessageId !== undefined) {
        return service.messagesAround(
          auth,
          body.index_name,
          Number(body.aroundMessageId),
          body.limit,
        );
      }
      if (body.afterMessageId !== undefined) {
        return service.messagesAfter(
          auth,
          body.index_name,
          Number(body.afterMessageId),
          body.limit,
        );
      }
      return service.messages(
        auth,
        body.index_name,
        body.beforeMessageId === undefined ? null : Number(body.beforeMessageId),
        body.limit,
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/send-text',
    access: send,
    tags,
    body: sendTextBody,
    response: sendResult,
    handler: ({ auth, body }) => service.sendText(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/send-refer-message',
    access: send,
    tags,
    body: sendReferBody,
    response: sendResult,
    handler: ({ auth, body }) => service.sendText(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/resend',
    access: send,
    tags,
    body: revokeBody,
    response: sendResult,
    handler: ({ auth, body }) => service.resend(auth, Number(body.messageId)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/revoke/message',
    access: send,
    tags,
    body: revokeBody,
    response: z.null(),
    handler: ({ auth, body }) => service.revoke(auth, Number(body.messageId)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/read',
    access: read,
    tags,
    body: readBody,
    response: readResult,
    handler: ({ auth, body }) => service.read(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/pin',
    access: read,
    tags,
    body: pinBody,
    response: z.null(),
    handler: ({ auth, body }) => service.pin(auth, body.index_name, body.isPin),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/unread',
    access: read,
    tags,
    summary: 'Unread per visible work account and in total',
    response: unreadSummary,
    handler: ({ auth }) => service.unread(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/group/list',
    access: read,
    tags,
    response: z.array(sessionGroupItem),
    handler: ({ auth }) => groups.list(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/group/save',
    access: read,
    tags,
    body: sessionGroupSaveBody,
    response: z.object({ id: z.string() }),
    handler: ({ auth, body }) => groups.save(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/group/del',
    access: read,
    tags,
    body: sessionGroupDelBody,
    response: z.null(),
    handler: ({ auth, body }) => groups.remove(auth, body.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/set-group',
    access: read,
    tags,
    body: setGroupBody,
    response: z.null(),
    handler: ({ auth, body }) => groups.setGroups(auth, body.index_name, body.groupIds),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/group/messages',
    access: read,
    tags,
    summary: 'The conversations of a custom session group',
    body: pageQuery.extend({ id: idString, keyword: z.string().max(64).optional() }),
    response: listResult(conversationItem),
    handler: ({ auth, body }) =>
      service.list(auth, {
        page: body.page,
        pageSize: Math.min(body.pageSize, 500),
        mode: 'custom',
        sessionGroupId: body.id,
        keyword: body.keyword,
      }),
  });
}
