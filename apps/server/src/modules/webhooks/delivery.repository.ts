import { sql } from 'drizzle-orm';
import type { DeliveryAttempt } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';
import { wellFormedJson } from '../../platform/well-formed.ts';

// The scheduler's side of webhook_deliveries: claiming due rows under a lease (`FOR UPDATE SKIP
// LOCKED`, marked in the claim's transaction) with what posting them needs, recording attempts.

/** A claimed delivery with its endpoint and event. */
export interface ClaimedDelivery {
  id: number;
  tenantId: string;
  endpointId: string;
  eventId: string;
  event: string;
  attempts: number;
  dueAt: number;
  url: string;
  secrets: string[];
  /** The event's data as JSON text (null: the event was deleted). */
  dataJson: string | null;
  occurredAt: number;
}

/**
 * Claims due pending deliveries of enabled endpoints, at most `perEndpoint` of each endpoint and
 * `budget` in all, oldest due first, leased to `owner` until `until`.
 */
export async function claimDeliveries(
  tx: Tx,
  c: { now: number; owner: string; until: number; budget: number; perEndpoint: number },
): Promise<ClaimedDelivery[]> {
  if (c.budget <= 0) return [];
  const rows = rowsOf<{
    id: string | number;
    tenant_id: string;
    endpoint_id: string;
    event_id: string;
    event: string;
    attempts: number;
    due_at: string | number;
    url: string;
    secret: string;
    previous_secret: string | null;
    previous_until: string | number | null;
    data: string | null;
    occurred_at: string | number | null;
  }>(
    await tx.execute(sql`
      with cand as materialized (
        select d.id, d.endpoint_id, d.due_at from webhook_deliveries d
        where d.state = 'pending' and d.due_at <= ${c.now}
          and (d.lease_until is null or d.lease_until < ${c.now})
          and exists (select 1 from webhook_endpoints e where e.id = d.endpoint_id and e.enabled)
        order by d.due_at, d.id
        limit ${Math.max(c.budget * 2, 100)}
        for update of d skip locked
      ), picked as (
        select id from (
          select id, due_at,
                 row_number() over (partition by endpoint_id order by due_at, id) as rn
          from cand) x
        where rn <= ${c.perEndpoint}
        order by due_at, id
        limit ${c.budget}
      ), upd as (
        update webhook_deliveries d
        set lease_owner = ${c.owner}, lease_until = ${c.until}
        from picked where d.id = picked.id
        returning d.id, d.tenant_id, d.endpoint_id, d.event_id, d.event, d.attempts, d.due_at,
                  d.event_row_id
      )
      select upd.id, upd.tenant_id, upd.endpoint_id, upd.event_id, upd.event, upd.attempts,
             upd.due_at, e.url, e.secret, e.previous_secret, e.previous_until,
             ev.data::text as data, ev.occurred_at
      from upd
      join webhook_endpoints e on e.id = upd.endpoint_id
      left join open_events ev on ev.id = upd.event_row_id
      order by upd.due_at, upd.id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    tenantId: r.tenant_id,
    endpointId: r.endpoint_id,
    eventId: r.event_id,
    event: r.event,
    attempts: Number(r.attempts),
    dueAt: Number(r.due_at),
    url: r.url,
    secrets:
      r.previous_secret && Number(r.previous_until ?? 0) > c.now
        ? [r.secret, r.previous_secret]
        : [r.secret],
    dataJson: r.data,
    occurredAt: Number(r.occurred_at ?? 0),
  }));
}

/** What an attempt came to, and what follows. */
export interface AttemptRecord {
  id: number;
  endpointId: string;
  owner: string;
  attempt: DeliveryAttempt;
  /** delivered, failed (no more attempts), or pending again at `dueAt`. */
  state: 'delivered' | 'failed' | 'pending';
  dueAt: number;
  now: number;
}

/**
 * Records attempts (one statement for a batch) where this instance still holds the delivery,
 * appending each to its log, and the endpoints' failing streaks: started by a failure, ended by a
 * success (the endpoint row is written only then, not on every delivery). Answers, in order, the
 * endpoint's `failing_since` after it, or undefined for a delivery that was not ours.
 */
export async function recordAttempts(
  db: DbOrTx,
  records: AttemptRecord[],
): Promise<({ failingSince: number | null } | undefined)[]> {
  if (records.length === 0) return [];
  const now = Math.max(...records.map((r) => r.now));
  const payload = records.map((r) => ({
    id: r.id,
    owner: r.owner,
    state: r.state,
    due_at: r.dueAt,
    code: r.attempt.statusCode,
    error: r.attempt.error,
    latency: r.attempt.latencyMs,
    log: [wellFormedJson(r.attempt)],
    delivered_at: r.state === 'delivered' ? r.now : null,
  }));
  const rows = rowsOf<{ id: string | number; failing_since: string | number | null }>(
    await db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as v(
          id bigint, owner text, state text, due_at bigint, code int, error text, latency int,
          log jsonb, delivered_at bigint)
      ), upd as (
        update webhook_deliveries d
        set state = v.state, attempts = d.attempts + 1, due_at = v.due_at,
            lease_owner = null, lease_until = null, last_status_code = v.code,
            last_error = v.error, latency_ms = v.latency, log = d.log || v.log,
            delivered_at = v.delivered_at
        from v
        where d.id = v.id and d.lease_owner = v.owner and d.state = 'pending'
        returning d.id, d.endpoint_id, v.state
      ), streak as (
        select endpoint_id, bool_or(state = 'delivered') as ok from upd group by endpoint_id
      ), ep as (
        update webhook_endpoints e
        set failing_since = case when streak.ok then null else ${now}::bigint end
        from streak
        where e.id = streak.endpoint_id
          and (case when streak.ok then e.failing_since is not null
                    else e.failing_since is null end)
        returning e.id, e.failing_since
      )
      select upd.id,
             case when ep.id is not null then ep.failing_since else e.failing_since end
               as failing_since
      from upd
      join webhook_endpoints e on e.id = upd.endpoint_id
      left join ep on ep.id = upd.endpoint_id`),
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return records.map((r) => {
    const row = byId.get(r.id);
    if (!row) return undefined;
    return { failingSince: row.failing_since === null ? null : Number(row.failing_since) };
  });
}

/** Hands claimed deliveries back (shutdown): claimable again at once. */
export async function releaseDeliveries(db: DbOrTx, ids: number[], owner: string) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update webhook_deliveries set lease_owner = null, lease_until = null
    where id = any(${sql.param(ids)}::bigint[]) and lease_owner = ${owner}`);
}

/**
 * Disables an endpoint failing since before `cutoff` (still enabled); returns its url when it
 * did.
 */
export async function disableFailing(
  db: DbOrTx,
  endpointId: string,
  cutoff: number,
  now: number,
): Promise<{ tenantId: string; url: string } | null> {
  const [row] = rowsOf<{ tenant_id: string; url: string }>(
    await db.execute(sql`
      update webhook_endpoints
      set enabled = false, disabled_reason = 'failing', updated_at = ${now}
      where id = ${endpointId} and enabled and failing_since is not null
        and failing_since <= ${cutoff}
      returning tenant_id, url`),
  );
  return row ? { tenantId: row.tenant_id, url: row.url } : null;
}

/** Adds a test event for one endpoint (not fanned out to others); returns its public id. */
export async function insertTestEvent(
  tx: Tx,
  e: { tenantId: string; endpointId: string; event: string; data: unknown; now: number },
): Promise<string> {
  const [row] = rowsOf<{ event_id: string }>(
    await tx.execute(sql`
      with ev as (
        insert into open_events (tenant_id, work_account_id, event, data, occurred_at)
        values (${e.tenantId}, null, ${e.event}, ${JSON.stringify(e.data)}::jsonb, ${e.now})
        returning id, public_id
      )
      insert into webhook_deliveries
        (tenant_id, endpoint_id, event_row_id, event_id, event, due_at, created_at)
      select ${e.tenantId}, ${e.endpointId}, ev.id, ev.public_id, ${e.event}, ${e.now}, ${e.now}
      from ev
      returning event_id`),
  );
  return row!.event_id;
}
