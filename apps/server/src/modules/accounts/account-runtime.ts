import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { PacingPreset } from '@cst/shared';
import { withCleanAddresses } from '../../gateway/outsider-addresses.ts';
import {
  createGateway,
  handToEach,
  type ChatGateway,
  type GatewayDeps,
  type GatewayEvents,
  type SimulatorOptions,
  type Taken,
} from '../../gateway/index.ts';
import type { Uses } from '../../platform/deps.ts';
import { FreshCache } from '../../platform/fresh-cache.ts';
import { AccountEventsService } from './account-events.service.ts';
import { LeaseManager, type LeaseOptions } from './account-lease.ts';
import type { AccountEventHandler, AccountEventName, AccountRef } from './account-ref.ts';
import * as repo from './account.repository.ts';

export type { AccountEventHandler, AccountEventName, AccountRef } from './account-ref.ts';

const ACCOUNT_EVENTS: AccountEventName[] = [
  'statusChanged',
  'riskSignal',
  'message',
  'sendReceipt',
  'revoked',
  'messageEdited',
  'readSync',
  'friendRequest',
  'friendRequestAnswered',
  'contactsChanged',
  'personMerged',
  'groupChanged',
  'groupNotice',
  'moment',
];

/** Options of the runtime; tests shorten the lease and the simulator's delays. */
export interface AccountRuntimeOptions {
  lease: Partial<LeaseOptions>;
  simulator: Partial<SimulatorOptions>;
  /** Loads a file the console sends (its fileUrl), for adapters that upload bytes. */
  loadMedia?: GatewayDeps['loadMedia'];
  /** Use this gateway instead of creating one. */
  gateway?: ChatGateway;
}

const CACHE_MS = 10_000;

/**
 * What runs after a login before the account shows online: the contacts module's full read of
 * the account's friends and groups (registered with {@link AccountRuntime.registerLoginSync}).
 */
export type LoginSync = (account: AccountRef) => Promise<void>;

/**
 * The connection side of work accounts in one server instance: the chat gateway, the mapping of
 * its events to rows and pushes, the leases, and the registration point through which other
 * features receive gateway events (`deps.runtime.on('message', handler)`).
 */
