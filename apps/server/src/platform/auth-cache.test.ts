import { describe, expect, it } from 'vitest';
import type { AuthContext } from './auth-context.ts';
import { AuthCache } from './auth-cache.ts';

const session = (expiresAt = 10_000_000): AuthContext => ({
  userId: 'u1',
  username: 'seat',
  nickname: '坐席',
  tenantId: 't1',
  role: 'office',
  roleId: null,
  permissions: new Set(),
  tokenId: 'k1',
  expiresAt,
});

describe('AuthCache', () => {
  it('keeps a session until it is invalidated, too old or expired', () => {
    const c = new AuthCache(30_000);
    const s = session(100_000);
    c.put('h', s, c.stamp(), 0);
    expect(c.get('h', 29_000)).toBe(s);
    expect(c.get('h', 31_000)).toBeNull(); // older than 30 s
    c.put('h', s, c.stamp(), 90_000);
    expect(c.get('h', 100_000)).toBeNull(); // the token expired
    c.put('h', s, c.stamp(), 0);
    c.invalidate();
    expect(c.get('h', 1)).toBeNull();
  });

  it('drops a read that was under way when something changed', () => {
    const c = new AuthCache();
    const stamp = c.stamp();
    c.invalidate(); // a change committed while the session was being read
    c.put('h', session(), stamp, 0);
    expect(c.get('h', 1)).toBeNull();
    expect(c.size).toBe(0);
  });

  it('keeps nothing while held, and drops everything again on release', () => {
    const c = new AuthCache();
    c.put('a', session(), c.stamp(), 0);
    c.hold();
    expect(c.get('a', 1)).toBeNull();
    c.put('b', session(), c.stamp(), 0);
    expect(c.size).toBe(0);
    c.release();
    c.put('b', session(), c.stamp(), 0);
    expect(c.size).toBe(1);
  });

  it('gives a new expiry without making the session younger', () => {
    const c = new AuthCache(30_000);
    c.put('h', session(), c.stamp(), 0);
    const slid = session(20_000_000);
    c.replace('h', slid, c.stamp());
    expect(c.get('h', 29_000)).toBe(slid);
    expect(c.get('h', 31_000)).toBeNull();
  });

  it('moves its stamp on whenever it drops everything', () => {
    const c = new AuthCache();
    const first = c.stamp();
    c.invalidate();
    c.hold();
    c.release();
    expect(c.stamp()).toBe(first + 3);
  });
});
