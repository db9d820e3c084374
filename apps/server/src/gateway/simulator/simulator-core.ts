import { randomBytes } from 'node:crypto';
import type { WorkAccountStatus } from '@cst/shared';
import { EventHub } from '../event-hub.ts';
import {
  GatewayError,
  type GatewayDeps,
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
  /** Period of the traffic and expiry loop. */
  tickMs: number;
}

export const DEFAULT_SIM_OPTIONS: SimulatorOptions = {
  qrTtlMs: 120_000,
  loginDelayMs: 400,
  reconnectDelayMs: 3_000,
  friendAcceptDelayMs: 5_000,
  tickMs: 1_000,
};

export const DEFAULT_SIM_CONFIG: SimConfig = {
  trafficPerMinute: 0,
  deliveryDelayMs: 800,
  readDelayMs: 2_500,
  failRate: 0,
  friendAcceptRate: 0.8,
};

/** A connection this process holds. */
export interface HeldAccount {
  wxid: string;
  status: WorkAccountStatus;
  /** Fractional traffic owed (the loop turns whole units into messages). */
  carry: number;
  busy: boolean;
}

type Timer = ReturnType<typeof setTimeout>;

/** State and helpers shared by the simulator's parts. */
export class SimCore {
  readonly repo: SimulatorRepository;
  readonly files: SimFileStore;
  readonly hub: EventHub;
  readonly seed: string;
  readonly held = new Map<string, HeldAccount>();
  /** Open QR logins of this process: loginId → expiresAt. */
  readonly openLogins = new Map<string, number>();
  config: SimConfig;
  private readonly timers = new Map<string, Set<Timer>>();
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly sleepers = new Set<() => void>();
  private closed = false;

  constructor(
    readonly deps: GatewayDeps,
    readonly opts: SimulatorOptions,
    config: SimConfig,
  ) {
    this.repo = new SimulatorRepository(deps.db);
    this.files = new SimFileStore(deps.config.dataDir, this.repo);
    this.hub = new EventHub(deps.log);
    this.seed = deps.config.simSeed;
    this.config = config;
  }

  /** The clock. */
  now(): number {
    return this.deps.now();
  }

  /** A generator for one decision stream of an account. */
  rng(...parts: (string | number)[]): Rng {
    return createRng(this.seed, ...parts);
  }

  /** A new platform message id (19 digits). */
  newMsgId(): string {
    const n = randomBytes(8).readBigUInt64BE() % 9_000_000_000_000_000_000n;
    return (n + 1_000_000_000_000_000_000n).toString();
  }

  /** Emits an event in the order of its key (a work account or `login:<id>`). */
  emit<K extends GatewayEventName>(key: string, event: K, payload: GatewayEvents[K]) {
    return this.hub.emit(key, event, payload);
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
