import type { GatewayEventName, GatewayEvents, GatewayListener } from './types.ts';

/** Where a failing listener is reported. */
export interface EventHubLogger {
  error(obj: unknown, msg?: string): void;
}

/**
 * Typed listeners with ordered delivery: events sharing a key (a work account or a login) are
 * delivered one at a time, in emit order, each listener's promise awaited before the next.
 */
export class EventHub {
  private readonly listeners = new Map<GatewayEventName, Set<GatewayListener<never>>>();
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly log?: EventHubLogger) {}

  /** Adds a listener; returns its removal. */
  on<K extends GatewayEventName>(event: K, listener: GatewayListener<K>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    const l = listener as GatewayListener<never>;
    set.add(l);
    return () => set.delete(l);
  }

  /** Queues an event behind earlier events of the same key; resolves once delivered. */
  emit<K extends GatewayEventName>(
    key: string,
    event: K,
    payload: GatewayEvents[K],
  ): Promise<void> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const run = prev.then(() => this.deliver(event, payload));
    this.tails.set(key, run);
    void run.then(() => {
      if (this.tails.get(key) === run) this.tails.delete(key);
    });
    return run;
  }

  /** Resolves when every queued event has been delivered. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }

  private async deliver<K extends GatewayEventName>(event: K, payload: GatewayEvents[K]) {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const l of [...set]) {
      try {
        await (l as GatewayListener<K>)(payload);
      } catch (err) {
        this.log?.error({ err, event }, 'gateway listener failed');
      }
    }
  }
}
