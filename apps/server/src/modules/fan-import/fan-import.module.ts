import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerFanImportRoutes } from './fan-import.routes.ts';

/** The fan import module: routes only (no jobs, events or background work). */
export function fanImportModule(deps: Uses<'fanImports' | 'storage'>): ServerModule {
  return { name: 'fan-import', routes: (app) => registerFanImportRoutes(app, deps) };
}
