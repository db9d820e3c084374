import type { GatewayEventName, GatewayEvents, GatewayListener } from './types.ts';

/** Where a failing listener is reported. */
export interface EventHubLogger {
  error(obj: unknown, msg?: string): void;
}

/**
 * The `kept` promise of a listener's answer ({@link Taken}), else null (a listener typed to return
 * nothing may still return a value). Marked handled at once: it is read after the other
 * listeners, and an early failure must not be reported as unhandled meanwhile.
 */
export function keptOf(answer: unknown): Promise<void> | null {
  if (!answer || typeof answer !== 'object' || !('kept' in answer)) return null;
  const kept = (answer as { kept: unknown }).kept;
  if (!(kept instanceof Promise)) return null;
  kept.catch(() => undefined);
  return kept as Promise<void>;
}

/**
 * Typed listeners with ordered delivery: events sharing a key (a work account or a login) are
 * delivered one at a time, in emit order, each listener's promise awaited before the next. A
 * listener that keeps events later answers `{ kept }` ({@link Taken}): the next event goes on at
 * once, and {@link emitKept} tells the platform when every listener has kept it.
 */
export class EventHub {
  private readonly listeners = new Map<GatewayEventName, Set<GatewayListener<never>>>();
  private readonly tails = new Map<string, Promise<unknown>>();
  /** `kept` promises not settled yet (waited for by {@link idle}). */
  private readonly keeping = new Set<Promise<boolean>>();

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

  /** Queues an event behind earlier events of the same key; resolves once every listener took it. */
  async emit<K extends GatewayEventName>(
    key: string,
    event: K,
    payload: GatewayEvents[K],
  ): Promise<void> {
    await this.queue(key, event, payload);
  }

  /**
   * Queues an event like {@link emit}; resolves once every listener has kept it: true, or false
   * when a listener failed or could not keep it (the platform delivers it again later). Never
   * rejects.
   */
  async emitKept<K extends GatewayEventName>(
    key: string,
    event: K,
    payload: GatewayEvents[K],
  ): Promise<boolean> {
    return (await this.queue(key, event, payload)).kept;
  }

  /**
   * Queues an event; `taken` resolves as {@link emit}'s promise, `kept` as {@link emitKept}'s (a
   * platform that waits for the first before its next event and acknowledges on the second).
   */
  send<K extends GatewayEventName>(
    key: string,
    event: K,
    payload: GatewayEvents[K],
  ): { taken: Promise<void>; kept: Promise<boolean> } {
    const queued = this.queue(key, event, payload);
    return { taken: queued.then(() => undefined), kept: queued.then((q) => q.kept) };
  }

  /** Resolves when every queued event has been taken and kept (or failed). */
  async idle(): Promise<void> {
    while (this.tails.size > 0 || this.keeping.size > 0) {
      await Promise.all([...this.tails.values(), ...this.keeping]);
    }
  }

  private queue<K extends GatewayEventName>(
    key: string,
    event: K,
    payload: GatewayEvents[K],
  ): Promise<{ kept: Promise<boolean> }> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const run = prev.then(() => this.deliver(event, payload));
    this.tails.set(key, run);
    void run.then(() => {
      if (this.tails.get(key) === run) this.tails.delete(key);
    });
    return run;
  }

  /** Hands an event to each listener in turn; what it answers carries whether all kept it. */
  private async deliver<K extends GatewayEventName>(
    event: K,
    payload: GatewayEvents[K],
  ): Promise<{ kept: Promise<boolean> }> {
    const { kept } = await handToEach(
      this.listeners.get(event) ?? [],
      (l) => (l as GatewayListener<K>)(payload),
      (err, stage) =>
        this.log?.error(
          { err, event },
          stage === 'take' ? 'gateway listener failed' : 'gateway listener could not keep an event',
        ),
    );
    if (typeof kept === 'boolean') return { kept: Promise.resolve(kept) };
    this.keeping.add(kept);
    void kept.then(() => this.keeping.delete(kept));
    return { kept };
  }
}

/**
 * Hands an event to listeners one after another, each awaited, and gathers what they answer: `kept`
 * is true or false at once when none answered `{ kept }` ({@link Taken}), else a promise of it.
 * False when a listener threw (`take`) or could not keep it (`keep`), each told to `onError`.
 * Never rejects.
 */
export async function handToEach<L>(
  listeners: Iterable<L>,
  call: (listener: L) => unknown,
  onError: (err: unknown, stage: 'take' | 'keep') => void,
): Promise<{ kept: boolean | Promise<boolean> }> {
  const later: Promise<void>[] = [];
  let failed = false;
  for (const l of [...listeners]) {
    try {
      const kept = keptOf(await call(l));
      if (kept) later.push(kept);
    } catch (err) {
      failed = true;
      onError(err, 'take');
    }
  }
  if (later.length === 0) return { kept: !failed };
  const kept = Promise.all(later).then(
    () => !failed,
    (err: unknown) => {
      onError(err, 'keep');
      return false;
    },
  );
  return { kept };
}
