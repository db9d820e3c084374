import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  captchaQuery,
  captchaResult,
  changePwdBody,
  forgetBody,
  loginBody,
  loginResult,
  registerBody,
  registerResult,
  sendVerifyCodeBody,
  sendVerifyCodeResult,
  sessionUser,
  twoStepBody,
  twoStepResult,
} from '@cst/shared';
import { tokenOf } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { clearFileCookies, setFileCookies } from '../../platform/file-cookie.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { AccountService } from './account.service.ts';
import { AuthService, type Origin } from './auth.service.ts';
import { RegistrationService } from './registration.service.ts';
import { VerifyCodeService, type CodeSender } from './verify-code.service.ts';

/** The caller's address and agent. */
export function originOf(req: FastifyRequest): Origin {
  const agent = req.headers['user-agent'];
  return { ip: req.ip, agent: typeof agent === 'string' ? agent : '' };
}

/** Sign-in and session routes (API.md, Auth and session). */
export function registerAuthRoutes(
  app: FastifyInstance,
  deps: Deps,
  opts: { codeSender?: CodeSender } = {},
): void {
  const auth = new AuthService(deps);
  const codes = new VerifyCodeService(deps, opts.codeSender);
  const registration = new RegistrationService(deps, codes);
  const account = new AccountService(deps);
  const tags = ['auth'];

  defineRoute(app, {
    method: 'GET',
    url: '/system-api/code',
    access: access.public,
    tags,
    querystring: captchaQuery,
    response: captchaResult,
    handler: ({ query, req }) => auth.captcha(query.username ?? null, req.ip),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system-api/auth/login',
    access: access.public,
    tags,
    body: loginBody,
    response: loginResult,
    handler: async ({ body, req, reply }) => {
      const result = await auth.login(body, originOf(req));
      // The file cookie lets the browser load pictures and files without a token in the address.
      setFileCookies(req, reply, result.token, result.expiresAt, deps.now());
      return result;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system-api/auth/file-cookie',
    access: access.user,
    tags,
    summary: 'Set the HttpOnly file cookie again for the header token (page load, sliding expiry)',
    response: z.null(),
    handler: ({ auth: caller, req, reply }) => {
      const token = tokenOf(req.headers);
      if (token) setFileCookies(req, reply, token, caller.expiresAt, deps.now());
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system-api/auth/logout',
    access: access.user,
    tags,
    response: z.null(),
    handler: async (ctx) => {
      await auth.logout(ctx.auth);
      clearFileCookies(ctx.req, ctx.reply);
      return null;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/system-api/auth/me',
    access: access.user,
    tags,
    response: sessionUser,
    handler: (ctx) => auth.me(ctx.auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/auth/send-verify-code',
    access: access.public,
    tags,
    summary:
      'Send a verification code (1 a minute, 10 a day per target, 10 an hour per address); the same answer for any target',
    body: sendVerifyCodeBody,
    response: sendVerifyCodeResult,
    handler: ({ body, req }) => codes.send(body, req.ip),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/auth/register',
    access: access.public,
    tags,
    summary: 'Register a new company; the registering user becomes its manager',
    body: registerBody,
    response: registerResult,
    handler: ({ body, req }) => registration.register(body, req.ip),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/auth/forget',
    access: access.public,
    tags,
    summary: 'Reset a password with a verification code; signs the user out everywhere',
    body: forgetBody,
    response: z.null(),
    handler: ({ body, req }) => registration.forget(body, req.ip),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/account/changePwd',
    access: access.user,
    tags,
    summary: 'Change the own password; other sessions are signed out',
    body: changePwdBody,
    response: z.null(),
    handler: ({ auth: caller, body }) => account.changePassword(caller, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/account/twoStepPwd',
    access: access.user,
    tags,
    summary: 'Set (or clear with an empty value) the two-step password asked at login',
    body: twoStepBody,
    response: twoStepResult,
    handler: ({ auth: caller, body }) => account.setTwoStep(caller, body),
  });
}
