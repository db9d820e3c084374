import type { Deps } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerHistoryRoutes } from './history.routes.ts';

/** The history module: routes only (no jobs, events or background work). */
export function historyModule(deps: Deps): ServerModule {
  return { name: 'history', routes: (app) => registerHistoryRoutes(app, deps) };
}
