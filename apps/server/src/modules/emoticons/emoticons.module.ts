import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerEmoticonsRoutes } from './emoticons.routes.ts';

/** The emoticons module: routes only (no jobs, events or background work). */
export function emoticonsModule(
  deps: Uses<'media' | 'realtime' | 'runtime' | 'storage'>,
): ServerModule {
  return { name: 'emoticons', routes: (app) => registerEmoticonsRoutes(app, deps) };
}
