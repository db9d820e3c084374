import type { Uses } from '../../platform/deps.ts';
import type { AssignmentService } from './assignment.service.ts';

/**
 * Keeps seats' presence from their console sockets: a socket here (or its pings) makes its seat
 * online for a while; its last socket closing here makes it offline at once.
 */
export function onSeatPresence(deps: Uses<'realtime'>, flow: AssignmentService): () => void {
  return deps.realtime.onPresence((tenantId, userId, here) =>
    here ? flow.seen(tenantId, userId) : flow.gone(tenantId, userId),
  );
}
