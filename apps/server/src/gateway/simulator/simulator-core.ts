import { randomFillSync } from 'node:crypto';
import type { PacingPreset, WorkAccountStatus } from '@cst/shared';
import { EventHub } from '@cst/gateway';
import {
  GatewayError,
  type ServerGatewayDeps,
  type GatewayEventName,
  type GatewayEvents,
  type SimConfig,
} from '../types.ts';
import { SimFileStore } from './file-store.ts';
import { createRng, type Rng } from './prng.ts';
import { SimulatorRepository, type SimAccountRow } from './simulator.repository.ts';

/** Timings of the simulated platform that are not on /sim-api/config. */
export interface SimulatorOptions {
  /** How long a QR code is valid. */
  qrTtlMs: number;
  /** Resume: autoLoggingIn → online. */
  loginDelayMs: number;
  /** Network drop: offline → autoLoggingIn → online. */
  reconnectDelayMs: number;
  /** A stranger answers the account's friend request. */
  friendAcceptDelayMs: number;
  /** How long the `rateLimit` fault makes the platform refuse the account's sends. */
  rateLimitMs: number;
  /** Period of the traffic and expiry loop. */
  tickMs: number;
  /**
   * The settings scope of an account (the console: its tenant), or null when it has none yet.
   * Accounts of a scope share that scope's settings (`setConfig(patch, scope)`), over the
   * defaults; without this, every account uses the defaults.
   */
  scopeOf?: (wxid: string) => Promise<string | null>;
  /** Background traffic of one scope's accounts together, per minute (unset: no ceiling). */
  trafficCeilingPerMinute?: number;
  /** Told of each background item as it is made (tests count them). */
  onTrafficItem?: (wxid: string) => void;
  /** How often the scopes' settings are read again (another process may have changed them). */
  configRefreshMs: number;
  /**
   * The first wait before messages the console could not keep are delivered again (doubling on
   * each failure, up to a minute).
   */
  redeliverMs: number;
  /** The human pacing the simulated platform declares (tests model a stricter platform). */
  pacing?: PacingPreset;
}

export const DEFAULT_SIM_OPTIONS: SimulatorOptions = {
  qrTtlMs: 120_000,
  loginDelayMs: 400,
  reconnectDelayMs: 3_000,
  friendAcceptDelayMs: 5_000,
  rateLimitMs: 15 * 60_000,
  tickMs: 1_000,
  configRefreshMs: 5_000,
  redeliverMs: 1_000,
};

export const DEFAULT_SIM_CONFIG: SimConfig = {
  trafficPerMinute: 0,
  deliveryDelayMs: 800,
  readDelayMs: 2_500,
  failRate: 0,
  friendAcceptRate: 0.8,
};

/** A connection this process holds. */
/**
 * How the console's acknowledgements of an account's messages stand: settled in the order the
 * messages went out (`tail`); `stalled` once one was not kept, until a delivery from the cursor
 * got everything kept; `failures` counts the messages not kept.
 */
export interface Acks {
  tail: Promise<void>;
  stalled: boolean;
  failures: number;
  retryMs: number;
}

export interface HeldAccount {
  wxid: string;
  status: WorkAccountStatus;
  /** Fractional traffic owed (the loop turns whole units into messages). */
  carry: number;
  busy: boolean;
  /** Until when the platform refuses its sends as too fast (the `rateLimit` fault). */
  rateLimitedUntil?: number;
  /** Its settings scope once known (undefined: not asked yet, or it had none yet). */
  scope?: string | null;
}

type Timer = ReturnType<typeof setTimeout>;

/** State and helpers shared by the simulator's parts. */
/** Typing times the simulator keeps for `received` (the newest sends'). */
export const TYPED_KEPT = 10_000;

