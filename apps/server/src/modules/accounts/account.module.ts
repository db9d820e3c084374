import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { accountRuntimeOf } from './account-runtime.ts';
import { registerAccountRoutes } from './account.routes.ts';

/**
 * Work accounts: the routes, and the account runtime (the chat gateway, leases, the mapping of
 * its events) started once the server is ready and stopped before it closes.
 */
export function accountsModule(deps: Uses<'realtime'>): ServerModule {
  const runtime = accountRuntimeOf(deps);
  return {
    name: 'accounts',
    start: () => runtime.start(),
    closing: () => runtime.stop(),
    routes: (app) => registerAccountRoutes(app, deps),
  };
}
