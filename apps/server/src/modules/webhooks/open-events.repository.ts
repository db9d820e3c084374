import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';
import { wellFormedJson } from '../../platform/well-formed.ts';

// The event log (`open_events`) and the deliveries it fans out to, written in the caller's
// transaction; the stream's reads; the 7-day clean-up.

/** An event to record. */
export interface OpenEventRow {
  tenantId: string;
  workAccountId: string | null;
  event: string;
  data: unknown;
  occurredAt: number;
}

/** What a tenant listens to: the events its enabled endpoints subscribe to, and the stream. */
export interface TenantSinks {
  events: Set<string>;
  stream: boolean;
}

/** The events the enabled endpoints of tenants subscribe to. */
export async function sinksOf(tx: DbOrTx, tenantIds: string[]): Promise<Map<string, TenantSinks>> {
  const rows = rowsOf<{ tenant_id: string; events: string[] | string }>(
    await tx.execute(sql`
      select tenant_id, events from webhook_endpoints
      where tenant_id = any(${sql.param(tenantIds)}::uuid[]) and enabled`),
  );
  const out = new Map<string, TenantSinks>();
  for (const id of tenantIds) out.set(id, { events: new Set(), stream: false });
  for (const r of rows) {
    const events = typeof r.events === 'string' ? (JSON.parse(r.events) as string[]) : r.events;
    for (const e of events) out.get(r.tenant_id)?.events.add(e);
  }
  return out;
}

/**
 * Inserts events and, in the same statement, one pending delivery per enabled endpoint of the
 * tenant subscribed to each (due at the event's time). A per-tenant advisory lock held to the commit makes a tenant's ids
 * commit in order (the stream resumes by id). Returns how many deliveries were added.
 */
export async function insertEvents(
  tx: Tx,
  rows: OpenEventRow[],
): Promise<{ events: number; deliveries: number }> {
  if (rows.length === 0) return { events: 0, deliveries: 0 };
  const tenants = [...new Set(rows.map((r) => r.tenantId))].sort();
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtext('open_events:' || t))
    from unnest(${sql.param(tenants)}::text[]) as t order by t`);
  const payload = wellFormedJson(
    rows.map((r, ord) => ({
      ord,
      tenant_id: r.tenantId,
      work_account_id: r.workAccountId,
      event: r.event,
      data: r.data ?? null,
      occurred_at: r.occurredAt,
    })),
  );
  const [counts] = rowsOf<{ events: number; deliveries: number }>(
    await tx.execute(sql`
      with src as (
        select * from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as s(
          ord int, tenant_id uuid, work_account_id uuid, event text, data jsonb,
          occurred_at bigint)
      ), ev as (
        insert into open_events (tenant_id, work_account_id, event, data, occurred_at)
        select tenant_id, work_account_id, event, data, occurred_at from src order by ord
        returning id, public_id, tenant_id, event, occurred_at
      ), dl as (
        insert into webhook_deliveries
          (tenant_id, endpoint_id, event_row_id, event_id, event, due_at, created_at)
        select ev.tenant_id, e.id, ev.id, ev.public_id, ev.event, ev.occurred_at, ev.occurred_at
        from ev join webhook_endpoints e
          on e.tenant_id = ev.tenant_id and e.enabled and e.events ? ev.event
        returning 1
      )
      select (select count(*) from ev)::int as events, (select count(*) from dl)::int as deliveries`),
  );
  return counts ?? { events: 0, deliveries: 0 };
}

/** An event as the stream sends it. */
export interface StreamEvent {
  id: number;
  publicId: string;
  event: string;
  data: unknown;
  occurredAt: number;
  workAccountId: string | null;
}

/**
 * A tenant's events after `afterId`, oldest first, of the given work accounts (`'all'`: every
 * one, and the events of no account).
 */
export async function eventsAfter(
  db: DbOrTx,
  tenantId: string,
  afterId: number,
  accountIds: readonly string[] | 'all',
  limit: number,
): Promise<StreamEvent[]> {
  const scope =
    accountIds === 'all'
      ? sql``
      : sql`and work_account_id = any(${sql.param([...accountIds])}::uuid[])`;
  const rows = rowsOf<{
    id: string | number;
    public_id: string;
    event: string;
    data: unknown;
    occurred_at: string | number;
    work_account_id: string | null;
  }>(
    await db.execute(sql`
      select id, public_id, event, data, occurred_at, work_account_id from open_events
      where tenant_id = ${tenantId} and id > ${afterId} ${scope}
      order by id limit ${limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    publicId: r.public_id,
    event: r.event,
    data: typeof r.data === 'string' ? (JSON.parse(r.data) as unknown) : r.data,
    occurredAt: Number(r.occurred_at),
    workAccountId: r.work_account_id,
  }));
}

/** The newest event id of a tenant (where a stream without `Last-Event-ID` starts). */
export async function lastEventId(db: DbOrTx, tenantId: string): Promise<number> {
  const [row] = rowsOf<{ id: string | number | null }>(
    await db.execute(sql`select max(id) as id from open_events where tenant_id = ${tenantId}`),
  );
  return Number(row?.id ?? 0);
}

/** One event of a tenant by its public id. */
export async function eventByPublicId(db: DbOrTx, tenantId: string, publicId: string) {
  const [row] = rowsOf<{ id: string | number; event: string }>(
    await db.execute(sql`
      select id, event from open_events where tenant_id = ${tenantId} and public_id = ${publicId}`),
  );
  return row ? { id: Number(row.id), event: row.event } : null;
}

const BATCH = 5000;

/** Deletes events and deliveries created before `cutoff` (ms), in batches; returns the counts. */
export async function deleteOlderThan(db: DbOrTx, cutoff: number) {
  let events = 0;
  let deliveries = 0;
  for (;;) {
    const gone = rowsOf<{ id: string }>(
      await db.execute(sql`
        delete from webhook_deliveries where id in (
          select id from webhook_deliveries where created_at < ${cutoff} limit ${BATCH})
        returning id`),
    );
    deliveries += gone.length;
    if (gone.length < BATCH) break;
  }
  for (;;) {
    const gone = rowsOf<{ id: string }>(
      await db.execute(sql`
        delete from open_events where id in (
          select id from open_events where occurred_at < ${cutoff} limit ${BATCH})
        returning id`),
    );
    events += gone.length;
    if (gone.length < BATCH) break;
  }
  return { events, deliveries };
}

/** Tells the listeners of `channel` (the event streams of every instance) at the commit. */
export async function notifyOpenEvents(tx: Tx, channel: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, '')`);
}
