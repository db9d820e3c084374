import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerMediaRoutes } from './media.routes.ts';

/** The media module: routes only (no jobs, events or background work). */
export function mediaModule(
  deps: Uses<'media' | 'realtime' | 'runtime' | 'storage'>,
): ServerModule {
  return { name: 'media', routes: (app) => registerMediaRoutes(app, deps) };
}
