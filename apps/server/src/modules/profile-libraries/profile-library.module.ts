import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerProfileLibraryRoutes } from './profile-library.routes.ts';

/** The profile libraries module: routes only (no jobs, events or background work). */
export function profileLibrariesModule(
  deps: Uses<'media' | 'realtime' | 'riskHandlers' | 'runtime' | 'storage' | 'unread'>,
): ServerModule {
  return { name: 'profile-libraries', routes: (app) => registerProfileLibraryRoutes(app, deps) };
}
