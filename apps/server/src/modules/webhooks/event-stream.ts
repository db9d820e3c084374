import type { ServerResponse } from 'node:http';
import { isWebhookEvent } from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { OPEN_EVENTS_CHANNEL } from './event-log.ts';
import { eventsAfter, lastEventId, type StreamEvent } from './open-events.repository.ts';

/** Whom a stream is for: a tenant, and the work accounts its key may see. */
export interface StreamScope {
  tenantId: string;
  /** Work account ids, or 'all' (the events of every account and of none). */
  accountIds: readonly string[] | 'all';
}

/** Tunables of a stream (tests shorten them). */
export interface StreamOptions {
  /** How often the stream looks for events when no wake came. */
  pollMs: number;
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** Most events read at once. */
  batch: number;
  /** Ends the stream (the server is closing). */
  signal?: AbortSignal;
  /**
   * Asked at each heartbeat: the scope as it is now (a key's creator may have lost accounts), or
   * null when the caller may no longer read (the key was revoked): the stream ends.
   */
  recheck?: () => Promise<StreamScope | null>;
}

const DEFAULTS: StreamOptions = { pollMs: 1000, heartbeatMs: 15_000, batch: 500 };

/** The `Last-Event-ID` of a request: a non-negative integer, or null (start from now). */
export function lastEventIdOf(header: unknown): number | null {
  const text = Array.isArray(header) ? header[0] : header;
  if (typeof text !== 'string' || !/^\d{1,18}$/.test(text.trim())) return null;
  return Number(text.trim());
}

/** One event as an SSE frame: `id`, `event` and the webhook body as `data`. */
export function sseFrame(tenantId: string, e: StreamEvent): string {
  const body = JSON.stringify({
    id: e.publicId,
    event: e.event,
    tenantId,
    occurredAt: e.occurredAt,
    data: e.data,
  });
  return `id: ${e.id}\nevent: ${e.event}\ndata: ${body}\n\n`;
}

/**
 * Serves `GET /open/v1/events` on a raw response (DESIGN.md §12): the tenant's events of the
 * scope's accounts after `lastId` (from now when null), oldest first, then each new one as it
 * commits (woken by the event log's NOTIFY, polling as a fallback), until the client goes. A
 * tenant's ids commit in order (the event log's lock), so resuming after an id misses none.
 */
export async function serveEventStream(
  deps: Deps,
  initial: StreamScope,
  lastId: number | null,
  res: ServerResponse,
  options: Partial<StreamOptions> = {},
): Promise<void> {
  const o = { ...DEFAULTS, ...options };
  let scope = initial;
  if (o.signal?.aborted) {
    res.end();
    return;
  }
  let after = lastId ?? (await lastEventId(deps.db, scope.tenantId));
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: 3000\n: resume after ${after}\n\n`);
  let closed = false;
  let wake: (() => void) | null = null;
  const poke = () => wake?.();
  const off = deps.bus.subscribe(OPEN_EVENTS_CHANNEL, poke);
  const end = () => {
    closed = true;
    poke();
  };
  res.on('close', end);
  o.signal?.addEventListener('abort', end);
  // The heartbeat follows the server's clock (deps.now), so tests can move it.
  let lastWrite = deps.now();
  try {
    while (!closed) {
      const events = await eventsAfter(deps.db, scope.tenantId, after, scope.accountIds, o.batch);
      for (const e of events) {
        after = e.id;
        if (!isWebhookEvent(e.event)) continue;
        res.write(sseFrame(scope.tenantId, e));
        lastWrite = deps.now();
      }
      if (events.length === o.batch) continue;
      if (deps.now() - lastWrite >= o.heartbeatMs) {
        if (o.recheck) {
          const now = await o.recheck();
          if (!now || closed) break;
          scope = now;
        }
        res.write(': keep-alive\n\n');
        lastWrite = deps.now();
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, o.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  } finally {
    off();
    o.signal?.removeEventListener('abort', end);
    if (!res.writableEnded) res.end();
  }
}
