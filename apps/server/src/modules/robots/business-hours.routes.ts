import type { FastifyInstance } from 'fastify';
import {
  businessHoursGetBody,
  businessHoursItem,
  businessHoursSaveBody,
  businessStatusResult,
  noteSeatsBody,
} from '@cst/shared';
import { access, defineRoute } from '../../platform/http.ts';
import type { BusinessHoursService } from './business-hours.service.ts';

const manage = access.can('account.manage');
const tags = ['robots'];

/** Business hours of account groups and a chat's out-of-hours state (docs/business-hours.md). */
export function registerBusinessHoursRoutes(
  app: FastifyInstance,
  hours: BusinessHoursService,
): void {
  defineRoute(app, {
    method: 'POST',
    url: '/task-api/business-hours/get',
    access: manage,
    tags,
    summary: "An account group's business hours (none: the default), or what applies to it",
    body: businessHoursGetBody,
    response: businessHoursItem,
    handler: ({ auth, body }) => hours.get(auth, body.accountGroupId ?? null),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/task-api/business-hours/save',
    access: manage,
    tags,
    summary: 'Saves business hours and the out-of-hours reply of an account group',
    body: businessHoursSaveBody,
    response: businessHoursItem,
    handler: ({ auth, body }) => hours.save(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/business-status',
    access: access.can('conversation.read'),
    tags,
    summary: "Whether a chat's account is out of hours now, and whether the reply went",
    body: noteSeatsBody,
    response: businessStatusResult,
    handler: ({ auth, body }) => hours.status(auth, body.index_name),
  });
}
