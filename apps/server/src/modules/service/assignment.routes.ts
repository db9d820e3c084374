import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  assignmentRule,
  assignmentRulesResult,
  convAssignBody,
  convAssigneesBody,
  convAssigneesResult,
  convBulkAssignBody,
  convBulkResult,
  convBulkStatusBody,
  convFlowResult,
  convStatusBody,
  presenceBody,
  presenceResult,
} from '@cst/shared';
import { access, defineRoute } from '../../platform/http.ts';
import type { AssignmentService } from './assignment.service.ts';

const read = access.can('conversation.read');
const send = access.can('conversation.send');
const tags = ['service'];

/** The service flow's routes: assignment, status, automatic assignment rules, presence. */
export function registerAssignmentRoutes(app: FastifyInstance, flow: AssignmentService): void {
  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/assign',
    access: send,
    tags,
    summary:
      'Assign a conversation to a seat who sees it, claim it (own uid) or unassign it (null)',
    body: convAssignBody,
    response: convFlowResult,
    handler: async ({ auth, body }) => ({
      conv: (await flow.assign(auth, [body.index_name], body.uid)).conv,
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/status',
    access: send,
    tags,
    summary: 'Set a conversation open, pending, resolved or snoozed until a time',
    body: convStatusBody,
    response: convFlowResult,
    handler: async ({ auth, body }) => ({
      conv: (await flow.setStatus(auth, [body.index_name], body.status, body.snoozeUntil)).conv,
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/bulk-assign',
    access: send,
    tags,
    summary: 'Assign or unassign up to 200 conversations at once',
    body: convBulkAssignBody,
    response: convBulkResult,
    handler: async ({ auth, body }) => ({
      updated: (await flow.assign(auth, body.index_names, body.uid)).updated,
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/bulk-status',
    access: send,
    tags,
    summary: 'Set the status of up to 200 conversations at once (bulk resolve)',
    body: convBulkStatusBody,
    response: convBulkResult,
    handler: async ({ auth, body }) => ({
      updated: (await flow.setStatus(auth, body.index_names, body.status, body.snoozeUntil))
        .updated,
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/assignees',
    access: read,
    tags,
    summary: 'The seats a conversation can be assigned to, with presence and open chats',
    body: convAssigneesBody,
    response: convAssigneesResult,
    handler: ({ auth, body }) => flow.assignees(auth, body.index_name),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/service/assignment/list',
    access: access.can('account.manage'),
    tags,
    summary: 'Automatic assignment rules of work accounts and account groups',
    response: assignmentRulesResult,
    handler: ({ auth }) => flow.rules(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/service/assignment/save',
    access: access.can('account.manage'),
    tags,
    summary: 'Set the automatic assignment of a work account or an account group',
    body: assignmentRule,
    response: z.null(),
    handler: ({ auth, body }) => flow.saveRule(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/service/presence',
    access: read,
    tags,
    summary: "The caller's do-not-disturb switch (no automatic assignment while on)",
    response: presenceResult,
    handler: ({ auth }) => flow.presence(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/service/presence/save',
    access: read,
    tags,
    body: presenceBody,
    response: presenceResult,
    handler: ({ auth, body }) => flow.setPresence(auth, body.dnd),
  });
}
