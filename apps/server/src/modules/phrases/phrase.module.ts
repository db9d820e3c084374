import type { Deps } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { registerPhraseRoutes } from './phrase.routes.ts';

/** The phrases module: routes only (no jobs, events or background work). */
export function phrasesModule(deps: Deps): ServerModule {
  return { name: 'phrases', routes: (app) => registerPhraseRoutes(app, deps) };
}
