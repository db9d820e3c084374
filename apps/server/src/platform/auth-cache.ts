import type { AuthContext } from './auth-caller.ts';
import { PgBus, type Bus } from './bus.ts';
import { AUTH_CHANNEL, type Database } from './db.ts';

/**
 * Sessions this process resolved recently, by token hash, so a request does not read four tables
 * before its own work. Everything is dropped whenever a user, role, tenant or token changes:
 * database triggers (migration 0003) notify `cst_auth` on every such change, whichever process or
 * code path made it (`watchedAuthCache`). A change made by this process is known before the call
 * that made it returns; another process's, as soon as the notification arrives. While the link
 * that carries those is down nothing is kept, and when it is back everything is dropped (some may
 * have been missed). An entry older than `maxAgeMs` is read again anyway, as a last safety net.
 */
export class AuthCache {
  private readonly entries = new Map<string, { ctx: AuthContext; at: number }>();
  private epoch = 0;
  /** While the link that tells of other processes' changes is down, nothing is kept. */
  private held = false;

  constructor(
    private readonly maxAgeMs = 30_000,
    private readonly maxEntries = 10_000,
  ) {}

  /**
   * Taken before reading the database; `put` keeps the result only if nothing changed since.
   * Anyone holding a session compares stamps to learn whether it may have changed.
   */
  stamp(): number {
    return this.epoch;
  }

  get(key: string, now: number): AuthContext | null {
    const e = this.entries.get(key);
    if (!e) return null;
    if (now - e.at > this.maxAgeMs || e.ctx.expiresAt <= now) {
      this.entries.delete(key);
      return null;
    }
    return e.ctx;
  }

  /** Keeps a session read at `now`, unless something changed since `stamp` was taken. */
  put(key: string, ctx: AuthContext, stamp: number, now: number): void {
    // A change committed while the session was being read: that read may be older than it.
    if (stamp !== this.epoch || this.held) return;
    if (this.entries.size >= this.maxEntries) {
      // The oldest insertion goes first (a Map iterates in insertion order).
      const first = this.entries.keys().next();
      if (!first.done) this.entries.delete(first.value);
    }
    this.entries.set(key, { ctx, at: now });
  }

  /** Replaces a kept session (a new expiry) without making it younger than its read. */
  replace(key: string, ctx: AuthContext, stamp: number): void {
    const e = this.entries.get(key);
    if (e && stamp === this.epoch) this.entries.set(key, { ctx, at: e.at });
  }

  /** Forgets every session (something they depend on changed); `stamp()` moves on. */
  invalidate(): void {
    this.epoch += 1;
    this.entries.clear();
  }

  /** Invalidates, then keeps nothing until `release` (changes elsewhere cannot be heard). */
  hold(): void {
    this.held = true;
    this.invalidate();
  }

  release(): void {
    this.held = false;
    this.invalidate();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * A cache for this process that forgets everything on each auth change the database notifies
 * (from any process) and whenever the notification link reconnects.
 */
export async function watchedAuthCache(
  database: Database,
  bus: Bus,
): Promise<{ cache: AuthCache; close(): Promise<void> }> {
  const cache = new AuthCache();
  const drop = () => cache.invalidate();
  // This process's own changes, before the call that made them returns.
  const stop = await database.listen(AUTH_CHANNEL, drop);
  // Other processes' changes, on the bus's always-open connection (pooled ones come and go);
  // while it is down they cannot be heard, so nothing is kept.
  const offs: (() => void)[] = [];
  if (bus instanceof PgBus) {
    if (!bus.linked) cache.hold(); // until its link is up
    offs.push(
      bus.subscribe(AUTH_CHANNEL, drop),
      bus.onLink((up) => (up ? cache.release() : cache.hold())),
    );
  }
  return {
    cache,
    close: async () => {
      for (const off of offs) off();
      await stop();
    },
  };
}
