import { MESSAGE_PUSH_EVENT, type WebhookEvent } from '@cst/shared';
import type { Tx } from '../../platform/db.ts';
import { FreshCache } from '../../platform/fresh-cache.ts';
import type { PushInput } from '../../realtime/realtime.ts';
import {
  insertEvents,
  notifyOpenEvents,
  sinksOf,
  type TenantSinks,
} from './open-events.repository.ts';

/** The scheduler's job kind of deliveries (its wake payload). */
export const WEBHOOK_JOB = 'webhookDelivery';
/**
 * The channel the event log NOTIFYs in the change's transaction (PostgreSQL sends it at the
 * commit): deliveries and streams look for new events.
 */
export const OPEN_EVENTS_CHANNEL = 'open_events';
/** The bus channel telling every instance that a tenant's endpoints changed (payload: tenant). */
export const WEBHOOKS_CHANGED_CHANNEL = 'webhooks_changed';

/** An event of the open platform, as a change records it. */
export interface OpenEventInput {
  tenantId: string;
  /** The work account it is about (the stream's scope), or null. */
  workAccountId: string | null;
  event: WebhookEvent;
  /** The matching console push's `data`. */
  data: unknown;
  /** Epoch ms; the change's time (default: now). */
  occurredAt?: number;
}

// What each tenant listens to, so a change of a tenant nobody listens to writes nothing (the
// inbound path stays as fast as without webhooks). Dropped when endpoints change (on this
// instance at once, on others through the bus) and after SINK_TTL_MS as a safety net.
// A load that read the endpoints before a change committed can end after the change forgot the
// tenant; it is used for its own transaction (which began before the change) but not kept, or it
// would hide the new endpoint from every event for SINK_TTL_MS (a webhook created while messages
// arrived lost them, on PostgreSQL, where the two run at once).
const SINK_TTL_MS = 30_000;
const sinks = new FreshCache<TenantSinks>(SINK_TTL_MS);

/** Forgets what a tenant listens to (its endpoints changed). */
export function forgetSinks(tenantId: string): void {
  sinks.forget(tenantId);
}

/**
 * Tells whether the tenants have a stream (`/open/v1/events` reads every event of a tenant with an
 * API key). Set by the module that owns API keys; without it only subscribed events are kept.
 */
let streamTenants: ((tx: Tx, tenantIds: string[]) => Promise<Set<string>>) | null = null;

/** Registers the check of which tenants keep every event for the stream (API keys). */
export function setStreamTenants(fn: (tx: Tx, tenantIds: string[]) => Promise<Set<string>>) {
  streamTenants = fn;
}

async function sinksFor(tx: Tx, tenantIds: string[]): Promise<Map<string, TenantSinks>> {
  const out = new Map<string, TenantSinks>();
  const missing: string[] = [];
  for (const id of tenantIds) {
    const hit = sinks.peek(id);
    if (hit) out.set(id, hit);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const stamps = new Map(missing.map((id) => [id, sinks.mark(id)]));
    const loaded = await sinksOf(tx, missing);
    const streams = streamTenants ? await streamTenants(tx, missing) : new Set<string>();
    for (const [id, value] of loaded) {
      value.stream = streams.has(id);
      sinks.keep(id, value, stamps.get(id)!);
      out.set(id, value);
    }
  }
  return out;
}

/**
 * Records events of the open platform in the caller's transaction (the outbox of webhooks and
 * the stream): an `open_events` row each, and a pending delivery per subscribed endpoint. Events
 * of a tenant with no subscribed endpoint and no stream are skipped. Call it last in the
 * transaction (it takes the tenant's event lock until the commit); deliveries and streams are
 * woken by a NOTIFY that PostgreSQL sends at the commit.
 */
export async function recordEvents(tx: Tx, inputs: OpenEventInput[]): Promise<void> {
  if (inputs.length === 0) return;
  const listening = await sinksFor(tx, [...new Set(inputs.map((i) => i.tenantId))]);
  const now = Date.now();
  const rows = inputs
    .filter((i) => {
      const s = listening.get(i.tenantId);
      return s !== undefined && (s.stream || s.events.has(i.event));
    })
    .map((i) => ({
      tenantId: i.tenantId,
      workAccountId: i.workAccountId,
      event: i.event,
      data: i.data,
      occurredAt: i.occurredAt ?? now,
    }));
  if (rows.length === 0) return;
  await insertEvents(tx, rows);
  await notifyOpenEvents(tx, OPEN_EVENTS_CHANNEL);
}

/**
 * The `task.progress` / `task.completed` events of a tenant's task pushes (mass sends and
 * friend-adding tasks), each with its push's `data`.
 */
export function taskEvents(
  tenantId: string,
  pushes: PushInput[],
  event: 'task.progress' | 'task.completed',
): OpenEventInput[] {
  return pushes.map((p) => ({
    tenantId,
    workAccountId: p.workAccountId ?? null,
    event,
    data: p.data,
  }));
}

/** Records one event ({@link recordEvents}). */
export function recordEvent(tx: Tx, input: OpenEventInput): Promise<void> {
  return recordEvents(tx, [input]);
}

const MESSAGE_EVENTS = new Set<string>(Object.values(MESSAGE_PUSH_EVENT));

/** The open-platform event of a console push, if it has one. */
export function eventOfPush(p: PushInput): WebhookEvent | null {
  if (MESSAGE_EVENTS.has(p.event)) {
    const side = (p.data as { sendSide?: number } | null)?.sendSide;
    return side === 2 ? 'message.received' : 'message.sent';
  }
  switch (p.event) {
    case 'send':
      return 'message.status';
    case 'revokeMsg':
      return 'message.revoked';
    case 'syncRead':
      return 'conversation.read';
    default:
      return null;
  }
}

/**
 * Records the open-platform events of console pushes built in a transaction (messages stored,
 * send receipts, revokes, chats read), with the push's data; others are skipped.
 */
export function recordPushEvents(
  tx: Tx,
  pushes: Iterable<[tenantId: string, list: PushInput[]]>,
  occurredAt?: number,
): Promise<void> {
  const inputs: OpenEventInput[] = [];
  for (const [tenantId, list] of pushes) {
    for (const p of list) {
      const event = eventOfPush(p);
      if (!event) continue;
      inputs.push({
        tenantId,
        workAccountId: p.workAccountId ?? null,
        event,
        data: p.data,
        occurredAt,
      });
    }
  }
  return recordEvents(tx, inputs);
}
