import { and, eq, sql } from 'drizzle-orm';
import { schedulerLanes } from '../db/schema/index.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { rowsOf } from '../platform/db.ts';

/** How a lane is paced: the gap between two effects, its random spread, and a daily cap. */
export interface LanePace {
  /** Milliseconds between two effects of the lane. */
  intervalMs: number;
  /** Each gap is `intervalMs` plus a uniform spread in [-jitterMs, +jitterMs] (never below 0). */
  jitterMs: number;
  /** Most effects the lane claims a day (null: no cap). */
  dailyCap: number | null;
}

/** What a claim asks of a lane. */
export interface LaneAsk {
  key: string;
  tenantId: string | null;
  now: number;
  /** The day `now` falls on, as the scheduler counts days. */
  day: string;
  pace: LanePace;
  /** Most slots wanted. */
  want: number;
  /**
   * Optional, one step per wanted slot (then `want` is its length): the gap after the slot (the
   * interval, spread by the jitter only when `jitter`), and what the slot costs against the daily
   * cap (0 for the later messages to one target: the cap counts targets). Without it every gap
   * is the pace's interval with jitter, and every slot costs 1.
   */
  steps?: LaneStep[];
  /** A number in [0, 1) (the scheduler's random source; tests fix it). */
  random: () => number;
}

/** One slot of a stepped ask: the gap after it and its cost against the daily cap. */
export interface LaneStep {
  gapMs: number;
  jitter: boolean;
  cost: number;
}

/** Slots granted to a claim: times at which its effects are due, oldest first. */
export interface LaneReservation {
  key: string;
  /** Due times of the granted slots (at most `want`; fewer under the daily cap). */
  slots: number[];
  /**
   * Records that the first `used` slots were taken (the rest are given back): the day count grows
   * by `used` and the lane's next slot is one gap after the last used one. Runs in the claim's
   * transaction; `used = 0` writes nothing.
   */
  commit(used: number): Promise<void>;
}

interface LaneRow {
  day: string;
  used: number;
  next_at: string | number;
}

/** One gap: the interval with its random spread, never negative. */
export function gapOf(pace: LanePace, random: () => number): number {
  const spread = pace.jitterMs > 0 ? Math.round((random() * 2 - 1) * pace.jitterMs) : 0;
  return Math.max(0, pace.intervalMs + spread);
}

/**
 * Locks a lane for the claim transaction and grants it slots: none when another instance holds
 * the lane right now (`SKIP LOCKED`: that instance is pacing it), when its next slot is not due,
 * or when the day's cap is used up. Because the lane row stays locked until the claim commits, the
 * count and the pace of one lane are decided by one claim at a time, on every instance.
 */
export async function reserveLane(tx: Tx, ask: LaneAsk): Promise<LaneReservation | null> {
  await tx.execute(sql`
    insert into scheduler_lanes (key, tenant_id, day, used, next_at)
    values (${ask.key}, ${ask.tenantId}, ${ask.day}, 0, 0)
    on conflict (key) do nothing`);
  const [row] = rowsOf<LaneRow>(
    await tx.execute(sql`
      select day, used, next_at from scheduler_lanes where key = ${ask.key}
      for update skip locked`),
  );
  if (!row) return null;
  const nextAt = Number(row.next_at);
  if (nextAt > ask.now) return null;
  const usedToday = row.day === ask.day ? row.used : 0;
  const want = ask.steps ? ask.steps.length : ask.want;
  const left = ask.pace.dailyCap === null ? Infinity : ask.pace.dailyCap - usedToday;
  const slots: number[] = [];
  const gaps: number[] = [];
  const costs: number[] = [];
  let spent = 0;
  let at = Math.max(ask.now, nextAt);
  for (let i = 0; i < want; i++) {
    const step = ask.steps?.[i];
    const cost = step ? step.cost : 1;
    if (spent + cost > left) break;
    spent += cost;
    slots.push(at);
    const gap = step
      ? gapOf(
          { intervalMs: step.gapMs, jitterMs: step.jitter ? ask.pace.jitterMs : 0, dailyCap: null },
          ask.random,
        )
      : gapOf(ask.pace, ask.random);
    gaps.push(gap);
    costs.push(cost);
    at += gap;
  }
  if (slots.length === 0) return null;
  return {
    key: ask.key,
    slots,
    commit: async (used: number) => {
      if (used <= 0) return;
      const n = Math.min(used, slots.length);
      const next = slots[n - 1]! + gaps[n - 1]!;
      const cost = costs.slice(0, n).reduce((a, b) => a + b, 0);
      await tx.execute(sql`
        update scheduler_lanes
        set day = ${ask.day}, used = ${usedToday + cost}, next_at = ${next}
        where key = ${ask.key}`);
    },
  };
}

/**
 * Locks a lane's row for the claim transaction (creating it), before the claim looks at its work:
 * false when another instance holds the lane right now. A later {@link reserveLane} of the same
 * transaction finds the row locked by itself.
 */
export async function lockLane(
  tx: Tx,
  ask: { key: string; tenantId: string | null; day: string },
): Promise<boolean> {
  await tx.execute(sql`
    insert into scheduler_lanes (key, tenant_id, day, used, next_at)
    values (${ask.key}, ${ask.tenantId}, ${ask.day}, 0, 0)
    on conflict (key) do nothing`);
  const rows = rowsOf<{ key: string }>(
    await tx.execute(sql`
      select key from scheduler_lanes where key = ${ask.key} for update skip locked`),
  );
  return rows.length > 0;
}

/**
 * Gives slots back to a lane (claimed effects that were not made: the task paused, the account
 * went offline): the day's count shrinks by `n` if it is still `day`. The pace is kept (the
 * lane's next slot stays where the claim put it). The row lock makes it safe beside another
 * instance's claim.
 */
export async function refundLane(db: DbOrTx, key: string, day: string, n: number): Promise<void> {
  if (n <= 0) return;
  await db.execute(sql`
    update scheduler_lanes
    set used = greatest(used - ${n}, 0)
    where key = ${key} and day = ${day}`);
}

/** The lanes' counts of a day (tests and the statistics issue). */
export async function laneUsage(db: DbOrTx, keys: string[], day: string) {
  if (keys.length === 0) return new Map<string, number>();
  const rows = rowsOf<{ key: string; used: number }>(
    await db.execute(sql`
      select key, used from scheduler_lanes
      where key in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}) and day = ${day}`),
  );
  return new Map(rows.map((r) => [r.key, Number(r.used)]));
}

/** One lane's count of a day; 0 when it has no row. */
export async function laneUsed(db: DbOrTx, key: string, day: string): Promise<number> {
  const [row] = await db
    .select({ used: schedulerLanes.used })
    .from(schedulerLanes)
    .where(and(eq(schedulerLanes.key, key), eq(schedulerLanes.day, day)));
  return row?.used ?? 0;
}
