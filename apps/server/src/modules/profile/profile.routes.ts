import type { FastifyInstance } from 'fastify';
import { loginRecordList, loginRecordQuery, profile, updateProfileBody } from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { ProfileService } from './profile.service.ts';

/** My seat (`/myAccount`): profile and login records of the caller. */
export function registerProfileRoutes(app: FastifyInstance, deps: Uses<'realtime'>): void {
  const service = new ProfileService(deps);
  const tags = ['profile'];

  defineRoute(app, {
    method: 'GET',
    url: '/account/profile',
    access: access.user,
    tags,
    response: profile,
    handler: ({ auth }) => service.get(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/account/profile',
    access: access.user,
    tags,
    summary: 'Change the own nickname and avatar',
    body: updateProfileBody,
    response: profile,
    handler: ({ auth, body }) => service.update(auth, body),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/account/login-records',
    access: access.user,
    tags,
    summary: 'The caller sign-in attempts, newest first (the login notice)',
    querystring: loginRecordQuery,
    response: loginRecordList,
    handler: ({ auth, query }) => service.loginRecords(auth, query.page, query.pageSize),
  });
}
