import { Batcher } from '../../platform/batcher.ts';
import type { Uses } from '../../platform/deps.ts';
import {
  type Claimed,
  type ClaimScope,
  type JobContext,
  type JobKind,
} from '../../scheduler/scheduler.ts';
import {
  claimDeliveries,
  disableFailing,
  recordAttempts,
  type AttemptRecord,
  releaseDeliveries,
  type ClaimedDelivery,
} from './delivery.repository.ts';
import { forgetSinks, WEBHOOK_JOB, WEBHOOKS_CHANGED_CHANNEL } from './event-log.ts';
import { DELIVERY_TIMEOUT_MS, postDelivery, signatureHeader } from './webhook-sender.ts';
import { managersOf } from './webhook.repository.ts';

/** Waits after the 1st, 2nd, … failed attempt (API.md); after the last, the delivery failed. */
export const RETRY_DELAYS_MS = [
  10_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  6 * 3600_000,
  12 * 3600_000,
  24 * 3600_000,
] as const;
/** Deliveries of one endpoint posted at once (one scheduler lane each). */
export const ENDPOINT_CONCURRENCY = 16;
/** Most deliveries of one endpoint claimed in one claim (held in memory until posted). */
const PER_ENDPOINT_CLAIM = ENDPOINT_CONCURRENCY * 32;
/** Most deliveries claimed in one claim. */
const CLAIM_MAX = 1000;
/**
 * The job's own limits on the scheduler: deliveries held in memory and posted at once, over
 * every endpoint (beside the other kinds' shared limits, not within them).
 */
export const DELIVERY_LIMITS = { maxQueued: 2000, maxRunning: 256 } as const;
/** How long a claimed delivery may wait in memory and be posted: every one before it may time out. */
const LEASE_EXTRA_MS = (PER_ENDPOINT_CLAIM / ENDPOINT_CONCURRENCY) * DELIVERY_TIMEOUT_MS;
/** An endpoint failing for this long is disabled and its managers told. */
export const DISABLE_AFTER_MS = 3 * 86400_000;
/** The realtime event telling managers an endpoint was disabled. */
export const WEBHOOK_DISABLED_PUSH = 'webhookDisabled';

/** The lane of a delivery: one of its endpoint's {@link ENDPOINT_CONCURRENCY} lanes. */
export function laneOf(endpointId: string, deliveryId: number): string {
  return `webhook:${endpointId}:${deliveryId % ENDPOINT_CONCURRENCY}`;
}

/** The body of a delivery (API.md): `{id, event, tenantId, occurredAt, data}`. */
export function deliveryBody(d: ClaimedDelivery): string {
  return (
    `{"id":${JSON.stringify(d.eventId)},"event":${JSON.stringify(d.event)},` +
    `"tenantId":${JSON.stringify(d.tenantId)},"occurredAt":${d.occurredAt},` +
    `"data":${d.dataJson ?? 'null'}}`
  );
}

/**
 * Webhook deliveries on the one scheduler (docs/open-platform.md): due pending rows of enabled
 * endpoints are claimed with a lease (`FOR UPDATE SKIP LOCKED`); each is posted, signed, through
 * the outbound guard, and its attempt recorded only while this instance still holds it. A crash
 * between the POST and the record leaves the row pending: another instance posts it again once
 * the lease lapses (at least once, same event id). Failures wait {@link RETRY_DELAYS_MS}.
 */
export class WebhookDeliveryJob implements JobKind<ClaimedDelivery> {
  readonly name = WEBHOOK_JOB;
  readonly limits = DELIVERY_LIMITS;
  /** Claimed items not yet run, and whether the last claim left more behind (a backlog). */
  private held = 0;
  /** Attempts posted and still being recorded. */
  private readonly recording = new Set<Promise<void>>();
  private backlog = false;

  /** Attempts finished close together are recorded in one statement. */
  private readonly records: Batcher<AttemptRecord, { failingSince: number | null } | undefined>;

  constructor(private readonly deps: Uses<'realtime' | 'scheduler'>) {
    this.records = new Batcher((list) => recordAttempts(deps.db, list), { max: 1000 });
  }

