import type { Deps } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerApiKeyRoutes } from './api-key.routes.ts';
import { apiKeysOf } from './index.ts';

/**
 * The open platform's keys and public API (docs/open-platform-api.md): the console's key routes.
 * Requests of `access.key(...)` routes are authenticated in app.ts by `authenticateApiKey`
 * (index.ts).
 */
export function openapiModule(deps: Deps): ServerModule {
  const keys = apiKeysOf(deps);
  return {
    name: 'openapi',
    routes(app) {
      registerApiKeyRoutes(app, keys);
    },
  };
}
