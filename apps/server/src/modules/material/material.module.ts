import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerMaterialRoutes } from './material.routes.ts';

/** The material module: routes only (no jobs, events or background work). */
export function materialModule(
  deps: Uses<'material' | 'realtime' | 'runtime' | 'storage'>,
): ServerModule {
  return { name: 'material', routes: (app) => registerMaterialRoutes(app, deps) };
}
