import type { Deps } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerContactRoutes } from './contact.routes.ts';

/** The contacts module: routes only (no jobs, events or background work). */
export function contactsModule(deps: Deps): ServerModule {
  return { name: 'contacts', routes: (app) => registerContactRoutes(app, deps) };
}
