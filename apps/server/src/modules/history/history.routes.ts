import type { FastifyInstance } from 'fastify';
import {
  historySearchBody,
  historySearchResult,
  messageAroundBody,
  messageAroundResult,
} from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { HistoryService } from './history.service.ts';

const tags = ['history'];

/** History messages (`/history`). */
export function registerHistoryRoutes(app: FastifyInstance, deps: Deps): void {
  const service = new HistoryService(deps);

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/poly-message-his',
    access: access.can('history.read'),
    tags,
    summary: 'Search messages of the visible work accounts by keyword, contact and time',
    body: historySearchBody,
    response: historySearchResult,
    handler: ({ auth, body }) => service.search(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/cst/message-list',
    access: access.any('history.read', 'conversation.read'),
    tags,
    summary: 'A message with the messages around it, to open its conversation there',
    body: messageAroundBody,
    response: messageAroundResult,
    handler: ({ auth, body }) => service.around(auth, body.messageId, body.before, body.after),
  });
}
