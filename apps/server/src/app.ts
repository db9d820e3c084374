import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import {
  API_KEY_PREFIX,
  ERROR_STATUS,
  inspectInput,
  pickLanguage,
  translate,
  type InputProblemKind,
  type Language,
  type MessageKey,
} from '@cst/shared';
import { resolveToken, tokenOf } from './platform/auth-context.ts';
import { fileCookieToken } from './platform/file-cookie.ts';
import type { AppDeps, Deps } from './platform/deps.ts';
import { AccountAbnormalError, AppError, fail, FileError } from './platform/errors.ts';
import { isSystemUrl, permits, type Access } from './platform/http.ts';
import { API_DOCS_CSP, registerSecurityHeaders } from './platform/security-headers.ts';

import { validationMessage, type ValidationIssue } from './platform/validation-message.ts';
import { registerModules } from './modules/index.ts';
import { buildServices, type ServiceOptions } from './modules/services.ts';
import { authenticateApiKey } from './modules/openapi/index.ts';
import { registerMetrics } from './metrics/metrics.ts';

/** Routes without an access rule that are public by name (the SPA, the public API's docs). */
export const PUBLIC_BY_NAME = [/^\/$/, /^\/\*$/, /^\/assets\/\*$/, /^\/open\/v1\/docs(\/.*)?$/];

/** Routes without an access rule that need a signed-in user (the API documentation). */
export const USER_BY_NAME = [/^\/api-docs(\/.*)?$/];

/** The `?token=` of a websocket upgrade (`GET /ws?account=&token=`, API.md); null elsewhere. */
function socketQueryToken(req: FastifyRequest): string | null {
  if (req.routeOptions.url !== '/ws') return null;
  const t = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof t === 'string' && t ? t : null;
}

/** Hides `token=` values of request urls (API.md's websocket form, or a refused old link) from the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]');
}

function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || typeof logger !== 'object') return logger;
  return {
    ...logger,
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * A request's logger with `bindings`, made when it first writes a line at an enabled level: a
 * pino child serialises its bindings when it is made, a fifth of a small read's own time (conv/list
 * on PostgreSQL), and most requests write nothing below the configured level.
 */
