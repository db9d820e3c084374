import type { Deps } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerRolesRoutes } from './roles.routes.ts';

/** The roles module: routes only (no jobs, events or background work). */
export function rolesModule(deps: Deps): ServerModule {
  return { name: 'roles', routes: (app) => registerRolesRoutes(app, deps) };
}
