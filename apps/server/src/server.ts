import type { FastifyServerOptions } from 'fastify';
import { buildApp, type App } from './app.ts';
import { watchedAuthCache } from './platform/auth-cache.ts';
import { MemoryBus, PgBus, type Bus } from './platform/bus.ts';
import type { Config } from './platform/config.ts';
import { openDatabase, type Database } from './platform/db.ts';
import { upgradeSafely } from './modules/backup/index.ts';
import { pgliteGrowthJob, pgliteMaintenanceJob } from './platform/pglite-maintenance.ts';
import type { AppDeps, Deps } from './platform/deps.ts';
import { seed, type CreatedLogin } from './modules/bootstrap/seed.ts';
import {
  type AccountRuntime,
  type AccountRuntimeOptions,
} from './modules/accounts/account-runtime.ts';
import { job } from './modules/module.ts';
import { DEFAULT_LEASE_OPTIONS } from './modules/accounts/account-lease.ts';
import type { HubOptions } from './realtime/realtime.hub.ts';
import type { RealtimeHub } from './realtime/realtime.hub.ts';
import type { Scheduler, SchedulerOptions } from './scheduler/scheduler.ts';

/** Tunables of a server's parts (tests shorten leases, timers and simulator delays). */
export interface ServerOptions {
  logger?: FastifyServerOptions['logger'];
  database?: Database;
  realtime?: Partial<HubOptions>;
  accounts?: Partial<AccountRuntimeOptions>;
  /** The scheduler's tunables (poll, lease, jitter source, day of caps). */
  scheduler?: Partial<SchedulerOptions>;
  /** The clock (tests move it); default `Date.now`. */
  now?: () => number;
  /** The answer of each new login captcha (the browser tests' server); default random. */
  captchaText?: () => string;
}

/** A running server: its app, deps and a stop function that leaves the data consistent. */
export interface Server {
  app: App;
  /** The deps with every service of this instance (modules/services.ts). */
  deps: AppDeps;
  created: CreatedLogin[];
  url: string;
  /** The websocket hub of this instance. */
  realtime: RealtimeHub;
  /** The chat gateway, leases and account events of this instance. */
  accounts: AccountRuntime;
  /** The scheduler of this instance (running when SERVICES includes scheduler). */
  scheduler: Scheduler;
  stop(): Promise<void>;
}

/**
 * The deps of a server on an open, migrated database: the bus (LISTEN/NOTIFY on PostgreSQL, in
 * memory on PGlite) and the watched session cache. The log is set once the app exists; `close`
 * releases the bus and the cache's listeners, then the database.
 */
export async function openDeps(config: Config, database: Database, now: () => number) {
  const bus: Bus =
    database.kind === 'postgres' && database.url && database.pool
      ? new PgBus(database.url, database.pool)
      : new MemoryBus();
  const auth = await watchedAuthCache(database, bus);
  const holder = { log: undefined as unknown as Deps['log'] };
  const deps: Deps = {
    config,
    database,
    db: database.db,
    bus,
    authCache: auth.cache,
    get log() {
      return holder.log;
    },
    now,
  };
  return {
    deps,
    setLog: (log: Deps['log']) => void (holder.log = log),
    close: async () => {
      await auth.close().catch(() => undefined);
      await bus.close();
      await database.close();
    },
  };
}

/**
 * Opens the database, migrates, seeds, builds the app and listens. Once ready, the realtime hub
 * listens on the bus and the account runtime takes its leases: every account that was online
 * comes back without a new QR code. `stop` hands the leases back, drops websockets (browsers
 * reconnect and resume) and closes the database.
 */
export async function startServer(config: Config, opts: ServerOptions = {}): Promise<Server> {
  const database =
    opts.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await upgradeSafely(config, database, opts.now ?? (() => Date.now()));
  const {
    deps: base,
    setLog,
    close,
  } = await openDeps(config, database, opts.now ?? (() => Date.now()));
  if (opts.captchaText) base.captchaText = opts.captchaText;
  const app = await buildApp(base, {
    logger: opts.logger,
    realtime: opts.realtime,
    scheduler: {
      pollMs: config.schedulerPollMs,
      leaseMs: config.schedulerLeaseMs,
      ...opts.scheduler,
    },
    // PGlite has no autovacuum: the server keeps its statistics and reclaims dead rows itself.
    platformJobs:
      database.kind === 'pglite'
        ? [job(pgliteMaintenanceJob(database)), job(pgliteGrowthJob(database))]
        : [],
    accounts: {
      ...opts.accounts,
      lease: {
        leaseMs: config.accountLeaseMs,
        renewMs: Math.min(DEFAULT_LEASE_OPTIONS.renewMs, Math.floor(config.accountLeaseMs / 3)),
        ...opts.accounts?.lease,
      },
    },
    loadStoredMedia: true,
  });
  const { deps } = app;
  setLog(app.log);
  const created = await seed(deps);
  // Ready hooks start the hub and the account runtime (leases resume the accounts).
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let stopping: Promise<void> | null = null;
  return {
    app,
    deps,
    created,
    url: `http://${config.host}:${port}`,
    realtime: deps.realtime,
    accounts: deps.runtime,
    scheduler: deps.scheduler,
    stop: () =>
      (stopping ??= (async () => {
        // Close hooks stop the hub (websockets dropped) and the runtime (leases released).
        await app.close();
        await close();
      })()),
  };
}
