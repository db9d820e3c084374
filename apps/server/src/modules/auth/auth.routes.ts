import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { captchaQuery, captchaResult, loginBody, loginResult, sessionUser } from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { AuthService, type Origin } from './auth.service.ts';

/** The caller's address and agent. */
export function originOf(req: FastifyRequest): Origin {
  const agent = req.headers['user-agent'];
  return { ip: req.ip, agent: typeof agent === 'string' ? agent : '' };
}

/** Sign-in and session routes (API.md, Auth and session). */
export function registerAuthRoutes(app: FastifyInstance, deps: Deps): void {
  const auth = new AuthService(deps);

  defineRoute(app, {
    method: 'GET',
    url: '/system-api/code',
    access: access.public,
    tags: ['auth'],
    querystring: captchaQuery,
    response: captchaResult,
    handler: ({ query, req }) => auth.captcha(query.username ?? null, req.ip),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system-api/auth/login',
    access: access.public,
    tags: ['auth'],
    body: loginBody,
    response: loginResult,
    handler: ({ body, req }) => auth.login(body, originOf(req)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system-api/auth/logout',
    access: access.user,
    tags: ['auth'],
    response: z.null(),
    handler: async (ctx) => {
      await auth.logout(ctx.auth);
      return null;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/system-api/auth/me',
    access: access.user,
    tags: ['auth'],
    response: sessionUser,
    handler: (ctx) => auth.me(ctx.auth),
  });
}
