import type { ConversationItem } from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';

/** A conversation was assigned (to `uid`, or unassigned when null) or changed status. */
export interface FlowEvent {
  tenantId: string;
  workAccountId: string;
  /** The conversation as the console push `convUpdate` carries it. */
  conv: ConversationItem;
  /** Who did it (a user id), or null when the server did (automatic assignment, reopening). */
  by: string | null;
}

/** The service flow's events (DESIGN.md §12: published after the commit). */
export type FlowEventName = 'conversation.assigned' | 'conversation.status';
export type FlowHandler = (event: FlowEvent) => void | Promise<void>;

const registry = new WeakMap<Deps, Map<FlowEventName, Set<FlowHandler>>>();

/** Registers a handler of a service-flow event (modules declare them under `on`). */
export function onFlowEvent(deps: Deps, name: FlowEventName, handler: FlowHandler): () => void {
  let byName = registry.get(deps);
  if (!byName) registry.set(deps, (byName = new Map()));
  let set = byName.get(name);
  if (!set) byName.set(name, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

/** Runs the handlers of an event after the commit; a failing handler is logged. */
export async function emitFlowEvent(
  deps: Deps,
  name: FlowEventName,
  event: FlowEvent,
): Promise<void> {
  for (const handler of registry.get(deps)?.get(name) ?? []) {
    try {
      await handler(event);
    } catch (err) {
      deps.log.error({ err, event: name }, 'service-flow event handler failed');
    }
  }
}
