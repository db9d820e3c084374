import { describe, expect, it } from 'vitest';
import { useTestDeps } from '../../test/support.ts';
import { periodicJob } from './periodic.ts';
import { Scheduler } from './scheduler.ts';

// Periodic upkeep on the one scheduler: once per period across instances, never before its time.

const T = Date.UTC(2026, 0, 5, 10);
let clock = T;
const deps = useTestDeps(() => clock);

describe('periodicJob', () => {
  it('runs once per period, on one of several instances, and not before the period is over', async () => {
    const runs: number[] = [];
    const job = () => periodicJob('count', 60_000, async () => void runs.push(clock));
    const a = new Scheduler(deps, { pollMs: 60_000 });
    const b = new Scheduler(deps, { pollMs: 60_000 });
    a.register(job());
    b.register(job());
    a.start();
    b.start();
    try {
      await a.drain();
      await b.drain();
      expect(runs).toEqual([T]);
      clock = T + 59_999;
      await a.drain();
      await b.drain();
      expect(runs).toEqual([T]);
      clock = T + 60_000;
      await b.drain();
      await a.drain();
      expect(runs).toEqual([T, T + 60_000]);
      // A long pause: one run for the period now due, not one per missed period.
      clock = T + 10 * 60_000;
      await a.drain();
      await b.drain();
      expect(runs).toEqual([T, T + 60_000, T + 10 * 60_000]);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('a failing run is logged and the next period runs again', async () => {
    let calls = 0;
    const s = new Scheduler(deps, { pollMs: 60_000 });
    s.register(
      periodicJob('fails', 1000, async () => {
        calls += 1;
        throw new Error('boom');
      }),
    );
    s.start();
    try {
      await s.drain();
      clock += 1000;
      await s.drain();
      expect(calls).toBe(2);
    } finally {
      await s.stop();
    }
  });
});
