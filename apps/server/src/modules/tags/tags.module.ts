import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerTagsRoutes } from './tags.routes.ts';

/** The tags module: routes only (no jobs, events or background work). */
export function tagsModule(deps: Uses<'realtime' | 'runtime' | 'storage'>): ServerModule {
  return { name: 'tags', routes: (app) => registerTagsRoutes(app, deps) };
}
