import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerTranslationRoutes } from './translation.routes.ts';

/** The translation module: routes only (no jobs, events or background work). */
export function translationModule(
  deps: Uses<'ai' | 'media' | 'realtime' | 'runtime' | 'storage'>,
): ServerModule {
  return { name: 'translation', routes: (app) => registerTranslationRoutes(app, deps) };
}
