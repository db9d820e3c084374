import type { Deps } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerServiceRoutes } from './service.routes.ts';

/** The service module: routes only (no jobs, events or background work). */
export function serviceModule(deps: Deps): ServerModule {
  return { name: 'service', routes: (app) => registerServiceRoutes(app, deps) };
}
