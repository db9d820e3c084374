import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../platform/deps.ts';
import type { Tx } from '../platform/db.ts';
import { reserveLane, type LaneAsk, type LaneReservation } from './lanes.repository.ts';

/** The bus channel that wakes every scheduler instance (payload: the job kind's name). */
export const SCHEDULER_WAKE_CHANNEL = 'scheduler_wake';

/** Tunables of a scheduler instance; tests shorten or fix them. */
export interface SchedulerOptions {
  /** How often an idle scheduler looks for work (a wake on the bus comes sooner). */
  pollMs: number;
  /** How long past its due time a claimed item stays leased to this instance. */
  leaseMs: number;
  /** Most claimed items held in memory (waiting for their time or running). */
  maxQueued: number;
  /** Most lanes running an item at once. */
  maxRunning: number;
  /** A number in [0, 1): the source of the jitter. */
  random: () => number;
  /** The day an instant counts toward for daily caps (default: the server's local date). */
  dayOf: (ms: number) => string;
}

const DEFAULTS: SchedulerOptions = {
  pollMs: 1000,
  leaseMs: 60_000,
  maxQueued: 500,
  maxRunning: 16,
  random: Math.random,
  dayOf: localDay,
};

/** YYYY-MM-DD of an instant in the process's time zone. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** An item a job kind claimed: its lane, its idempotency key, when it is due, and its data. */
export interface Claimed<T> {
  /** Items of one lane run one at a time, in due order. */
  lane: string;
  /** The idempotency key its effect carries to the platform. */
  key: string;
  /** Epoch ms (the server clock) at which it is due. */
  at: number;
  data: T;
}

/** What a job kind's claim gets: the transaction that marks its rows, and the pacing tools. */
export interface ClaimScope {
  tx: Tx;
  now: number;
  day: string;
  /** This instance: the lease owner written on claimed rows. */
  owner: string;
  /** Most items this claim may return. */
  budget: number;
  /** When the lease of an item due at `at` lapses. */
  leaseUntil(at: number): number;
  /** Locks a lane and grants slots ({@link reserveLane}), in this transaction. */
  reserve(ask: Omit<LaneAsk, 'now' | 'day' | 'random'>): Promise<LaneReservation | null>;
}

/** What a job kind's run, release and upkeep get. */
export interface JobContext {
  deps: Deps;
  owner: string;
  options: SchedulerOptions;
}

/**
 * A kind of background work: it claims its due rows (marking them in the claim's transaction,
 * with a lease), runs one item at its time, and gives back items this instance will not run.
 */
export interface JobKind<T> {
  name: string;
  /** Claims due items and marks them leased to `scope.owner`, all in `scope.tx`. */
  claim(scope: ClaimScope): Promise<Claimed<T>[]>;
  /** Makes one item's effect (idempotent by `item.key`) and records its outcome. */
  run(item: Claimed<T>, ctx: JobContext): Promise<void>;
  /** Hands items back (shutdown): other instances, or this one later, claim them again. */
  release(items: Claimed<T>[], ctx: JobContext): Promise<void>;
  /** Upkeep before each claim: start due tasks, complete finished ones, close abandoned ones. */
  maintain?(ctx: JobContext): Promise<void>;
  /**
   * Limits of its own: the kind holds at most `maxQueued` claimed items and runs at most
   * `maxRunning` lanes at once, beside the scheduler's shared limits rather than within them — for
   * a kind of much short work (webhook deliveries) that is also claimed outside the rounds
   * ({@link Scheduler.claimNow}), so neither it nor the other kinds hold the other back.
   */
  limits?: { maxQueued: number; maxRunning: number };
}

/**
 * The one scheduler of a server instance (DESIGN.md §9, docs/scheduler.md). Job kinds register
 * with it; it runs only where `SERVICES` includes `scheduler`. Each round it lets every kind claim
 * due items (`FOR UPDATE SKIP LOCKED`, lanes paced and capped in the same transaction), keeps them
 * in memory by lane, and runs each at its time, one at a time per lane. It wakes on the bus when
 * work is added and polls otherwise; `stop` finishes running items and hands the rest back.
 */
