import { GatewayError, type ChatGateway } from '../../gateway/index.ts';
import type { Uses } from '../../platform/deps.ts';
import { translate } from '@cst/shared';
import { setStatusWithEvent } from './account-open-events.ts';
import { publishStatus } from './account-push.ts';
import * as repo from './account.repository.ts';
import * as proxyRepo from './proxy.repository.ts';

/** What the lease manager uses of the account runtime that owns it. */
export interface LeaseHost {
  readonly instanceId: string;
  readonly gateway: ChatGateway;
  readonly events: { syncWhenOnline(wxid: string): void };
}

/** Lease timings (DESIGN.md §1); tests shorten them. */
export interface LeaseOptions {
  /** How long a lease lasts without renewal: another instance takes the account over after it. */
  leaseMs: number;
  /** How often the holder renews its leases and looks for accounts to take over. */
  renewMs: number;
  /** Accounts claimed per round. */
  claimBatch: number;
  /** Resumes run at once. */
  resumeConcurrency: number;
}

export const DEFAULT_LEASE_OPTIONS: LeaseOptions = {
  leaseMs: 30_000,
  renewMs: 10_000,
  claimBatch: 200,
  resumeConcurrency: 20,
};

/**
 * Which instance holds each work account's connection: a lease row (owner, expiry) renewed by the
 * holder and taken over by any instance once it expires. On start, every account that was
 * connected comes back through `resume` (autoLoggingIn → online) without a new QR code.
 */
export class LeaseManager {
  readonly options: LeaseOptions;
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  /** Accounts being logged in or resumed here right now: never released meanwhile. */
  private readonly pinned = new Map<string, number>();
  private readonly missing = new Map<string, number>();
  private stopped = false;
  private readonly resuming = new Set<Promise<void>>();

  constructor(
    private readonly deps: Uses<'realtime'>,
    private readonly runtime: LeaseHost,
    options: Partial<LeaseOptions> = {},
  ) {
    this.options = { ...DEFAULT_LEASE_OPTIONS, ...options };
  }

  /** The time a lease taken now lasts until. */
  until(): Date {
    return new Date(this.deps.now() + this.options.leaseMs);
  }

  /** Keeps an account from being released while a login or resume runs here. */
  pin(wxid: string): () => void {
    this.pinned.set(wxid, (this.pinned.get(wxid) ?? 0) + 1);
    return () => {
      const n = (this.pinned.get(wxid) ?? 1) - 1;
      if (n <= 0) this.pinned.delete(wxid);
      else this.pinned.set(wxid, n);
    };
  }

  /** Starts renewing and claiming; the first round runs before this resolves. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.options.renewMs);
    this.timer.unref();
  }

  /** Stops and hands every lease back so another instance (or the next start) resumes at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    await this.settled();
    await repo
      .releaseAllLeases(this.deps.db, this.runtime.instanceId)
      .catch((err: unknown) => this.deps.log.warn({ err }, 'releasing leases failed'));
  }

  /** One round: renew, let go of what was lost, take over what expired. */
  tick(): Promise<void> {
    if (this.running || this.stopped) return this.running ?? Promise.resolve();
    this.running = this.round()
      .catch((err: unknown) => this.deps.log.error({ err }, 'lease round failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async round(): Promise<void> {
    const gw = this.runtime.gateway;
    const me = this.runtime.instanceId;
    const mine = new Set(await repo.renewLeases(this.deps.db, me, this.until()));
    const held = new Set(gw.heldAccounts());
    // Held here but the lease went elsewhere (deleted, logged out, taken over): let go.
    for (const wxid of held) {
      if (!mine.has(wxid) && !this.pinned.has(wxid)) await gw.release(wxid);
    }
    // Leased here but not held (a resume that never came back): free it for a new claim.
    const stale: string[] = [];
    for (const wxid of mine) {
      if (held.has(wxid) || this.pinned.has(wxid)) {
        this.missing.delete(wxid);
        continue;
      }
      const n = (this.missing.get(wxid) ?? 0) + 1;
      this.missing.set(wxid, n);
      if (n >= 2) stale.push(wxid);
    }
    if (stale.length) {
      const rows = await repo.findByWxids(this.deps.db, stale);
      await repo.clearLeases(
        this.deps.db,
        rows.map((r) => r.id),
      );
      for (const w of stale) this.missing.delete(w);
    }
    if (this.stopped) return;
    const claimed = await repo.claimLeases(
      this.deps.db,
      me,
      new Date(this.deps.now()),
      this.until(),
      this.options.claimBatch,
      this.deps.database.kind === 'pglite',
    );
    if (claimed.length === 0) return;
    // Resumes run beside the rounds, so a slow platform never delays the renewals.
    const batch = runLimited(claimed, this.options.resumeConcurrency, (row) =>
      this.resume({ id: row.id, tenantId: row.tenant_id, wxid: row.wxid }, row.status),
    );
    this.resuming.add(batch);
    void batch.finally(() => this.resuming.delete(batch));
  }

  /** Resolves once the resumes started so far have finished (tests, stop). */
  async settled(): Promise<void> {
    while (this.resuming.size > 0) await Promise.allSettled([...this.resuming]);
  }

  /** Brings a claimed account back on this instance: autoLoggingIn, then online. */
  async resume(
    account: { id: string; tenantId: string; wxid: string },
    status: string,
  ): Promise<void> {
    const unpin = this.pin(account.wxid);
    const at = () => new Date(this.deps.now());
    try {
      if (status !== 'autoLoggingIn') {
        const row = await setStatusWithEvent(this.deps.db, account.id, 'autoLoggingIn', '', at());
        if (row) await publishStatus(this.deps, row);
      }
      // A login cut short before its first sync syncs when it is back online.
      if (status === 'loggingIn') this.runtime.events.syncWhenOnline(account.wxid);
      // The account's proxy now (it may have changed since the session was made).
      const proxy = await proxyRepo.proxyOfAccount(this.deps.db, account.tenantId, account.id);
      await this.runtime.gateway.resume(account.wxid, { proxy });
    } catch (err) {
      const noSession =
        err instanceof GatewayError && (err.code === 'noSession' || err.code === 'notFound');
      if (!noSession) this.deps.log.warn({ err, wxid: account.wxid }, 'resume failed');
      const reason = noSession
        ? translate('needQrLogin', 'zh-CN')
        : err instanceof Error
          ? err.message
          : String(err);
      const row = await setStatusWithEvent(
        this.deps.db,
        account.id,
        noSession ? 'loginFailed' : 'offline',
        reason,
        at(),
      );
      await repo.clearLeases(this.deps.db, [account.id]);
      if (row) await publishStatus(this.deps, row);
    } finally {
      unpin();
    }
  }
}

/** Runs `fn` over items with at most `limit` at a time. */
async function runLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