function lazyChild(
  parent: FastifyBaseLogger,
  bindings: Record<string, string | null>,
): FastifyBaseLogger {
  let child: FastifyBaseLogger | undefined;
  const real = () => (child ??= parent.child(bindings));
  // pino's own test of a level (a logger without it writes every level).
  const enabled = (parent as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  const lazy = Object.create(parent) as FastifyBaseLogger;
  for (const level of LOG_LEVELS) {
    lazy[level] = ((...args: Parameters<FastifyBaseLogger['info']>) => {
      if (!enabled || enabled.call(parent, level)) real()[level](...args);
    }) as FastifyBaseLogger['info'];
  }
  lazy.child = (more, options) => real().child(more, options);
  return lazy;
}

const PROBLEM_KEY: Record<InputProblemKind, MessageKey> = {
  tooDeep: 'inputTooDeep',
  nul: 'inputNul',
  loneSurrogate: 'inputLoneSurrogate',
};

/**
 * The edge rule for every route's input: body, query and path are trimmed, and a value nested
 * too deeply or a string PostgreSQL cannot store (a NUL, a lone UTF-16 surrogate) is refused with
 * 400 before any handler, database or push sees it.
 */
function guardInput(req: FastifyRequest): void {
  const parts = [
    ['body', req.body],
    ['query', req.query],
    ['params', req.params],
  ] as const;
  for (const [part, value] of parts) {
    if (!value || typeof value !== 'object') {
      if (typeof value === 'string') {
        const { problem } = inspectInput(value);
        if (problem) throw fail.invalid(PROBLEM_KEY[problem.kind], { field: part });
      }
      continue;
    }
    const { value: trimmed, problem } = inspectInput(value);
    if (problem) {
      throw fail.invalid(PROBLEM_KEY[problem.kind], {
        field: part === 'body' ? problem.path : `${part}.${problem.path}`,
      });
    }
    if (part === 'body') req.body = trimmed;
    else if (part === 'query') req.query = trimmed;
  }
}

/** Whether an error is PostgreSQL's data exception (SQLSTATE class 22: bad text, cast, range). */
function isDataException(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; i++) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The page served in place of the console while its build is missing or being rebuilt. */
function webMissingPage(lang: Language): string {
  const title = translate('webMissingTitle', lang);
  const body = translate('webMissingBody', lang);
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>${title}</title></head><body style="font-family:sans-serif;max-width:40em;margin:4em auto;line-height:1.6"><h1>${title}</h1><p>${body}</p></body></html>`;
}

/**
 * Fastify's trustProxy from TRUST_PROXY: a hop count becomes "trust the N nearest hops" (Fastify
 * 5 treats a bare number as trusting none), a list of proxies stays a list, none stays off.
 */
export function trustProxyOption(
  trust: Deps['config']['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false || trust === 0) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** A registered route, as the route-table test sees it. */
export interface RouteRecord {
  method: string;
  url: string;
  access: Access | undefined;
}

/** The HTTP server of {@link buildApp}: the routes it declares and the deps with every service. */
export type App = FastifyInstance & { routeTable: RouteRecord[]; deps: AppDeps };

/**
 * Builds the services of these deps once (modules/services.ts, with the tunables of `opts`), then
 * the HTTP server with every module; it does not listen.
 */
export async function buildApp(
  base: Deps,
  opts: { logger?: FastifyServerOptions['logger'] } & ServiceOptions = {},
): Promise<App> {
  const deps = buildServices(base, opts);
  const app = Fastify({
    logger: withRedaction(opts.logger ?? false),
    genReqId: () => randomUUID().slice(0, 8),
    requestIdHeader: false,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Fastify fails a start when one plugin takes over 10 s. That guards against a plugin that
    // never finishes, but a loaded 2-core machine registered one module's routes slower than
    // that, and the server would not start. A plugin still unfinished after a minute is stuck.
    pluginTimeout: 60_000,
  }) as unknown as App;
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routeTable: RouteRecord[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const m of methods) {
      if (m === 'HEAD') continue;
      routeTable.push({ method: m, url: r.url, access: r.config?.access });
    }
  });

  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'zh-CN');

  await registerSecurityHeaders(app, deps.config);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'CST console API', version: '1.0.0' },
      components: {
        securitySchemes: {
          cstToken: { type: 'apiKey', in: 'header', name: 'cst-token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api-docs', staticCSP: API_DOCS_CSP });
  // Cookies: the file cookie (platform/file-cookie.ts). Registered once for every user of it.
  if (!app.hasDecorator('parseCookie')) await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });

  // Authentication, then permission, for every route; routes without a rule are refused.
  app.addHook('onRequest', async (req, reply) => {
    req.lang = pickLanguage(req.headers['accept-language']);
    const url = req.routeOptions.url ?? '';
    const rule: Access | undefined =
      req.routeOptions.config?.access ??
      (USER_BY_NAME.some((re) => re.test(url)) ? { kind: 'user' } : undefined);
    if (!rule) {
      if (req.is404 || PUBLIC_BY_NAME.some((re) => re.test(url))) return;
      throw new AppError('forbidden', 'forbidden');
    }
    // The public API takes API keys only (never a console token), and only from the header.
    if (rule.kind === 'key') {
      req.auth = await authenticateApiKey(deps, req.headers);
      req.log = reply.log = req.log.child({
        tenantId: req.auth.tenantId,
        userId: req.auth.userId,
        apiKeyId: req.auth.apiKeyId,
      });
      if (!permits(rule, req.auth.permissions)) throw new AppError('forbidden', 'forbidden');
      return;
    }
    // Headers first; the file cookie only on GETs under its paths (platform/file-cookie.ts);
    // `?token=` only on /ws (API.md's wire form), resolved here so the socket is attached at once.
    // An API key is no console token: it is refused here like an unknown one.
    const token = tokenOf(req.headers) ?? fileCookieToken(req) ?? socketQueryToken(req);
    if (token && !token.startsWith(API_KEY_PREFIX))
      req.auth = await resolveToken(deps.db, token, deps.config.tokenTtlMs, deps.authCache);
    if (req.auth) {
      // Every later line of this request (and "request completed") names its tenant and user.
      req.log = reply.log = lazyChild(req.log, {
        tenantId: req.auth.tenantId,
        userId: req.auth.userId,
      });
    }
    if (rule.kind === 'public') return;
    // A websocket upgrade is accepted and closed with 4401 by its handler when the token is bad.
    if (rule.kind === 'socket' && req.ws) return;
    if (!req.auth) throw new AppError('unauthenticated', 'unauthenticated');
    if (!permits(rule, req.auth.permissions)) throw new AppError('forbidden', 'forbidden');
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.auth && !req.auth.apiKeyId) {
      reply.header('x-token-expires-at', String(req.auth.expiresAt));
    }
    return payload;
  });

  app.addHook('preValidation', async (req) => guardInput(req));

  app.setErrorHandler((err, req, reply) => {
    const lang = req.lang ?? pickLanguage(req.headers['accept-language']);
    let status: number;
    let message: string;
    let data: unknown = null;
    if (err instanceof AppError) {
      status = err.status;
      message = translate(err.key, lang, err.params);
      if (err instanceof FileError) {
        message = translate('aboutFile', lang, { name: err.fileName, reason: message });
      }
      if (err instanceof AccountAbnormalError) {
        const state = translate(err.stateKey, lang);
        const detail = err.detail && err.detail !== state ? err.detail : '';
        const reason = !detail
          ? state
          : lang === 'en'
            ? `${state} (${detail})`
            : `${state}（${detail}）`;
        message = translate('accountAbnormal', lang, { reason });
      }
      data = err.data ?? null;
      // A refusal that says when to come back says it in the header too (RFC 9110 §10.2.3).
      const wait = (data as { retryAfter?: unknown } | null)?.retryAfter;
      if (status === 429 && typeof wait === 'number') reply.header('retry-after', String(wait));
      // A cause kept for the server (a platform's network error) is logged, never sent.
      if (err.cause) req.log.warn({ err: err.cause }, 'request failed: cause');
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      message = validationMessage(
        err.validation as unknown as ValidationIssue[],
        lang,
        err.validationContext,
      );
    } else {
      const e = err as { statusCode?: number; code?: string; message?: string };
      const code = e.statusCode ?? 500;
      if (code === 413 || e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        status = 413;
        message = translate('tooLarge', lang);
      } else if (code >= 400 && code < 500) {
        status = code;
        message = code === 404 ? translate('routeNotFound', lang) : translate('bodyInvalid', lang);
      } else if (isDataException(err)) {
        // A value the contract let through but the database cannot take: still the caller's input.
        status = 400;
        req.log.warn({ err }, 'input refused by the database');
        message = translate('bodyInvalid', lang);
      } else {
        status = 500;
        req.log.error({ err }, 'unexpected error');
        message = translate('internal', lang, { requestId: String(req.id) });
      }
    }
    if (status >= 500 && err instanceof AppError) req.log.error({ err }, 'server error');
    const url = req.url;
    const body = isSystemUrl(url)
      ? { code: status, msg: message, data }
      : { code: status, message, data };
    void reply.status(status).type('application/json').send(body);
  });

  app.get('/healthz', { config: { access: { kind: 'public' } } }, async () => ({ status: 'ok' }));

  registerMetrics(app, deps);
  await registerModules(app, deps);

  // The SPA is served from its build folder, looked for at each request: a build that is missing
  // or being rebuilt answers a page that says so, and serves again once the build is back.
  const webDist = deps.config.webDist;
  const webIndex = path.join(webDist, 'index.html');
  await app.register(fastifyStatic, {
    root: webDist,
    index: ['index.html'],
    // Set here rather than by the plugin, whose own header would replace the one for assets.
    cacheControl: false,
    setHeaders: (res, file) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  app.setNotFoundHandler((req, reply) => {
    const url = req.url;
    const isApi =
      /^\/(main-api|task-api|system-api|api|sim-api|wechat_api|chatroom|account|oss-api|ws|assets|metrics|healthz|api-docs|open)(\/|$|\?)/.test(
        url,
      );
    if (!isApi && req.method === 'GET') {
      if (fs.existsSync(webIndex)) return reply.type('text/html').sendFile('index.html');
      return reply
        .status(503)
        .header('retry-after', '5')
        .type('text/html; charset=utf-8')
        .send(webMissingPage(pickLanguage(req.headers['accept-language'])));
    }
    const lang = pickLanguage(req.headers['accept-language']);
    const message = translate('routeNotFound', lang);
    const status = ERROR_STATUS.notFound;
    return reply
      .status(status)
      .send(
        isSystemUrl(url)
          ? { code: status, msg: message, data: null }
          : { code: status, message, data: null },
      );
  });

  return app;
}
