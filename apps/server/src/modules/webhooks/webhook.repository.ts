import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { WebhookDeliveryState } from '@cst/shared';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';

// Webhook endpoints and the manager's side of deliveries (list, redeliver, test).

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A tenant's endpoints, oldest first. */
export function listEndpoints(db: DbOrTx, tenantId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.tenantId, tenantId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
}

/** How many endpoints a tenant has. */
export async function countEndpoints(db: DbOrTx, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.tenantId, tenantId));
  return row?.n ?? 0;
}

/** One endpoint of a tenant. */
export async function findEndpoint(
  db: DbOrTx,
  tenantId: string,
  id: string,
): Promise<EndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id)));
  return row ?? null;
}

/** Adds an endpoint. */
export async function insertEndpoint(
  db: DbOrTx,
  row: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow> {
  const [out] = await db.insert(webhookEndpoints).values(row).returning();
  return out!;
}

/** Changes an endpoint of a tenant; null when there is none. */
export async function updateEndpoint(
  db: DbOrTx,
  tenantId: string,
  id: string,
  set: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow | null> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(set)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes an endpoint (its deliveries go with it). */
export async function deleteEndpoint(db: DbOrTx, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** A page of an endpoint's deliveries, newest first, and how many there are. */
export async function pageDeliveries(
  db: DbOrTx,
  endpointId: string,
  q: { page: number; pageSize: number; status?: WebhookDeliveryState },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    q.status ? eq(webhookDeliveries.state, q.status) : undefined,
  );
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [n] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
  return { rows, total: n?.n ?? 0 };
}

/**
 * Makes an event's delivery to an endpoint pending again, due now (a new row if the endpoint had
 * none, e.g. it subscribed later). A delivery being posted right now keeps its lease.
 */
export async function redeliver(
  db: DbOrTx,
  e: { tenantId: string; endpointId: string; eventRowId: number; eventId: string; event: string },
  now: number,
): Promise<void> {
  await db.execute(sql`
    insert into webhook_deliveries
      (tenant_id, endpoint_id, event_row_id, event_id, event, due_at, created_at)
    values (${e.tenantId}, ${e.endpointId}, ${e.eventRowId}, ${e.eventId}, ${e.event},
            ${now}, ${now})
    on conflict (endpoint_id, event_id) do update
      set state = 'pending', due_at = ${now}, attempts = 0, delivered_at = null`);
}

/** The users of a tenant who manage the open platform (told when an endpoint is disabled). */
export async function managersOf(db: DbOrTx, tenantId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from ${users}
      where tenant_id = ${tenantId} and role in ('admin', 'manager') and status = 'enabled'`),
  );
  return rows.map((r) => r.id);
}
