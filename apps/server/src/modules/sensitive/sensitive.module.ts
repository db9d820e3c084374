import type { Uses } from '../../platform/deps.ts';
import { registerSendGuard } from '../conversations/index.ts';
import type { ServerModule } from '../module.ts';
import { registerSensitiveRoutes } from './sensitive.routes.ts';
import { SENSITIVE_CHANNEL, SensitiveService } from './sensitive.service.ts';

/**
 * Sensitive words: checked on received and dispatched messages and, per the tenant's mode, on a
 * seat's text before it is stored; the cache dropped on change.
 */
export function sensitiveModule(deps: Uses<'sendGuards'>): ServerModule {
  const service = new SensitiveService(deps);
  const stopGuard = registerSendGuard(deps, (send) => service.guard(send));
  return {
    name: 'sensitive',
    on: {
      message: (ev, account) => service.onInbound(ev, account),
      messageDispatched: (row, conv) => service.onDispatched(row, conv),
    },
    bus: { [SENSITIVE_CHANNEL]: (tenantId) => service.forget(tenantId) },
    stop: stopGuard,
    routes: (app) => registerSensitiveRoutes(app, service),
  };
}
