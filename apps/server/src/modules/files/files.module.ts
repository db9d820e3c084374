import type { Deps } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerFilesRoutes } from './files.routes.ts';

/** The files module: routes only (no jobs, events or background work). */
export function filesModule(deps: Deps): ServerModule {
  return { name: 'files', routes: (app) => registerFilesRoutes(app, deps) };
}
