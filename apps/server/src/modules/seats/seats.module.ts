import type { Deps } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerSeatsRoutes } from './seats.routes.ts';

/** The seats module: routes only (no jobs, events or background work). */
export function seatsModule(deps: Deps): ServerModule {
  return { name: 'seats', routes: (app) => registerSeatsRoutes(app, deps) };
}
