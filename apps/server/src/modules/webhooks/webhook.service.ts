import {
  MAX_WEBHOOKS,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryState,
  type WebhookEvent,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { OutboundRefusedError, assertPublicHost } from '../../platform/outbound.ts';
import { Scheduler } from '../../scheduler/scheduler.ts';
import { insertTestEvent } from './delivery.repository.ts';
import { forgetSinks, WEBHOOK_JOB, WEBHOOKS_CHANGED_CHANNEL } from './event-log.ts';
import { eventByPublicId } from './open-events.repository.ts';
import { newSecret } from './webhook-sender.ts';
import { presentDelivery, presentEndpoint } from './webhook.presenter.ts';
import * as repo from './webhook.repository.ts';

/** How long the secret before a rotation keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 86400_000;

function tenantOf(auth: AuthContext): string {
  if (!auth.tenantId) throw fail.forbidden();
  return auth.tenantId;
}

/** Webhook endpoints of a tenant (API.md "Webhooks"), for managers with `openapi.manage`. */
export class WebhookService {
  constructor(private readonly deps: Deps) {}

  /** Refuses an address on a private network (unless ALLOW_PRIVATE_NETWORK) or not resolving. */
  private async checkUrl(url: string): Promise<void> {
    try {
      await assertPublicHost(new URL(url).hostname, this.deps.config);
    } catch (err) {
      if (err instanceof OutboundRefusedError) throw fail.invalid('webhookUrlPrivate');
      throw fail.invalid('webhookUrlUnresolved');
    }
  }

  /** Endpoints changed: this instance forgets at once, the others through the bus. */
  private async changed(tenantId: string): Promise<void> {
    forgetSinks(tenantId);
    await this.deps.bus.publish(WEBHOOKS_CHANGED_CHANNEL, tenantId);
  }

  private async endpoint(auth: AuthContext, id: string): Promise<repo.EndpointRow> {
    const row = await repo.findEndpoint(this.deps.db, tenantOf(auth), id);
    if (!row) throw fail.notFound('webhookNotFound');
    return row;
  }

  /** Adds an endpoint; its secret is answered this once. */
  async create(
    auth: AuthContext,
    b: { url: string; events: WebhookEvent[]; description?: string },
  ): Promise<{ id: string; secret: string }> {
    const tenantId = tenantOf(auth);
    await this.checkUrl(b.url);
    if ((await repo.countEndpoints(this.deps.db, tenantId)) >= MAX_WEBHOOKS) {
      throw fail.conflict('webhookLimitReached', { max: MAX_WEBHOOKS });
    }
    const now = this.deps.now();
    const secret = newSecret();
    const row = await repo.insertEndpoint(this.deps.db, {
      tenantId,
      url: b.url,
      description: b.description ?? '',
      events: b.events,
      secret,
      createdBy: auth.userId,
      createdAt: now,
      updatedAt: now,
    });
    await this.changed(tenantId);
    return { id: row.id, secret };
  }

  /** The tenant's endpoints. */
  async list(auth: AuthContext) {
    const rows = await repo.listEndpoints(this.deps.db, tenantOf(auth));
    const now = this.deps.now();
    return { list: rows.map((r) => presentEndpoint(r, now)) };
  }

  /** Changes an endpoint's address, events, description or state. */
  async update(
    auth: AuthContext,
    b: {
      id: string;
      url?: string;
      events?: WebhookEvent[];
      enabled?: boolean;
      description?: string;
    },
  ): Promise<null> {
    const tenantId = tenantOf(auth);
    await this.endpoint(auth, b.id);
    if (b.url !== undefined) await this.checkUrl(b.url);
    await repo.updateEndpoint(this.deps.db, tenantId, b.id, {
      ...(b.url !== undefined ? { url: b.url } : {}),
      ...(b.events !== undefined ? { events: b.events } : {}),
      ...(b.description !== undefined ? { description: b.description } : {}),
      // Enabled again by a person: a new failing streak starts from the next failure.
      ...(b.enabled !== undefined
        ? { enabled: b.enabled, disabledReason: null, failingSince: null }
        : {}),
      updatedAt: this.deps.now(),
    });
    await this.changed(tenantId);
    if (b.enabled) await Scheduler.wake(this.deps, WEBHOOK_JOB);
    return null;
  }

  /** Deletes an endpoint and its deliveries. */
  async remove(auth: AuthContext, id: string): Promise<null> {
    const tenantId = tenantOf(auth);
    if (!(await repo.deleteEndpoint(this.deps.db, tenantId, id))) {
      throw fail.notFound('webhookNotFound');
    }
    await this.changed(tenantId);
    return null;
  }

  /** A new secret; the one before keeps signing beside it for 24 h. */
  async rotate(auth: AuthContext, id: string): Promise<{ secret: string }> {
    const row = await this.endpoint(auth, id);
    const secret = newSecret();
    const now = this.deps.now();
    await repo.updateEndpoint(this.deps.db, tenantOf(auth), id, {
      secret,
      previousSecret: row.secret,
      previousUntil: now + ROTATION_OVERLAP_MS,
      updatedAt: now,
    });
    return { secret };
  }

  /** A page of an endpoint's delivery log, newest first. */
  async deliveries(
    auth: AuthContext,
    q: { id: string; page: number; pageSize: number; status?: WebhookDeliveryState },
  ) {
    await this.endpoint(auth, q.id);
    const { rows, total } = await repo.pageDeliveries(this.deps.db, q.id, q);
    return { list: rows.map(presentDelivery), total };
  }

  /** Posts an event to the endpoint again (a new attempt series, same event id). */
  async redeliver(auth: AuthContext, id: string, eventId: string): Promise<null> {
    const tenantId = tenantOf(auth);
    await this.endpoint(auth, id);
    const ev = await eventByPublicId(this.deps.db, tenantId, eventId);
    if (!ev) throw fail.notFound('webhookEventNotFound');
    await repo.redeliver(
      this.deps.db,
      { tenantId, endpointId: id, eventRowId: ev.id, eventId, event: ev.event },
      this.deps.now(),
    );
    await Scheduler.wake(this.deps, WEBHOOK_JOB);
    return null;
  }

  /** Sends a `webhook.test` event to the endpoint alone; answers its event id. */
  async test(auth: AuthContext, id: string): Promise<{ eventId: string }> {
    const tenantId = tenantOf(auth);
    await this.endpoint(auth, id);
    const now = this.deps.now();
    const eventId = await this.deps.db.transaction((tx) =>
      insertTestEvent(tx, {
        tenantId,
        endpointId: id,
        event: WEBHOOK_TEST_EVENT,
        data: { message: 'This is a test event.', sentBy: auth.username },
        now,
      }),
    );
    await Scheduler.wake(this.deps, WEBHOOK_JOB);
    return { eventId };
  }
}
