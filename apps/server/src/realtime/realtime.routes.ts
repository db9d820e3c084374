import type { FastifyInstance } from 'fastify';
import { WS_CLOSE_UNAUTHENTICATED } from '@cst/shared';
import { resolveToken, tokenOf } from '../platform/auth-context.ts';
import type { Deps } from '../platform/deps.ts';
import { access } from '../platform/http.ts';
import { realtimeOf } from './realtime.ts';

/** `GET /ws?account=&token=` (API.md, WebSocket) and the hub's start and stop. */
export function registerRealtimeRoutes(app: FastifyInstance, deps: Deps): void {
  const hub = realtimeOf(deps);
  app.addHook('onReady', async () => {
    if (deps.config.services.has('realtime')) await hub.start();
  });
  app.addHook('preClose', async () => {
    await hub.stop();
  });

  app.get(
    '/ws',
    { websocket: true, config: { access: access.socket }, schema: { hide: true } },
    async (socket, req) => {
      const query = (req.query ?? {}) as Record<string, unknown>;
      const token = tokenOf(req.headers, query) ?? '';
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
