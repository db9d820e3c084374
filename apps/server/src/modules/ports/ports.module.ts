import type { Deps } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerPortsRoutes } from './ports.routes.ts';

/** The ports module: routes only (no jobs, events or background work). */
export function portsModule(deps: Deps): ServerModule {
  return { name: 'ports', routes: (app) => registerPortsRoutes(app, deps) };
}
