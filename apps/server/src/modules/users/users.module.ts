import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerUsersRoutes } from './users.routes.ts';

/** The users module: routes only (no jobs, events or background work). */
export function usersModule(deps: Uses<'realtime'>): ServerModule {
  return { name: 'users', routes: (app) => registerUsersRoutes(app, deps) };
}
