/**
 * A per-key cache of database reads that a change can forget, and that never keeps a read the
 * change overtook.
 *
 * The hazard it closes: a read starts, a change commits and forgets the key, then the read ends
 * and is kept. The stale value then serves every caller until its time runs out — a robot saved
 * as on stayed off for its 10 s, a new webhook endpoint missed every event for 30 s. So each key
 * counts its forgets (and the cache its forget-alls); a read marks the count before it starts and
 * is kept only if the count has not moved since. The overtaken read still answers its own caller
 * (it saw the database as it was when it began), but the next caller reads again.
 *
 * Values are kept at most `ttlMs` (a safety net for changes made where no forget is heard) and at
 * most `maxKeys` of them (the oldest insertion goes first).
 */
export class FreshCache<V> {
  readonly #entries = new Map<string, { at: number; value: V }>();
  readonly #forgets = new Map<string, number>();
  #epoch = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxKeys = 10_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The fresh value of a key, if one is kept. */
  peek(key: string): V | undefined {
    const e = this.#entries.get(key);
    if (!e) return undefined;
    if (this.clock() - e.at >= this.ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Taken before reading a key: `keep` stores the read only if the key was not forgotten since. */
  mark(key: string): string {
    return `${this.#epoch}:${this.#forgets.get(key) ?? 0}`;
  }

  /** Keeps a value read after `mark(key)` returned `stamp`, unless the key was forgotten since. */
  keep(key: string, value: V, stamp: string): void {
    if (stamp !== this.mark(key)) return;
    if (!this.#entries.has(key) && this.#entries.size >= this.maxKeys) {
      const first = this.#entries.keys().next();
      if (!first.done) this.#entries.delete(first.value);
    }
    this.#entries.set(key, { at: this.clock(), value });
  }

  /** The key's value: the kept one while fresh, else `load()`'s (kept unless overtaken). */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const stamp = this.mark(key);
    const value = await load();
    this.keep(key, value, stamp);
    return value;
  }

  /** Forgets one key (its data changed), or every key. */
  forget(key?: string): void {
    if (key === undefined) {
      this.#epoch += 1;
      this.#entries.clear();
      // Every key's count is superseded by the epoch; only keys forgotten from now on count.
      this.#forgets.clear();
      return;
    }
    this.#entries.delete(key);
    this.#forgets.set(key, (this.#forgets.get(key) ?? 0) + 1);
  }

  get size(): number {
    return this.#entries.size;
  }
}
