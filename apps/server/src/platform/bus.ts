import { EventEmitter } from 'node:events';
import type pg from 'pg';

type Handler = (payload: string) => void;

/** Events between instances: ids only; receivers re-read rows (DESIGN.md §1). */
export interface Bus {
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, handler: Handler): () => void;
  close(): Promise<void>;
}

/** The bus of a single process. */
export class MemoryBus implements Bus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, payload: string): Promise<void> {
    // Delivered on the next tick, like a real bus, so publishers never re-enter subscribers.
    queueMicrotask(() => this.emitter.emit(channel, payload));
  }

  subscribe(channel: string, handler: Handler): () => void {
    this.emitter.on(channel, handler);
    return () => this.emitter.off(channel, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

const CHANNEL_RE = /^[a-z_][a-z0-9_]{0,62}$/;

/** The bus between processes: PostgreSQL LISTEN/NOTIFY on a dedicated connection. */
export class PgBus implements Bus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly listening = new Set<string>();
  private readonly linkWatchers = new Set<(up: boolean) => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private listens: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly pool: { query: (text: string, values: unknown[]) => Promise<unknown> },
  ) {}

  private async connection(): Promise<pg.Client> {
    if (this.closed) throw new Error('bus closed');
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      // node-postgres, loaded on PostgreSQL only (docs/performance.md).
      const { Client } = (await import('pg')).default;
      const c = new Client({ connectionString: this.url });
      c.on('notification', (n) => this.emitter.emit(n.channel, n.payload ?? ''));
      c.on('error', () => this.reconnect(c));
      await c.connect();
      if (this.closed) {
        await c.end().catch(() => undefined);
        throw new Error('bus closed');
      }
      for (const ch of this.listening) await c.query(`LISTEN ${ch}`);
      this.client = c;
      // Whatever was notified while no link was listening is lost: tell those who keep state.
      for (const fn of this.linkWatchers) fn(true);
      return c;
    })();
    try {
      return await this.connecting;
    } finally {
      this.connecting = null;
    }
  }

  private reconnect(c: pg.Client): void {
    if (this.client !== c) return;
    this.client = null;
    void c.end().catch(() => undefined);
    for (const fn of this.linkWatchers) fn(false);
    void this.retry(1000);
  }

  /** Tries to connect again until it works (or the bus closes), waiting longer each time. */
  private async retry(delayMs: number): Promise<void> {
    while (!this.closed && !this.client) {
      await new Promise((r) => setTimeout(r, delayMs).unref());
      if (this.closed) return;
      try {
        await this.connection();
      } catch {
        delayMs = Math.min(delayMs * 2, 30_000);
      }
    }
  }

  async publish(channel: string, payload: string): Promise<void> {
    if (!CHANNEL_RE.test(channel)) throw new Error(`bad channel ${channel}`);
    await this.pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  subscribe(channel: string, handler: Handler): () => void {
    if (!CHANNEL_RE.test(channel)) throw new Error(`bad channel ${channel}`);
    this.emitter.on(channel, handler);
    if (!this.listening.has(channel)) {
      this.listening.add(channel);
      // One query at a time on the listening connection: LISTENs queue behind each other.
      const listen = this.listens.then(async () => {
        const c = await this.connection();
        await c.query(`LISTEN ${channel}`);
      });
      this.listens = listen.catch(() => undefined);
    }
    return () => this.emitter.off(channel, handler);
  }

  /**
   * Calls `fn(true)` each time the listening connection is (re)established and `fn(false)` each
   * time it is lost; returns an unsubscribe.
   */
  onLink(fn: (up: boolean) => void): () => void {
    this.linkWatchers.add(fn);
    return () => this.linkWatchers.delete(fn);
  }

  /** Whether the listening connection is up now. */
  get linked(): boolean {
    return this.client !== null;
  }

  /** Resolves once the listening connection is up (tests and start-up). */
  async ready(): Promise<void> {
    await this.connection();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.emitter.removeAllListeners();
    const c = this.client;
    this.client = null;
    if (c) await c.end().catch(() => undefined);
  }
}
