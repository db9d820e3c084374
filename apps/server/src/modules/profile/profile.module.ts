import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerProfileRoutes } from './profile.routes.ts';

/** The profile module: routes only (no jobs, events or background work). */
export function profileModule(deps: Uses<'realtime'>): ServerModule {
  return { name: 'profile', routes: (app) => registerProfileRoutes(app, deps) };
}
