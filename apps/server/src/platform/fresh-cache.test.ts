import { describe, expect, it } from 'vitest';
import { FreshCache } from './fresh-cache.ts';

/** A load the test finishes when it chooses (a read still in flight while a change commits). */
function heldLoad<V>(value: V) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return {
    load: async () => {
      await gate;
      return value;
    },
    release,
  };
}

describe('FreshCache', () => {
  it('keeps a read for its time, then reads again', async () => {
    let now = 1_000;
    const cache = new FreshCache<string>(10_000, 100, () => now);
    let reads = 0;
    const load = async () => `v${++reads}`;
    expect(await cache.get('t1', load)).toBe('v1');
    expect(await cache.get('t1', load)).toBe('v1');
    now += 9_999;
    expect(await cache.get('t1', load)).toBe('v1');
    now += 1;
    expect(await cache.get('t1', load)).toBe('v2');
  });

  it('does not keep a read that a forget of its key overtook, but answers it', async () => {
    const cache = new FreshCache<string>(60_000);
    const stale = heldLoad('off');
    const pending = cache.get('t1', stale.load);
    cache.forget('t1'); // the change committed while the read was in flight
    stale.release();
    expect(await pending).toBe('off');
    expect(cache.peek('t1')).toBeUndefined();
    expect(await cache.get('t1', async () => 'on')).toBe('on');
    expect(cache.peek('t1')).toBe('on');
  });

  it('does not keep a read that a forget of every key overtook', async () => {
    const cache = new FreshCache<number | null>(60_000);
    const stale = heldLoad<number | null>(null);
    const pending = cache.get('a', stale.load);
    cache.forget();
    stale.release();
    expect(await pending).toBeNull();
    expect(cache.peek('a')).toBeUndefined();
  });

  it('keeps a read when only another key was forgotten', async () => {
    const cache = new FreshCache<string>(60_000);
    const read = heldLoad('a1');
    const pending = cache.get('a', read.load);
    cache.forget('b');
    read.release();
    await pending;
    expect(cache.peek('a')).toBe('a1');
  });

  it('keeps a null value (none found) like any other', async () => {
    const cache = new FreshCache<string | null>(60_000);
    let reads = 0;
    const load = async () => {
      reads += 1;
      return null;
    };
    await cache.get('x', load);
    await cache.get('x', load);
    expect(reads).toBe(1);
  });

  it('holds at most maxKeys, dropping the oldest', async () => {
    const cache = new FreshCache<number>(60_000, 2);
    for (const [k, v] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const) {
      await cache.get(k, async () => v);
    }
    expect(cache.size).toBe(2);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('c')).toBe(3);
  });
});
