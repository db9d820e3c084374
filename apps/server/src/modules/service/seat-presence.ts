import type { Deps } from '../../platform/deps.ts';
import { realtimeOf } from '../../realtime/realtime.ts';
import type { AssignmentService } from './assignment.service.ts';

/**
 * Keeps seats' presence from their console sockets: a socket here (or its pings) makes its seat
 * online for a while; its last socket closing here makes it offline at once.
 */
export function onSeatPresence(deps: Deps, flow: AssignmentService): () => void {
  return realtimeOf(deps).onPresence((tenantId, userId, here) =>
    here ? flow.seen(tenantId, userId) : flow.gone(tenantId, userId),
  );
}
