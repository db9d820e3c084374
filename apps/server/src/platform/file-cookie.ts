import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The file cookie (docs/files-and-media.md, DESIGN.md §12 "Credentials never travel in URLs"):
 * the session token in an `HttpOnly; SameSite=Strict` cookie, set once per path below, so the
 * browser sends it only with requests for files, pictures, the websocket and the API
 * documentation — never to another route, never to another site — and the SPA never puts the
 * token in an address. The server takes it only on GET requests under these paths.
 */
export const FILE_COOKIE = 'cst_file';

/** The path prefixes the cookie is set for and accepted on (GET only). */
export const FILE_COOKIE_PATHS = [
  '/oss-api',
  '/api/v1/download',
  '/api/v1/emoticon/system',
  '/main-api/moments/media',
  '/api/v1/image-proxy',
  '/ws',
  '/api-docs',
] as const;

/** Whether a path (without query) is under a prefix the way a cookie's Path matches. */
export function underCookiePath(pathname: string): boolean {
  return FILE_COOKIE_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * The token of the file cookie, when the request is a GET of a route registered under one of its
 * paths (judged on the route, not on the address as sent, so no `..` in an address can move it).
 */
export function fileCookieToken(req: FastifyRequest): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (!underCookiePath(req.routeOptions.url ?? '')) return null;
  const value = req.cookies?.[FILE_COOKIE];
  return value && value.length <= 200 ? value : null;
}

function setAll(req: FastifyRequest, reply: FastifyReply, value: string, maxAgeSec: number): void {
  const secure = req.protocol === 'https';
  for (const path of FILE_COOKIE_PATHS) {
    reply.setCookie(FILE_COOKIE, value, {
      path,
      httpOnly: true,
      sameSite: 'strict',
      secure,
      maxAge: maxAgeSec,
    });
  }
}

/** Adds the file cookies for a session token, living as long as the session (`expiresAt`). */
export function setFileCookies(
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: number,
  now: number,
): void {
  setAll(req, reply, token, Math.max(0, Math.floor((expiresAt - now) / 1000)));
}

/** Adds headers that remove the file cookies (logout). */
export function clearFileCookies(req: FastifyRequest, reply: FastifyReply): void {
  setAll(req, reply, '', 0);
}
