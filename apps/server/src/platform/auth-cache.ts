import type { AuthContext } from './auth-context.ts';
import { PgBus, type Bus } from './bus.ts';
import { AUTH_CHANNEL, type Database } from './db.ts';

/**
 * Sessions this process resolved recently, by token hash, so a request does not read four tables
 * before its own work. Everything is dropped whenever a user, role, tenant or token changes:
 * database triggers (migration 0003) notify `cst_auth` on every such change, whichever process or
 * code path made it (`watchedAuthCache`). A change made by this process is known before the call
 * that made it returns; another process's, as soon as the notification arrives. Everything is also
 * dropped when the notification link reconnects (some may have been missed), and an entry older
 * than `maxAgeMs` is read again anyway, as a last safety net.
 */
export class AuthCache {
  private readonly entries = new Map<string, { ctx: AuthContext; at: number }>();
  private epoch = 0;

  constructor(
    private readonly maxAgeMs = 30_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** Taken before reading the database; `put` keeps the result only if nothing changed since. */
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

  put(key: string, ctx: AuthContext, stamp: number, now: number): void {
    // A change committed while the session was being read: that read may be older than it.
    if (stamp !== this.epoch) return;
    if (this.entries.size >= this.maxEntries) {
      // The oldest insertion goes first (a Map iterates in insertion order).
      const first = this.entries.keys().next();
      if (!first.done) this.entries.delete(first.value);
    }
    this.entries.set(key, { ctx, at: now });
  }

  /** Forgets every session (something they depend on changed). */
  invalidate(): void {
    this.epoch += 1;
    this.entries.clear();
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
  // Other processes' changes, on the bus's always-open connection (pooled ones come and go).
  const offs = bus instanceof PgBus ? [bus.subscribe(AUTH_CHANNEL, drop), bus.onConnect(drop)] : [];
  return {
    cache,
    close: async () => {
      for (const off of offs) off();
      await stop();
    },
  };
}
