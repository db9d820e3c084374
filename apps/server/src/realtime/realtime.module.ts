import type { Uses } from '../platform/deps.ts';
import type { ServerModule } from '../modules/module.ts';
import { registerRealtimeRoutes } from './realtime.routes.ts';

/** The console's websocket: the hub starts once the server is ready, stops before it closes. */
export function realtimeModule(deps: Uses<'realtime'>): ServerModule {
  const hub = deps.realtime;
  return {
    name: 'realtime',
    start: async () => {
      if (deps.config.services.has('realtime')) await hub.start();
    },
    closing: () => hub.stop(),
    routes: (app) => registerRealtimeRoutes(app, deps),
  };
}