export class SimCore {
  readonly repo: SimulatorRepository;
  readonly files: SimFileStore;
  readonly hub: EventHub;
  readonly seed: string;
  readonly held = new Map<string, HeldAccount>();
  /** The console's acknowledgements per account (simulator-messaging.ts `announce`). */
  readonly acks = new Map<string, Acks>();
  /** Open QR logins of this process: loginId → expiresAt. */
  readonly openLogins = new Map<string, number>();
  /** The settings of accounts without a scope's own (the platform admin's, SIM_TRAFFIC). */
  defaults: SimConfig;
  /** Each scope's own settings (only the fields it set), over the defaults. */
  readonly scoped = new Map<string, Partial<SimConfig>>();
  /** When each scope's recent background items were made (the traffic ceiling's window). */
  readonly trafficTimes = new Map<string, number[]>();
  /**
   * How long each recent automated send showed the account typing, by message id (the newest
   * {@link TYPED_KEPT}): what `received` reports as `typingMs`.
   */
  private readonly typed = new Map<string, number>();
  private readonly timers = new Map<string, Set<Timer>>();
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly sleepers = new Set<() => void>();
  private closed = false;

  constructor(
    readonly deps: ServerGatewayDeps,
    readonly opts: SimulatorOptions,
    config: SimConfig,
  ) {
    this.repo = new SimulatorRepository(deps.db);
    this.files = new SimFileStore(deps.config.dataDir, this.repo);
    this.hub = new EventHub(deps.log);
    this.seed = deps.config.simSeed;
    this.defaults = config;
  }

  /** The settings of a scope (null: the defaults). */
  configOfScope(scope: string | null | undefined): SimConfig {
    const own = scope ? this.scoped.get(scope) : undefined;
    return own ? { ...this.defaults, ...own } : this.defaults;
  }

  /** The settings an account runs with: its scope's, once known (see `scopeFor`). */
  configOf(wxid: string): SimConfig {
    return this.configOfScope(this.held.get(wxid)?.scope);
  }

  /**
   * Learns the settings scope of a held account (once; asked again while it has none yet, e.g.
   * just after its first login, before the console recorded it).
   */
  async scopeFor(wxid: string): Promise<string | null> {
    const h = this.held.get(wxid);
    if (!h) return null;
    if (h.scope !== undefined) return h.scope;
    if (!this.opts.scopeOf) return (h.scope = null);
    const scope = await this.opts.scopeOf(wxid);
    if (scope !== null && this.held.get(wxid) === h) h.scope = scope;
    return scope;
  }

  /**
   * Takes one item of a scope's background traffic if the ceiling allows it (no more than the
   * ceiling in any minute); false when the scope is at its ceiling.
   */
  takeTraffic(scope: string | null | undefined): boolean {
    const ceiling = this.opts.trafficCeilingPerMinute;
    if (ceiling === undefined || !scope) return true;
    const now = this.now();
    const times = (this.trafficTimes.get(scope) ?? []).filter((t) => t > now - 60_000);
    if (times.length >= ceiling) {
      this.trafficTimes.set(scope, times);
      return false;
    }
    times.push(now);
    this.trafficTimes.set(scope, times);
    return true;
  }

  /** Records that the person saw the account typing `ms` before the message `msgId`. */
  recordTyping(msgId: string, ms: number): void {
    this.typed.set(msgId, ms);
    if (this.typed.size > TYPED_KEPT) this.typed.delete(this.typed.keys().next().value!);
  }

  /** How long the person saw the account typing before the message, if it did. */
  typingOf(msgId: string): number | undefined {
    return this.typed.get(msgId);
  }

  /** The clock. */
  now(): number {
    return this.deps.now();
  }

  /** A generator for one decision stream of an account. */
  rng(...parts: (string | number)[]): Rng {
    return createRng(this.seed, ...parts);
  }

  /** Random bytes for message ids, refilled when used up. */
  private readonly idBytes = Buffer.alloc(4096);
  private idBytesAt = Infinity;

  /** A new platform message id (19 digits). */
  newMsgId(): string {
    // Random bytes taken from a pool (a call for 8 bytes each time cost more than the rest).
    if (this.idBytesAt >= this.idBytes.length) {
      randomFillSync(this.idBytes);
      this.idBytesAt = 0;
    }
    const n = this.idBytes.readBigUInt64BE(this.idBytesAt) % 9_000_000_000_000_000_000n;
    this.idBytesAt += 8;
    return (n + 1_000_000_000_000_000_000n).toString();
  }

