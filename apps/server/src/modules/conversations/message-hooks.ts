import type { Tx } from '../../platform/db.ts';
import type { Uses } from '../../platform/deps.ts';
import type { PushInput } from '../../realtime/realtime.ts';
import type { ConversationRow, MessageRow } from './conversation.presenter.ts';

/** A feature's handler of a console message the holder just handed to the platform. */
export type DispatchedHook = (row: MessageRow, conv: ConversationRow) => void | Promise<void>;

/** The handlers of a server instance's console messages (built once, modules/services.ts). */
export class MessageHooks {
  /** Of console sends once dispatched. */
  readonly dispatched = new Set<DispatchedHook>();
  /** Of received messages once stored, in the module list's order. */
  readonly inbound = new Set<InboundHook>();
}

declare module '../../platform/deps.ts' {
  interface Services {
    /** The handlers of dispatched and stored messages (modules declare them under `on`). */
    messageHooks: MessageHooks;
  }
}

/**
 * Registers a handler of console sends once dispatched (sent or failed), e.g. sensitive-word
 * records; received messages reach features through `deps.runtime.on('message')`.
 */
export function onMessageDispatched(deps: Uses<'messageHooks'>, hook: DispatchedHook): () => void {
  const set = deps.messageHooks.dispatched;
  set.add(hook);
  return () => set.delete(hook);
}

/** Runs the handlers of a dispatched message; a failing handler is logged, never the send's. */
export async function messageDispatched(
  deps: Uses<'messageHooks'>,
  row: MessageRow,
  conv: ConversationRow,
): Promise<void> {
  for (const hook of deps.messageHooks.dispatched) {
    try {
      await hook(row, conv);
    } catch (err) {
      deps.log.error({ err, messageId: row.id }, 'dispatched-message hook failed');
    }
  }
}

/** Conversations that just received messages from the other side, in the ingest's transaction. */
export interface InboundStored {
  tx: Tx;
  /** The conversations as updated, each with at least one new received message. */
  convs: ConversationRow[];
  /**
   * The received messages just stored in those conversations, oldest first: each once, the first
   * time the platform passed it on (a message passed on again is not stored again).
   */
  messages: MessageRow[];
  /** Runs after the commit (and after the pushes of the batch). */
  after(fn: () => Promise<void>): void;
  /**
   * Stores a push in the store's transaction, before the batch's message pushes: a picture of a
   * chat changed here is never told after a newer one.
   */
  push(tenantId: string, p: PushInput): void;
}

/** A feature's handler of received messages, inside the store's transaction: the rows it changed. */
export type InboundHook = (stored: InboundStored) => Promise<ConversationRow[]>;

/**
 * Registers a handler of stored received messages (reopening, automatic assignment, the AI
 * robot's decision); handlers run in the order they were registered (the module list's).
 */
export function onInboundStored(deps: Uses<'messageHooks'>, hook: InboundHook): () => void {
  const set = deps.messageHooks.inbound;
  set.add(hook);
  return () => set.delete(hook);
}

/** Runs the handlers of stored received messages; the conversations they changed, by id. */
export async function inboundStored(
  deps: Uses<'messageHooks'>,
  stored: InboundStored,
): Promise<Map<string, ConversationRow>> {
  const changed = new Map<string, ConversationRow>();
  for (const hook of deps.messageHooks.inbound) {
    const convs = stored.convs.map((c) => changed.get(c.id) ?? c);
    for (const c of await hook({ ...stored, convs })) changed.set(c.id, c);
  }
  return changed;
}
