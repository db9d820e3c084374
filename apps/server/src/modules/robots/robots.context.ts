import type { Uses } from '../../platform/deps.ts';
import { AutoAcceptService } from './auto-accept.service.ts';
import { KeywordEngine } from './keyword-engine.ts';
import { KeywordRuleService } from './keyword-rule.service.ts';

/** The robots' services of a server instance. */
export interface RobotsContext {
  engine: KeywordEngine;
  rules: KeywordRuleService;
  autoAccept: AutoAcceptService;
}

declare module '../../platform/deps.ts' {
  interface Services {
    /** The robots of a server instance. */
    robots: RobotsContext;
  }
}

/** Builds the robots of a server instance (once, modules/services.ts). */
export function robotsContext(
  deps: Uses<'media' | 'realtime' | 'runtime' | 'scheduler' | 'storage'>,
): RobotsContext {
  return {
    engine: new KeywordEngine(deps),
    rules: new KeywordRuleService(deps),
    autoAccept: new AutoAcceptService(deps),
  };
}
