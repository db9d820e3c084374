import type { WebhookDeliveryItem, WebhookItem } from '@cst/shared';
import type { DeliveryRow, EndpointRow } from './webhook.repository.ts';

/** An endpoint as managers see it (never its secrets). */
export function presentEndpoint(row: EndpointRow, now: number): WebhookItem {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    previousSecretUntil:
      row.previousSecret && (row.previousUntil ?? 0) > now ? row.previousUntil : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A delivery of the log. */
export function presentDelivery(row: DeliveryRow): WebhookDeliveryItem {
  return {
    eventId: row.eventId,
    event: row.event,
    status: row.state,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    latencyMs: row.latencyMs,
    createdAt: row.createdAt,
    deliveredAt: row.deliveredAt,
    nextAttemptAt: row.state === 'pending' ? row.dueAt : null,
    history: row.log,
  };
}
