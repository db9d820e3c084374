import { describe, expect, it } from 'vitest';
import { useTestDeps } from '../../test/support.ts';
import { Scheduler, type Claimed, type JobKind } from './scheduler.ts';

// The scheduler's own claim path for a kind of much short work (webhook deliveries): a claim
// outside the rounds, limits of its own beside the shared ones, and a poll no busy kind puts off.

const deps = useTestDeps();

/** A job kind over an in-memory queue: claims what was added, runs each with `run`. */
class MemoryKind implements JobKind<number> {
  readonly queue: number[] = [];
  claims = 0;
  onClaim: (() => void) | null = null;
  constructor(
    readonly name: string,
    private readonly lanes: number,
    readonly run: (item: Claimed<number>) => Promise<void>,
    readonly limits?: { maxQueued: number; maxRunning: number },
  ) {}
  async claim(scope: { budget: number; now: number }): Promise<Claimed<number>[]> {
    this.claims += 1;
    this.onClaim?.();
    return this.queue.splice(0, scope.budget).map((n) => ({
      lane: `${this.name}:${n % this.lanes}`,
      key: `${this.name}:${n}`,
      at: scope.now,
      data: n,
    }));
  }
  async release(items: Claimed<number>[]): Promise<void> {
    this.queue.unshift(...items.map((i) => i.data));
  }
}

/** A promise and its resolve. */
function signal<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('claimNow', () => {
  it('claims one kind and runs its items at once, without a round', async () => {
    const ran: number[] = [];
    const all = signal();
    const kind = new MemoryKind('quick', 4, async (item) => {
      ran.push(item.data);
      if (ran.length === 3) all.resolve();
    });
    // No poll comes within the test: only claimNow can run the items.
    const s = new Scheduler(deps, { pollMs: 3600_000 });
    s.register(kind);
    s.start();
    try {
      await s.tick();
      const rounds = kind.claims;
      kind.queue.push(1, 2, 3);
      await s.claimNow('quick');
      await all.promise;
      expect(ran.sort()).toEqual([1, 2, 3]);
      expect(kind.claims).toBe(rounds + 1);
    } finally {
      await s.stop();
    }
  });

  it('runs a kind with limits of its own beside a shared pool that is full', async () => {
    const release = signal();
    const started = signal();
    const slow = new MemoryKind('slow', 1, async () => {
      started.resolve();
      await release.promise;
    });
    const ran: number[] = [];
    const both = signal();
    const own = new MemoryKind(
      'own',
      2,
      async (item) => {
        ran.push(item.data);
        if (ran.length === 2) both.resolve();
      },
      { maxQueued: 10, maxRunning: 2 },
    );
    const s = new Scheduler(deps, { pollMs: 3600_000, maxRunning: 1 });
    s.register(slow);
    s.register(own);
    s.start();
    try {
      slow.queue.push(1);
      await s.tick();
      await started.promise;
      // The shared pool (1) is taken by the slow item; the other kind's own pool is not.
      own.queue.push(1, 2);
      await s.claimNow('own');
      await both.promise;
      expect(ran.sort()).toEqual([1, 2]);
    } finally {
      release.resolve();
      await s.stop();
    }
  });
});

describe('the poll', () => {
  it('comes while another kind’s items finish all the time', async () => {
    let stop = false;
    const busy = new MemoryKind(
      'busy',
      1,
      () => new Promise<void>((r) => setTimeout(r, stop ? 0 : 1)),
      { maxQueued: 100_000, maxRunning: 1 },
    );
    for (let i = 0; i < 100_000; i++) busy.queue.push(i);
    const idle = new MemoryKind('idle', 1, async () => undefined);
    const polled = signal();
    const s = new Scheduler(deps, { pollMs: 100 });
    s.register(busy);
    s.register(idle);
    s.start();
    try {
      await s.tick();
      const rounds = idle.claims;
      idle.onClaim = () => {
        if (idle.claims > rounds) polled.resolve();
      };
      // Each busy item finishing used to set the round's timer a whole poll off again.
      await polled.promise;
      expect(idle.claims).toBeGreaterThan(rounds);
    } finally {
      stop = true;
      busy.queue.length = 0;
      await s.stop();
    }
  });
});
