import type { Deps } from '../../platform/deps.ts';
import type { ConversationRow, MessageRow } from './conversation.presenter.ts';

/** A feature's handler of a console message the holder just handed to the platform. */
export type DispatchedHook = (row: MessageRow, conv: ConversationRow) => void | Promise<void>;

const registry = new WeakMap<Deps, Set<DispatchedHook>>();

/**
 * Registers a handler of console sends once dispatched (sent or failed), e.g. sensitive-word
 * records; received messages reach features through `accountRuntimeOf(deps).on('message')`.
 */
export function onMessageDispatched(deps: Deps, hook: DispatchedHook): () => void {
  let set = registry.get(deps);
  if (!set) registry.set(deps, (set = new Set()));
  set.add(hook);
  return () => set.delete(hook);
}

/** Runs the handlers of a dispatched message; a failing handler is logged, never the send's. */
export async function messageDispatched(
  deps: Deps,
  row: MessageRow,
  conv: ConversationRow,
): Promise<void> {
  for (const hook of registry.get(deps) ?? []) {
    try {
      await hook(row, conv);
    } catch (err) {
      deps.log.error({ err, messageId: row.id }, 'dispatched-message hook failed');
    }
  }
}