export class AccountRuntime {
  readonly instanceId = `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  readonly leases: LeaseManager;
  readonly events: AccountEventsService;
  private gw: ChatGateway | null = null;
  private loginSync: LoginSync | null = null;
  private starting: Promise<void> | null = null;
  private readonly handlers = new Map<AccountEventName, Set<AccountEventHandler<never>>>();
  private readonly cache = new FreshCache<AccountRef>(CACHE_MS);
  private unsubscribe: (() => void)[] = [];

  constructor(
    private readonly deps: Uses<'realtime' | 'riskHandlers'>,
    private readonly options: Partial<AccountRuntimeOptions> = {},
  ) {
    this.leases = new LeaseManager(deps, this, options.lease);
    this.events = new AccountEventsService(deps, this);
  }

  /** The chat gateway; available once the server is ready. */
  get gateway(): ChatGateway {
    if (!this.gw) throw new Error('the chat gateway is not started');
    return this.gw;
  }

  /** Whether the gateway is up. */
  get started(): boolean {
    return this.gw !== null;
  }

  /** Registers a feature's handler of a gateway event about an account. */
  on<K extends AccountEventName>(event: K, handler: AccountEventHandler<K>): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    const h = handler as AccountEventHandler<never>;
    set.add(h);
    return () => set.delete(h);
  }

  /** Sets what runs after a login before the account shows online (one, the contacts sync). */
  registerLoginSync(sync: LoginSync): void {
    this.loginSync = sync;
  }

  /** Runs the login sync of an account (nothing when none is registered). */
  async syncAfterLogin(account: AccountRef): Promise<void> {
    await this.loginSync?.(account);
  }

  /** Creates the gateway, subscribes to its events and starts the leases. */
  start(): Promise<void> {
    this.starting ??= (async () => {
      const given = this.options.gateway;
      const gw = given
        ? withCleanAddresses(given)
        : await createGateway(
            {
              db: this.deps.db,
              config: this.deps.config,
              log: this.deps.log,
              now: this.deps.now,
              loadMedia: this.options.loadMedia,
            },
            {
              simulator: {
                // The simulator's settings are per tenant: an account's scope is its tenant.
                scopeOf: async (wxid) =>
                  (await repo.findByWxid(this.deps.db, wxid))?.tenantId ?? null,
                trafficCeilingPerMinute: this.deps.config.simTrafficTenantMax,
                ...this.options.simulator,
              },
            },
          );
      this.gw = gw;
      this.unsubscribe.push(...this.events.subscribeLogin(gw));
      for (const name of ACCOUNT_EVENTS) {
        this.unsubscribe.push(
          gw.on(name, (ev: GatewayEvents[typeof name]) => this.dispatch(name, ev)),
        );
      }
      if (this.deps.config.services.has('gateway')) await this.leases.start();
    })();
    return this.starting;
  }

  /** Stops the leases (letting other instances take the accounts over) and the gateway. */
  async stop(): Promise<void> {
    if (!this.starting) return;
    await this.starting.catch(() => undefined);
    await this.leases.stop();
    // The gateway delivers what it still has queued (e.g. a message stored just before its account
    // was released) before this instance stops listening.
    await this.gw?.close();
    for (const u of this.unsubscribe) u();
    this.unsubscribe = [];
  }

  /** The account of a platform id (cached briefly: events come in bursts). */
  async accountOf(wxid: string): Promise<AccountRef | null> {
    const hit = this.cache.peek(wxid);
    if (hit) return hit;
    const stamp = this.cache.mark(wxid);
    const row = await repo.findByWxid(this.deps.db, wxid);
    if (!row) return null;
    const ref = { id: row.id, tenantId: row.tenantId, wxid: row.wxid };
    this.cache.keep(wxid, ref, stamp);
    return ref;
  }

  /** Forgets cached accounts (after a delete). */
  forget(wxids: string[]): void {
    for (const w of wxids) this.cache.forget(w);
  }

  /**
   * Hands an event to the account events service and each feature's handler in turn. Its answer
   * tells the platform whether the event was kept: not when a handler threw or could not keep it
   * (the platform delivers it again; handlers take an event twice as once).
   */
  private async dispatch<K extends AccountEventName>(
    name: K,
    ev: GatewayEvents[K],
  ): Promise<Taken | undefined> {
    const account = await this.accountOf(ev.workWxid);
    if (!account) {
      this.deps.log.debug(
        { event: name, wxid: ev.workWxid },
        'gateway event of an unknown account',
      );
      return;
    }
    await this.events.handle(name, ev, account);
    const { kept } = await handToEach(
      this.handlers.get(name) ?? [],
      (h) => (h as AccountEventHandler<K>)(ev, account),
      // A store that could not keep the event is told by the gateway, which waits for it.
      (err, stage) =>
        stage === 'take' &&
        this.deps.log.error({ err, event: name }, 'account event handler failed'),
    );
    if (kept === true) return undefined;
    const done = Promise.resolve(kept).then((ok) => {
      if (!ok) throw new Error(`the ${name} event was not kept`);
    });
    done.catch(() => undefined);
    return { kept: done };
  }
}

declare module '../../platform/deps.ts' {
  interface Services {
    /** The chat gateway, leases and account events of a server instance. */
    runtime: AccountRuntime;
  }
}

/**
 * The human pacing the platform declares (issue 34), or null while the gateway is not up yet
 * (automated sends wait for it anyway).
 */
export function platformPacing(deps: Uses<'realtime' | 'runtime'>): PacingPreset | null {
  const rt = deps.runtime;
  return rt.started ? rt.gateway.pacing : null;
}
