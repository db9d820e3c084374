import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { pickLanguage, translate } from '@cst/shared';
import type { Uses } from '../platform/deps.ts';
import { FAN_JOB } from '../modules/fan-tasks/fan-task.service.ts';
import { fanBacklog, outboxBacklog } from './metrics.repository.ts';

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The Prometheus metrics of one server instance (docs/scale-out.md lists them). Figures that
 * live elsewhere (sockets, leases, the scheduler's queue, the pool, the database backlog) are
 * read when scraped; HTTP latency is observed per request.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly http: Histogram<'method' | 'route' | 'status'>;

  constructor(private readonly deps: Uses<'realtime' | 'runtime' | 'scheduler'>) {
    const registers = [this.registry];
    this.http = new Histogram({
      name: 'cst_http_request_duration_seconds',
      help: 'HTTP request latency by route (the route pattern, not the address)',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    new Gauge({
      name: 'cst_websocket_connections',
      help: 'Open console websockets on this instance',
      registers,
      collect() {
        this.set(deps.realtime.socketCount);
      },
    });
    let frames = 0;
    new Counter({
      name: 'cst_push_frames_total',
      help: 'Pushed rows sent to sockets (rate() = push fan-out per second)',
      registers,
      collect() {
        const now = deps.realtime.framesSent;
        if (now > frames) this.inc(now - frames);
        frames = now;
      },
    });
    new Gauge({
      name: 'cst_accounts_held',
      help: 'Work accounts whose connection this instance holds (its leases)',
      registers,
      collect() {
        const rt = deps.runtime;
        this.set(rt.started ? rt.gateway.heldAccounts().length : 0);
      },
    });
    new Gauge({
      name: 'cst_messages_recovered',
      help: 'Messages stored after a reconnect that were missed while the account was disconnected (gaps closed by this instance since it started)',
      registers,
      collect() {
        const rt = deps.runtime;
        this.set(rt.started ? (rt.gateway.recoveredMessages?.() ?? 0) : 0);
      },
    });
    new Gauge({
      name: 'cst_outbox_backlog',
      help: 'Console sends waiting for their account holder (whole installation)',
      registers,
      async collect() {
        const b = await outboxBacklog(deps.db);
        this.set(b.count);
        outboxLag.set(b.oldestAt === null ? 0 : Math.max(0, deps.now() - b.oldestAt) / 1000);
      },
    });
    const outboxLag = new Gauge({
      name: 'cst_outbox_lag_seconds',
      help: 'Age of the oldest console send still waiting (0 when none)',
      registers,
    });
    new Gauge({
      name: 'cst_job_backlog',
      help: 'Background work not yet done, in the database (whole installation), by job kind',
      labelNames: ['kind'],
      registers,
      async collect() {
        this.set({ kind: FAN_JOB }, await fanBacklog(deps.db));
      },
    });
    new Gauge({
      name: 'cst_scheduler_held_items',
      help: 'Items this instance’s scheduler claimed and holds (waiting or running), by job kind',
      labelNames: ['kind'],
      registers,
      collect() {
        const now = deps.now();
        for (const [kind, w] of deps.scheduler.waiting()) {
          this.set({ kind }, w.held);
          schedulerLag.set(
            { kind },
            w.earliestAt === null ? 0 : Math.max(0, now - w.earliestAt) / 1000,
          );
        }
      },
    });
    const schedulerLag = new Gauge({
      name: 'cst_scheduler_lag_seconds',
      help: 'How far past its due time the earliest held item is, by job kind (0 when on time)',
      labelNames: ['kind'],
      registers,
    });
    const ran = new Map<string, number>();
    new Counter({
      name: 'cst_scheduler_runs_total',
      help: 'Items this instance’s scheduler ran, by job kind',
      labelNames: ['kind'],
      registers,
      collect() {
        for (const [kind, s] of deps.scheduler.statsByKind) {
          const before = ran.get(kind) ?? 0;
          if (s.ran > before) this.inc({ kind }, s.ran - before);
          else this.inc({ kind }, 0);
          ran.set(kind, s.ran);
        }
      },
    });
    new Gauge({
      name: 'cst_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients); PGlite: 1 total',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = deps.database.pool;
        this.set({ state: 'total' }, pool ? pool.totalCount : 1);
        this.set({ state: 'idle' }, pool ? pool.idleCount : 0);
        this.set({ state: 'waiting' }, pool ? pool.waitingCount : 0);
      },
    });
    new Gauge({
      name: 'cst_db_pool_max',
      help: 'Most connections the PostgreSQL pool opens (PGlite: 1)',
      registers,
      collect() {
        this.set(deps.database.pool?.options.max ?? 1);
      },
    });
    collectDefaultMetrics({ register: this.registry, prefix: 'cst_' });
  }
}

/**
 * `GET /metrics` in Prometheus text format behind `Authorization: Bearer {METRICS_TOKEN}` (401
 * without it), and the latency of every request. Nothing is registered when METRICS_TOKEN is unset.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: Uses<'realtime' | 'runtime' | 'scheduler'>,
): Metrics | null {
  const token = deps.config.metricsToken;
  if (!token) return null;
  const metrics = new Metrics(deps);
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.http.observe(
      {
        method: req.method,
        route: req.is404 ? 'unmatched' : route,
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  app.get(
    '/metrics',
    { config: { access: { kind: 'public' } }, schema: { hide: true } },
    async (req, reply) => {
      const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? '';
      if (!sameToken(given, token)) {
        const lang = pickLanguage(req.headers['accept-language']);
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ code: 401, message: translate('unauthenticated', lang), data: null });
      }
      const body = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(body);
    },
  );
  return metrics;
}
