import { describe, expect, it } from 'vitest';
import { ME_ID, type WaHarness, useLoggedInWa } from './test-support.ts';

// Alive, not just connected: a health check pings each online account; a silent one is taken as
// dead within two intervals (the clock is the harness's; the rounds run every 20 ms for real).
const INTERVAL = 20;
let h: WaHarness;
useLoggedInWa((made) => (h = made), { healthIntervalMs: INTERVAL });

const pings = () => h.sock.calls.filter((c) => c.method === 'query').length;

describe('health check', () => {
  it('answered pings keep an account online however long it stays quiet', async () => {
    const before = h.of('statusChanged').length;
    for (let i = 0; i < 4; i++) {
      h.clock.t += INTERVAL * 0.75;
      const n = pings();
      await h.until(() => pings() >= n + 2);
    }
    expect(h.of('statusChanged').slice(before)).toEqual([]);
  });

  it('a socket that answers nothing turns offline within two intervals, then reconnects', async () => {
    const dead = h.sock;
    const n = h.sockets.length;
    dead.silent = true;
    const before = h.of('statusChanged').length;
    h.clock.t += 2 * INTERVAL;
    await h.until(() => h.of('statusChanged').length > before);
    expect(h.of('statusChanged')[before]).toMatchObject({ workWxid: ME_ID, status: 'offline' });
    expect(dead.ended).toBe(true);
    await h.until(() => h.sockets.length === n + 1);
    h.sock.open();
    await h.until(() =>
      h
        .of('statusChanged')
        .slice(before)
        .some((e) => e.status === 'online'),
    );
  });
});
