import { describe, expect, it } from 'vitest';
import { useTestDatabase, DB_KIND } from '../../test/support.ts';
import { gapOf, laneUsage, refundLane, reserveLane, type LanePace } from './lanes.repository.ts';

// The lanes of the scheduler: slots spaced by the pace, the daily cap, refunds, and (PostgreSQL)
// many claims at once never passing the cap.

const database = useTestDatabase();

const pace = (over: Partial<LanePace> = {}): LanePace => ({
  intervalMs: 60_000,
  jitterMs: 5_000,
  dailyCap: 3,
  ...over,
});
const T = Date.UTC(2026, 0, 5, 10);
let n = 0;
const lane = () => `test:${++n}`;

function reserve(key: string, now: number, want: number, p = pace(), random = () => 0.5) {
  return database.db.transaction(async (tx) => {
    const r = await reserveLane(tx, {
      key,
      tenantId: null,
      now,
      day: new Date(now).toISOString().slice(0, 10),
      pace: p,
      want,
      random,
    });
    if (r) await r.commit(r.slots.length);
    return r?.slots ?? null;
  });
}

describe('reserveLane', () => {
  it('grants slots one gap apart and none before the next is due', async () => {
    const key = lane();
    expect(await reserve(key, T, 2)).toEqual([T, T + 60_000]);
    expect(await reserve(key, T + 119_999, 1)).toBeNull();
    expect(await reserve(key, T + 120_000, 1)).toEqual([T + 120_000]);
  });

  it('takes steps: a gap and a cost per slot (the cap counts only costly slots)', async () => {
    const key = lane();
    const step = (gapMs: number, jitter: boolean, cost: number) => ({ gapMs, jitter, cost });
    const slots = await database.db.transaction(async (tx) => {
      const r = await reserveLane(tx, {
        key,
        tenantId: null,
        now: T,
        day: '2026-01-05',
        pace: pace({ dailyCap: 2 }),
        want: 0,
        // Two targets of two messages each, then a third target: the cap of 2 stops before it.
        steps: [
          step(10_000, false, 1),
          step(60_000, true, 0),
          step(10_000, false, 1),
          step(60_000, true, 0),
          step(10_000, false, 1),
        ],
        random: () => 1,
      });
      await r!.commit(r!.slots.length);
      return r!.slots;
    });
    expect(slots).toEqual([T, T + 10_000, T + 75_000, T + 85_000]);
    expect((await laneUsage(database.db, [key], '2026-01-05')).get(key)).toBe(2);
    expect(await reserve(key, T + 150_000, 1, pace({ dailyCap: 2 }))).toBeNull();
  });

  it('spreads each gap by the jitter, never below zero', () => {
    expect(gapOf(pace(), () => 0)).toBe(55_000);
    expect(gapOf(pace(), () => 0.999999)).toBe(65_000);
    expect(gapOf(pace({ intervalMs: 1000, jitterMs: 5000 }), () => 0)).toBe(0);
  });

  it('stops at the daily cap and opens again the next day; a refund gives slots back', async () => {
    const key = lane();
    const p = pace({ intervalMs: 0, jitterMs: 0 });
    expect(await reserve(key, T, 5, p)).toHaveLength(3);
    expect(await reserve(key, T + 1, 5, p)).toBeNull();
    await refundLane(database.db, key, '2026-01-05', 2);
    expect(await reserve(key, T + 2, 5, p)).toHaveLength(2);
    expect((await laneUsage(database.db, [key], '2026-01-05')).get(key)).toBe(3);
    expect(await reserve(key, T + 86_400_000, 5, p)).toHaveLength(3);
  });

  it('writes nothing for slots a claim did not use', async () => {
    const key = lane();
    await database.db.transaction(async (tx) => {
      const r = await reserveLane(tx, {
        key,
        tenantId: null,
        now: T,
        day: '2026-01-05',
        pace: pace(),
        want: 3,
        random: () => 0.5,
      });
      await r!.commit(1);
    });
    expect((await laneUsage(database.db, [key], '2026-01-05')).get(key)).toBe(1);
    expect(await reserve(key, T + 60_000, 1)).toEqual([T + 60_000]);
  });

  it.runIf(DB_KIND === 'postgres')(
    'never passes the cap however many claims run at once, and skips a lane another holds',
    async () => {
      const key = lane();
      const p = pace({ intervalMs: 0, jitterMs: 0, dailyCap: 7 });
      const got = await Promise.all(
        Array.from({ length: 40 }, (_, i) => reserve(key, T + i, 1, p).then((s) => s?.length ?? 0)),
      );
      const total = got.reduce((a, b) => a + b, 0);
      expect(total).toBeLessThanOrEqual(7);
      expect((await laneUsage(database.db, [key], '2026-01-05')).get(key)).toBe(total);
      // One transaction holds the lane: another one at the same moment is skipped, not queued.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const other = lane();
      // The lane row exists first (an insert of it would wait for the holder instead).
      await reserve(other, T - 86_400_000, 1, p);
      const first = database.db.transaction(async (tx) => {
        await reserveLane(tx, {
          key: other,
          tenantId: null,
          now: T,
          day: '2026-01-05',
          pace: p,
          want: 1,
          random: () => 0.5,
        });
        await held;
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(await reserve(other, T, 1, p)).toBeNull();
      release();
      await first;
    },
  );
});