export class Scheduler {
  readonly owner = `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  readonly options: SchedulerOptions;
  /** Items this instance claimed and ran since it started (operations and tests). */
  readonly stats = { claimed: 0, ran: 0 };
  /** The same counts per job kind, by the kind's name. */
  readonly statsByKind = new Map<string, { claimed: number; ran: number }>();
  private readonly kinds = new Map<string, JobKind<unknown>>();
  private readonly lanes = new Map<string, { kind: JobKind<unknown>; items: Claimed<unknown>[] }>();
  private readonly running = new Map<string, Promise<void>>();
  /** Lanes running now, per kind with limits of its own, and of the others together. */
  private readonly runningOf = new Map<JobKind<unknown> | null, number>();
  /** Each kind's claim in progress, and the one more asked for while it runs. */
  private readonly claiming = new Map<JobKind<unknown>, Promise<void>>();
  private readonly claimNext = new Map<JobKind<unknown>, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  /** When the round timer fires (performance.now()). */
  private timerAt = 0;
  private ticking: Promise<void> | null = null;
  private again = false;
  private started = false;
  private stopping = false;
  private offBus: (() => void) | null = null;

  constructor(
    private readonly deps: Deps,
    options: Partial<SchedulerOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  private get ctx(): JobContext {
    return { deps: this.deps, owner: this.owner, options: this.options };
  }

  /**
   * Adds a job kind (before or after start). A kind of the same name replaces the one before it
   * (an app built twice on one set of deps, as tests do, registers its kinds twice).
   */
  register<T>(kind: JobKind<T>): void {
    this.kinds.set(kind.name, kind as JobKind<unknown>);
  }

  /** Whether this instance runs work (started and not stopping). */
  get active(): boolean {
    return this.started && !this.stopping;
  }

  /** Items held in memory (claimed, waiting or running). */
  get held(): number {
    let n = 0;
    for (const l of this.lanes.values()) n += l.items.length;
    return n;
  }

  /** The pool a kind counts against: its own (with limits), or the shared one (null). */
  private poolOf(kind: JobKind<unknown>): JobKind<unknown> | null {
    return kind.limits ? kind : null;
  }

  /** Items held of one pool. */
  private heldIn(pool: JobKind<unknown> | null): number {
    let n = 0;
    for (const l of this.lanes.values()) if (this.poolOf(l.kind) === pool) n += l.items.length;
    return n;
  }

  /**
   * Per job kind: the items held here (claimed, waiting or running) and the due time of the
   * earliest one (metrics: backlog and lag).
   */
  waiting(): Map<string, { held: number; earliestAt: number | null }> {
    const out = new Map<string, { held: number; earliestAt: number | null }>();
    for (const name of this.kinds.keys()) out.set(name, { held: 0, earliestAt: null });
    for (const l of this.lanes.values()) {
      const w = out.get(l.kind.name) ?? { held: 0, earliestAt: null };
      w.held += l.items.length;
      for (const item of l.items) {
        if (w.earliestAt === null || item.at < w.earliestAt) w.earliestAt = item.at;
      }
      out.set(l.kind.name, w);
    }
    return out;
  }

  /** Starts the rounds; listens for wakes on the bus. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.offBus = this.deps.bus.subscribe(SCHEDULER_WAKE_CHANNEL, () => this.poke());
    this.poke();
  }

  /** Tells every scheduler instance that work was added or changed (after the commit). */
  static async wake(deps: Deps, kind: string): Promise<void> {
    await deps.bus.publish(SCHEDULER_WAKE_CHANNEL, kind);
  }

  /** Runs a round soon (debounced). */
  poke(): void {
    if (!this.active) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /**
   * Runs a round in `ms`, or sooner if one is already set for sooner: a timer is never put off,
   * so items finishing all the time (a busy kind) cannot keep the poll of the others from coming.
   */
  private schedule(ms: number): void {
    if (!this.active) return;
    const at = performance.now() + ms;
    if (this.timer) {
      if (this.timerAt <= at) return;
      clearTimeout(this.timer);
    }
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick().catch((err: unknown) => this.deps.log.error({ err }, 'scheduler round'));
    }, ms);
    this.timer.unref();
  }

  /**
   * One round: upkeep and claims of every kind, then the items now due are started. Resolves
   * when the claims are stored (not when the items have run: see {@link drain}).
   */
  tick(): Promise<void> {
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    this.ticking = (async () => {
      try {
        do {
          this.again = false;
          if (!this.active) return;
          for (const kind of this.kinds.values()) {
            await kind.maintain?.(this.ctx);
            // A kind claiming on its own wake right now: that claim is this round's (its error
            // is its caller's to log).
            const current = this.claiming.get(kind);
            if (current) await current.catch(() => undefined);
            else await this.claim(kind);
          }
        } while (this.again && this.active);
        this.pump();
      } finally {
        this.ticking = null;
        this.schedule(this.nextDelay());
      }
    })();
    return this.ticking;
  }

  /**
   * Claims for one kind now, outside the rounds, and starts what is due. For a kind whose work is
   * added often and wants running at once (webhook deliveries, woken by the commit of their
   * events) without waiting for a round of every kind. One claim of a kind runs at a time: a call
   * while one runs makes one more claim after it, which the returned promise includes.
   */
  async claimNow(name: string): Promise<void> {
    const kind = this.kinds.get(name);
    if (!kind || !this.active) return;
    await this.claim(kind);
    this.pump();
    this.schedule(this.nextDelay());
  }

  /**
   * A kind's claim, one at a time per kind: calls made while one runs share one more claim after
   * it (so each sees what was committed before it was asked for).
   */
  private claim(kind: JobKind<unknown>): Promise<void> {
    const current = this.claiming.get(kind);
    if (current) {
      let next = this.claimNext.get(kind);
      if (!next) {
        next = current
          .catch(() => undefined)
          .then(() => {
            this.claimNext.delete(kind);
            return this.active ? this.claim(kind) : undefined;
          });
        this.claimNext.set(kind, next);
      }
      return next;
    }
    const run = this.claimOnce(kind).finally(() => this.claiming.delete(kind));
    this.claiming.set(kind, run);
    return run;
  }

  private async claimOnce(kind: JobKind<unknown>): Promise<void> {
    if (!this.active) return;
    const pool = this.poolOf(kind);
    const budget = (kind.limits?.maxQueued ?? this.options.maxQueued) - this.heldIn(pool);
    if (budget <= 0) return;
    const now = this.deps.now();
    const day = this.options.dayOf(now);
    const items = await this.deps.db.transaction((tx) =>
      kind.claim({
        tx,
        now,
        day,
        owner: this.owner,
        budget,
        leaseUntil: (at) => at + this.options.leaseMs,
        reserve: (ask) => reserveLane(tx, { ...ask, now, day, random: this.options.random }),
      }),
    );
    this.stats.claimed += items.length;
    this.countsOf(kind.name).claimed += items.length;
    const touched = new Set<Claimed<unknown>[]>();
    for (const item of items) {
      let lane = this.lanes.get(item.lane);
      if (!lane) this.lanes.set(item.lane, (lane = { kind, items: [] }));
      lane.items.push(item);
      touched.add(lane.items);
    }
    for (const list of touched) list.sort((a, b) => a.at - b.at);
  }

  private countsOf(kind: string): { claimed: number; ran: number } {
    let c = this.statsByKind.get(kind);
    if (!c) this.statsByKind.set(kind, (c = { claimed: 0, ran: 0 }));
    return c;
  }

  /** Starts the first item of each idle lane whose time has come, within its pool's limit. */
  private pump(): void {
    if (!this.active) return;
    const now = this.deps.now();
    for (const [name, lane] of this.lanes) {
      if (this.running.has(name)) continue;
      const pool = this.poolOf(lane.kind);
      const busy = this.runningOf.get(pool) ?? 0;
      if (busy >= (lane.kind.limits?.maxRunning ?? this.options.maxRunning)) continue;
      const item = lane.items[0];
      if (!item || item.at > now) continue;
      this.runningOf.set(pool, busy + 1);
      const run = (async () => {
        try {
          this.stats.ran += 1;
          this.countsOf(lane.kind.name).ran += 1;
          await lane.kind.run(item, this.ctx);
        } catch (err) {
          this.deps.log.error({ err, kind: lane.kind.name, key: item.key }, 'scheduled item');
        } finally {
          const at = lane.items.indexOf(item);
          if (at >= 0) lane.items.splice(at, 1);
          if (lane.items.length === 0) this.lanes.delete(name);
          this.running.delete(name);
          this.runningOf.set(pool, (this.runningOf.get(pool) ?? 1) - 1);
          this.pump();
          this.schedule(this.nextDelay());
        }
      })();
      this.running.set(name, run);
    }
  }

  /** Until the next item is due, at most one poll. */
  private nextDelay(): number {
    const now = this.deps.now();
    let next = this.options.pollMs;
    for (const [name, lane] of this.lanes) {
      if (this.running.has(name)) continue;
      const first = lane.items[0];
      if (first) next = Math.min(next, Math.max(0, first.at - now));
    }
    return next;
  }

  /**
   * Runs rounds until nothing due now is held or running (tests with a moved clock: each call
   * makes what the clock allows happen, without waiting real time).
   */
  async drain(maxRounds = 10_000): Promise<void> {
    for (let i = 0; i < maxRounds && this.active; i++) {
      await this.tick();
      this.pump();
      if (this.running.size > 0) {
        await Promise.all([...this.running.values()]);
        continue;
      }
      const now = this.deps.now();
      const due = [...this.lanes.values()].some((l) => (l.items[0]?.at ?? Infinity) <= now);
      if (!due) {
        // One more round: a claim may have become possible once the last item ran.
        const before = this.held;
        await this.tick();
        this.pump();
        if (this.running.size === 0 && this.held === before) return;
      }
    }
  }

  /**
   * Stops: no more rounds, running items finish, items not started are handed back to their
   * kinds (their rows become claimable at once by any instance).
   */
  async stop(): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    this.offBus?.();
    if (this.timer) clearTimeout(this.timer);
    await this.ticking?.catch(() => undefined);
    const claims = [...this.claiming.values(), ...this.claimNext.values()];
    await Promise.all(claims.map((c) => c.catch(() => undefined)));
    await Promise.all([...this.running.values()]);
    for (const lane of this.lanes.values()) {
      if (lane.items.length === 0) continue;
      await lane.kind
        .release(lane.items, this.ctx)
        .catch((err: unknown) => this.deps.log.error({ err }, 'scheduler release'));
    }
    this.lanes.clear();
  }
}

declare module '../platform/deps.ts' {
  interface Services {
    /** The scheduler of a server instance (running when SERVICES includes scheduler). */
    scheduler: Scheduler;
  }
}
