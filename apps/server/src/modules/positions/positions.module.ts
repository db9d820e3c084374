import type { Deps } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerPositionsRoutes } from './positions.routes.ts';

/** The positions module: routes only (no jobs, events or background work). */
export function positionsModule(deps: Deps): ServerModule {
  return { name: 'positions', routes: (app) => registerPositionsRoutes(app, deps) };
}
