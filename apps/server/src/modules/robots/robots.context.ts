import type { Deps, Uses } from '../../platform/deps.ts';
import { AutoAcceptService } from './auto-accept.service.ts';
import { KeywordEngine } from './keyword-engine.ts';
import { KeywordRuleService } from './keyword-rule.service.ts';

/** The robots' services of a server instance. */
export interface RobotsContext {
  engine: KeywordEngine;
  rules: KeywordRuleService;
  autoAccept: AutoAcceptService;
}

const contexts = new WeakMap<Deps, RobotsContext>();

/** The robots of a server instance (created on first use). */
export function robotsOf(
  deps: Uses<'realtime' | 'runtime' | 'scheduler' | 'storage'>,
): RobotsContext {
  let c = contexts.get(deps);
  if (!c) {
    c = {
      engine: new KeywordEngine(deps),
      rules: new KeywordRuleService(deps),
      autoAccept: new AutoAcceptService(deps),
    };
    contexts.set(deps, c);
  }
  return c;
}
