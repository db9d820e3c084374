import type { Deps } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerStatisticsRoutes } from './statistics.routes.ts';

/** The statistics module: routes only (no jobs, events or background work). */
export function statisticsModule(deps: Deps): ServerModule {
  return { name: 'statistics', routes: (app) => registerStatisticsRoutes(app, deps) };
}
