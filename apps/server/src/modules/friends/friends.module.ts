import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerFriendsRoutes } from './friends.routes.ts';

/** The friends module: routes only (no jobs, events or background work). */
export function friendsModule(deps: Uses<'realtime' | 'runtime'>): ServerModule {
  return { name: 'friends', routes: (app) => registerFriendsRoutes(app, deps) };
}
