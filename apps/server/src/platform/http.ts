import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_OK,
  SYSTEM_API_PREFIX,
  SYSTEM_OK,
  translate,
  type Language,
  type Permission,
} from '@cst/shared';
import type { AuthContext } from './auth-context.ts';
import { fail } from './errors.ts';

/**
 * Who may call a route: anyone, any signed-in user, a signed-in user holding a permission (or any
 * one of several), or a websocket whose handler checks the token itself (closing with 4401; a plain
 * HTTP request without a token still gets 401), or an API key of the public API (console tokens
 * are refused there, and keys everywhere else).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'socket' }
  | { kind: 'permission'; permission: Permission }
  | { kind: 'anyPermission'; permissions: Permission[] }
  /** An API key of the public API (`/open/v1`) holding any of the permissions (all when none). */
  | { kind: 'key'; permissions: Permission[] };

export const access = {
  public: { kind: 'public' } as Access,
  user: { kind: 'user' } as Access,
  socket: { kind: 'socket' } as Access,
  can: (permission: Permission): Access => ({ kind: 'permission', permission }),
  any: (...permissions: Permission[]): Access => ({ kind: 'anyPermission', permissions }),
  key: (...permissions: Permission[]): Access => ({ kind: 'key', permissions }),
};

/** Whether a caller's permissions satisfy a rule that needs permissions. */
export function permits(rule: Access, held: ReadonlySet<Permission>): boolean {
  switch (rule.kind) {
    case 'permission':
      return held.has(rule.permission);
    case 'anyPermission':
      return rule.permissions.some((p) => held.has(p));
    case 'key':
      return rule.permissions.length === 0 || rule.permissions.some((p) => held.has(p));
    case 'public':
    case 'user':
    case 'socket':
      return true;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    lang: Language;
  }
}

type ZodAny = z.ZodTypeAny;
type Infer<S> = S extends ZodAny ? z.output<S> : undefined;

/** What a handler receives. */
export interface RouteContext<B, Q, P> {
  body: Infer<B>;
  query: Infer<Q>;
  params: Infer<P>;
  /** The caller; throws 401 on a public route without a session. */
  readonly auth: AuthContext;
  lang: Language;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** A route: access → schema → handler returning the data of the envelope. */
export interface RouteDef<
  B extends ZodAny | undefined,
  Q extends ZodAny | undefined,
  P extends ZodAny | undefined,
  R extends ZodAny,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  access: Access;
  summary?: string;
  tags?: string[];
  body?: B;
  querystring?: Q;
  params?: P;
  response: R;
  /** Leave the reply alone (files, redirects); the handler sends it itself. */
  raw?: boolean;
  handler: (ctx: RouteContext<B, Q, P>) => Promise<z.input<R>> | z.input<R>;
}

/** Whether a url uses the system envelope. */
export function isSystemUrl(url: string): boolean {
  return url.startsWith(SYSTEM_API_PREFIX);
}

/** The success envelope for a url. */
export function envelope(url: string, data: unknown, lang: Language) {
  return isSystemUrl(url)
    ? { code: SYSTEM_OK, msg: translate('ok', lang), data }
    : { code: API_OK, message: 'ok', data };
}

function envelopeSchema(url: string, data: ZodAny) {
  return isSystemUrl(url)
    ? z.object({ code: z.number(), msg: z.string(), data })
    : z.object({ code: z.number(), message: z.string(), data });
}

/** Registers one route with its access rule, zod schemas and the envelope. */
export function defineRoute<
  B extends ZodAny | undefined = undefined,
  Q extends ZodAny | undefined = undefined,
  P extends ZodAny | undefined = undefined,
  R extends ZodAny = ZodAny,
>(app: FastifyInstance, def: RouteDef<B, Q, P, R>): void {
  const schema: Record<string, unknown> = {
    response: { 200: envelopeSchema(def.url, def.response) },
  };
  if (def.body) schema.body = def.body;
  if (def.querystring) schema.querystring = def.querystring;
  if (def.params) schema.params = def.params;
  if (def.summary) schema.summary = def.summary;
  if (def.tags) schema.tags = def.tags;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.url,
    config: { access: def.access },
    schema,
    handler: async (req, reply) => {
      const ctx: RouteContext<B, Q, P> = {
        body: req.body as Infer<B>,
        query: req.query as Infer<Q>,
        params: req.params as Infer<P>,
        get auth() {
          if (!req.auth) throw fail.unauthenticated();
          return req.auth;
        },
        lang: req.lang,
        req,
        reply,
      };
      const data = await def.handler(ctx);
      if (def.raw) return reply;
      return envelope(def.url, data ?? null, req.lang);
    },
  });
}
