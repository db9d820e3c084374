import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerSimulatorApiRoutes } from './simulator-api.routes.ts';

/** The simulator api module: routes only (no jobs, events or background work). */
export function simulatorApiModule(deps: Uses<'realtime' | 'runtime'>): ServerModule {
  return { name: 'simulator-api', routes: (app) => registerSimulatorApiRoutes(app, deps) };
}
