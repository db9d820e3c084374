import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerAccountRoutes } from './account.routes.ts';

/**
 * Work accounts: the routes, and the account runtime (the chat gateway, leases, the mapping of
 * its events) started once the server is ready and stopped before it closes.
 */
export function accountsModule(
  deps: Uses<'realtime' | 'riskHandlers' | 'runtime' | 'unread'>,
): ServerModule {
  const runtime = deps.runtime;
  return {
    name: 'accounts',
    start: () => runtime.start(),
    closing: () => runtime.stop(),
    routes: (app) => registerAccountRoutes(app, deps),
  };
}
