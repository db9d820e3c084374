import type { FastifyInstance } from 'fastify';
import { WS_CLOSE_UNAUTHENTICATED } from '@cst/shared';
import { resolveToken, tokenOf } from '../platform/auth-context.ts';
import { fileCookieToken } from '../platform/file-cookie.ts';
import type { Uses } from '../platform/deps.ts';
import { access } from '../platform/http.ts';

/**
 * `GET /ws?account=&token=` (API.md, WebSocket) and the hub's start and stop. The token comes
 * from a header, API.md's `?token=` (the one route that still takes it, for outside clients), or
 * the file cookie, which is how the SPA connects (docs/files-and-media.md).
 */
export function registerRealtimeRoutes(app: FastifyInstance, deps: Uses<'realtime'>): void {
  const hub = deps.realtime;

  app.get(
    '/ws',
    { websocket: true, config: { access: access.socket }, schema: { hide: true } },
    async (socket, req) => {
      const query = (req.query ?? {}) as Record<string, unknown>;
      const fromQuery = typeof query.token === 'string' && query.token ? query.token : null;
      const token = tokenOf(req.headers) ?? fromQuery ?? fileCookieToken(req) ?? '';
      const auth =
        req.auth ??
        (token ? await resolveToken(deps.db, token, deps.config.tokenTtlMs, deps.authCache) : null);
      const account = typeof query.account === 'string' ? query.account.trim() : '';
      if (!auth || (account && account.toLowerCase() !== auth.username.toLowerCase())) {
        socket.close(WS_CLOSE_UNAUTHENTICATED, 'unauthenticated');
        return;
      }
      hub.attach(socket, auth, token);
    },
  );
}
