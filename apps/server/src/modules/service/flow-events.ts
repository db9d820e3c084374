import type { ConversationItem } from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';

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

/** The handlers of the service flow's events of a server instance, by event. */
export type FlowHandlers = Map<FlowEventName, Set<FlowHandler>>;

declare module '../../platform/deps.ts' {
  interface Services {
    /** The handlers of the service flow's events (built once, modules/services.ts). */
    flowHandlers: FlowHandlers;
  }
}

/** Registers a handler of a service-flow event (modules declare them under `on`). */
export function onFlowEvent(
  deps: Uses<'flowHandlers'>,
  name: FlowEventName,
  handler: FlowHandler,
): () => void {
  const byName = deps.flowHandlers;
  let set = byName.get(name);
  if (!set) byName.set(name, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

/** Runs the handlers of an event after the commit; a failing handler is logged. */
export async function emitFlowEvent(
  deps: Uses<'flowHandlers'>,
  name: FlowEventName,
  event: FlowEvent,
): Promise<void> {
  for (const handler of deps.flowHandlers.get(name) ?? []) {
    try {
      await handler(event);
    } catch (err) {
      deps.log.error({ err, event: name }, 'service-flow event handler failed');
    }
  }
}
