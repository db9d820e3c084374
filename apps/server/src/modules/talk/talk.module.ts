import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerTalkRoutes } from './talk.routes.ts';

/** The talk module: routes only (no jobs, events or background work). */
export function talkModule(
  deps: Uses<'ai' | 'media' | 'realtime' | 'runtime' | 'storage'>,
): ServerModule {
  return { name: 'talk', routes: (app) => registerTalkRoutes(app, deps) };
}