  async claim(scope: ClaimScope): Promise<Claimed<ClaimedDelivery>[]> {
    const budget = Math.min(scope.budget, CLAIM_MAX);
    const rows = await claimDeliveries(scope.tx, {
      now: scope.now,
      owner: scope.owner,
      until: scope.leaseUntil(scope.now) + LEASE_EXTRA_MS,
      budget,
      perEndpoint: PER_ENDPOINT_CLAIM,
    });
    this.held += rows.length;
    // A claim capped by its budget or per endpoint leaves work behind: claim again once half of
    // a full claim is posted (the next claim overlaps the posting), not at the next wake or poll.
    const perEndpoint = new Map<string, number>();
    for (const d of rows) perEndpoint.set(d.endpointId, (perEndpoint.get(d.endpointId) ?? 0) + 1);
    this.backlog =
      rows.length >= budget || [...perEndpoint.values()].some((n) => n >= PER_ENDPOINT_CLAIM);
    return rows.map((d) => ({
      lane: laneOf(d.endpointId, d.id),
      key: `webhook:${d.id}:${d.attempts}`,
      at: Math.min(d.dueAt, scope.now),
      data: d,
    }));
  }

  async run(item: Claimed<ClaimedDelivery>, ctx: JobContext): Promise<void> {
    try {
      await this.post(item, ctx);
    } finally {
      this.held = Math.max(0, this.held - 1);
      if (this.backlog && this.held <= CLAIM_MAX / 2) {
        this.backlog = false;
        this.claimSoon();
      }
    }
  }

  /** Posts one delivery and records the attempt. */
  private async post(item: Claimed<ClaimedDelivery>, ctx: JobContext): Promise<void> {
    const d = item.data;
    const body = deliveryBody(d);
    const timestamp = this.deps.now();
    const outcome = await postDelivery(
      d.url,
      {
        'x-cst-event': d.event,
        'x-cst-event-id': d.eventId,
        'x-cst-timestamp': String(timestamp),
        'x-cst-signature': signatureHeader(d.secrets, timestamp, body),
      },
      body,
      this.deps.config.allowPrivateNetwork,
    );
    const now = this.deps.now();
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const attempt = d.attempts + 1;
    const delay = RETRY_DELAYS_MS[attempt - 1];
    const state = ok ? 'delivered' : delay === undefined ? 'failed' : 'pending';
    // Recorded in the background, batched with the lanes' other attempts: the lane goes on to its
    // next delivery at HTTP speed. An attempt lost with the process before it is recorded leaves
    // the row pending, posted again once its lease lapses (at least once).
    const recording = this.records.call({
      id: d.id,
      endpointId: d.endpointId,
      owner: ctx.owner,
      attempt: { at: timestamp, ...outcome, body: outcome.body.replace(/\0/g, '') },
      state,
      dueAt: state === 'pending' ? now + delay! : d.dueAt,
      now,
    });
    const done = recording
      .then(async (recorded) => {
        if (!recorded || ok || recorded.failingSince === null) return;
        if (now - recorded.failingSince >= DISABLE_AFTER_MS) await this.disable(d.endpointId, now);
      })
      .catch((err: unknown) => this.deps.log.error({ err, id: d.id }, 'recording a delivery'))
      .finally(() => this.recording.delete(done));
    this.recording.add(done);
  }

  /**
   * Claims deliveries now, outside the scheduler's rounds (new events committed, or a backlog
   * half posted): on the job's own path, so a delivery waits for no round of the other kinds.
   */
  claimSoon(): void {
    this.deps.scheduler
      .claimNow(WEBHOOK_JOB)
      .catch((err: unknown) => this.deps.log.error({ err }, 'claiming webhook deliveries'));
  }

  /** Resolves once every attempt posted so far is recorded (shutdown, tests). */
  async settled(): Promise<void> {
    while (this.recording.size > 0) await Promise.all([...this.recording]);
  }

  /** Disables an endpoint that failed for 3 days and tells the tenant's managers. */
  private async disable(endpointId: string, now: number): Promise<void> {
    const gone = await disableFailing(this.deps.db, endpointId, now - DISABLE_AFTER_MS, now);
    if (!gone) return;
    forgetSinks(gone.tenantId);
    await this.deps.bus.publish(WEBHOOKS_CHANGED_CHANNEL, gone.tenantId);
    const userIds = await managersOf(this.deps.db, gone.tenantId);
    if (userIds.length === 0) return;
    await this.deps.realtime.publish(gone.tenantId, {
      event: WEBHOOK_DISABLED_PUSH,
      data: { id: endpointId, url: gone.url },
      userIds,
    });
    this.deps.log.warn({ endpointId, tenantId: gone.tenantId }, 'webhook disabled after 3 days');
  }

  async release(items: Claimed<ClaimedDelivery>[], ctx: JobContext): Promise<void> {
    await this.settled();
    this.held = Math.max(0, this.held - items.length);
    await releaseDeliveries(
      this.deps.db,
      items.map((i) => i.data.id),
      ctx.owner,
    );
  }
}