  /** Emits an event in the order of its key (a work account or `login:<id>`). */
  emit<K extends GatewayEventName>(key: string, event: K, payload: GatewayEvents[K]) {
    return this.hub.emit(key, event, payload);
  }

  /** Emits an event like {@link emit}; resolves to whether the console kept it. */
  emitKept<K extends GatewayEventName>(key: string, event: K, payload: GatewayEvents[K]) {
    return this.hub.emitKept(key, event, payload);
  }

  /** Runs `fn` after `ms` (unref'd, cancelled on release/close); errors are logged. */
  later(key: string, ms: number, fn: () => Promise<void> | void): void {
    if (this.closed) return;
    let set = this.timers.get(key);
    if (!set) {
      set = new Set();
      this.timers.set(key, set);
    }
    const own = set;
    const t = setTimeout(
      () => {
        own.delete(t);
        if (own.size === 0 && this.timers.get(key) === own) this.timers.delete(key);
        if (this.closed) return;
        this.track(Promise.resolve().then(fn));
      },
      Math.max(0, ms),
    );
    t.unref();
    own.add(t);
  }

  /** Waits `ms` (unref'd); resolves early when the simulator closes. */
  sleep(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.sleepers.delete(done);
        resolve();
      };
      const t = setTimeout(done, Math.max(0, ms));
      t.unref();
      this.sleepers.add(done);
    });
  }

  /** Cancels the pending work of a key. */
  cancel(key: string): void {
    const set = this.timers.get(key);
    if (!set) return;
    for (const t of set) clearTimeout(t);
    this.timers.delete(key);
  }

  /** Keeps a background task until it settles (close waits for it); errors are logged. */
  track(p: Promise<unknown>): void {
    const t = p.catch((err: unknown) => {
      if (!this.closed) this.deps.log?.error({ err }, 'simulator task failed');
    });
    this.inflight.add(t);
    void t.finally(() => this.inflight.delete(t));
  }

  /**
   * Runs a command from outside (the simulator page, a test) so that closing waits for it: what it
   * stored is announced before the simulator's listeners go away. Errors reach the caller.
   */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const p = fn();
    // Kept until it settles; its error goes to the caller, not the log.
    this.track(
      p.then(
        () => undefined,
        () => undefined,
      ),
    );
    return p;
  }

  /** Stops every timer and waits for running tasks and queued events. */
  async stop(): Promise<void> {
    this.closed = true;
    for (const key of [...this.timers.keys()]) this.cancel(key);
    for (const wake of [...this.sleepers]) wake();
    while (this.inflight.size > 0) await Promise.all([...this.inflight]);
    await this.hub.idle();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The account row; notFound when the platform has no such account. */
  async account(wxid: string): Promise<SimAccountRow> {
    const a = await this.repo.getAccount(wxid);
    if (!a) throw new GatewayError('notFound', `unknown account ${wxid}`);
    return a;
  }

  /**
   * The account row and the next value of its counter (one statement); notFound when the
   * platform has no such account.
   */
  async accountWithSeq(wxid: string): Promise<{ account: SimAccountRow; seq: number }> {
    const { account, seq } = await this.repo.accountWithSeq(wxid);
    if (!account) throw new GatewayError('notFound', `unknown account ${wxid}`);
    return { account, seq };
  }

  /** The held connection of an account. */
  requireHeld(wxid: string): HeldAccount {
    const h = this.held.get(wxid);
    if (!h) throw new GatewayError('notHeld', `account ${wxid} is not held by this process`);
    return h;
  }

  /** The held connection of an online account. */
  requireOnline(wxid: string): HeldAccount {
    const h = this.requireHeld(wxid);
    if (h.status !== 'online')
      throw new GatewayError('notOnline', `account ${wxid} is ${h.status}`);
    return h;
  }

  /** Records and announces an account's status. */
  async setStatus(wxid: string, status: WorkAccountStatus, reason = ''): Promise<void> {
    const h = this.held.get(wxid);
    if (h) h.status = status;
    await this.repo.updateAccount(wxid, { status });
    void this.emit(wxid, 'statusChanged', { workWxid: wxid, status, reason, at: this.now() });
  }
}
