import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { setStreamTenants } from '../webhooks/index.ts';
import { registerApiKeyRoutes } from './api-key.routes.ts';
import { registerOpenApiRoutes } from './open-api.routes.ts';
import { OpenApiService } from './open-api.service.ts';
import { OpenEventStreams } from './open-events.ts';
import { registerOpenDocs } from './open-docs.ts';

/**
 * The open platform's keys and public API (docs/open-platform.md): the console's key routes,
 * the `/open/v1` routes over the console's services and their own docs page. Requests of
 * `access.key(...)` routes are authenticated in app.ts by `authenticateApiKey` (index.ts).
 */
export function openapiModule(
  deps: Uses<
    | 'ai'
    | 'apiKeys'
    | 'media'
    | 'messageHooks'
    | 'realtime'
    | 'riskHandlers'
    | 'runtime'
    | 'sendGuards'
    | 'storage'
    | 'unread'
  >,
): ServerModule {
  const keys = deps.apiKeys;
  const open = new OpenApiService(deps);
  const streams = new OpenEventStreams(deps);
  // A tenant with a live key keeps every event of the event log (its stream reads them).
  setStreamTenants((tx, tenantIds) => keys.tenantsWithKeys(tx, tenantIds));
  return {
    name: 'openapi',
    routes(app) {
      registerApiKeyRoutes(app, keys);
      registerOpenApiRoutes(app, open, streams);
      registerOpenDocs(app);
    },
    // Open streams would keep the server from closing: they end first.
    closing: () => streams.close(),
  };
}
