import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  disturbBody,
  serviceLogBody,
  serviceLogResult,
  transferCreateBody,
  transferIdBody,
  transferIdResult,
  transferListBody,
  transferListResult,
  transferSeatsResult,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { TransferService } from './transfer.service.ts';

const read = access.can('conversation.read');
const send = access.can('conversation.send');
const tags = ['service'];

/** Service management: seat transfers, the service log and do not disturb. */
export function registerServiceRoutes(app: FastifyInstance, deps: Uses<'realtime'>): void {
  const service = new TransferService(deps);

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/service/transfer/create',
    access: send,
    tags,
    summary: 'Hand a conversation (index_name) or a whole work account (workWxid) to another seat',
    body: transferCreateBody,
    response: transferIdResult,
    handler: ({ auth, body }) => service.create(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/service/transfer/list',
    access: read,
    tags,
    summary: 'Transfers to or from the caller, newest first (a manager: the whole tenant)',
    body: transferListBody,
    response: transferListResult,
    handler: ({ auth, body }) => service.list(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/service/transfer/seats',
    access: send,
    tags,
    summary: 'The seats a conversation can be handed to',
    response: transferSeatsResult,
    handler: ({ auth }) => service.seats(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/service/transfer/accept',
    access: send,
    tags,
    summary: 'The receiving seat accepts a pending transfer',
    body: transferIdBody,
    response: z.null(),
    handler: ({ auth, body }) => service.accept(auth, body.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/service/transfer/revoke',
    access: send,
    tags,
    summary: 'The sending seat revokes a pending transfer',
    body: transferIdBody,
    response: z.null(),
    handler: ({ auth, body }) => service.revoke(auth, body.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/service/log',
    access: read,
    tags,
    summary: 'Who served a conversation, oldest first',
    body: serviceLogBody,
    response: serviceLogResult,
    handler: ({ auth, body }) => service.log(auth, body.index_name),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/talk/disturb',
    access: read,
    tags,
    summary: 'Do not disturb for a conversation: no tone, no notification, not in unread totals',
    body: disturbBody,
    response: z.null(),
    handler: ({ auth, body }) => service.disturb(auth, body.index_name, body.disturb),
  });
}
