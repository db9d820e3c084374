import type { Deps } from '../platform/deps.ts';
import type { ServerModule } from '../modules/module.ts';
import { realtimeOf } from './realtime.ts';
import { registerRealtimeRoutes } from './realtime.routes.ts';

/** The console's websocket: the hub starts once the server is ready, stops before it closes. */
export function realtimeModule(deps: Deps): ServerModule {
  const hub = realtimeOf(deps);
  return {
    name: 'realtime',
    start: async () => {
      if (deps.config.services.has('realtime')) await hub.start();
    },
    closing: () => hub.stop(),
    routes: (app) => registerRealtimeRoutes(app, deps),
  };
}
