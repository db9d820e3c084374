import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import { MemoryBus, PgBus, type Bus } from './platform/bus.ts';
import type { Config } from './platform/config.ts';
import { openDatabase, runMigrations, type Database } from './platform/db.ts';
import type { Deps } from './platform/deps.ts';
import { seed, type CreatedLogin } from './modules/bootstrap/seed.ts';

/** A running server: its app, deps and a stop function that leaves the data consistent. */
export interface Server {
  app: Awaited<ReturnType<typeof buildApp>>;
  deps: Deps;
  created: CreatedLogin[];
  url: string;
  stop(): Promise<void>;
}

/** Opens the database, migrates, seeds, builds the app and listens. */
export async function startServer(
  config: Config,
  opts: { logger?: FastifyServerOptions['logger']; database?: Database } = {},
): Promise<Server> {
  const database =
    opts.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await runMigrations(database);
  const bus: Bus =
    database.kind === 'postgres' && database.url && database.pool
      ? new PgBus(database.url, database.pool)
      : new MemoryBus();
  const app0 = { log: undefined as unknown as Deps['log'] };
  const deps: Deps = {
    config,
    database,
    db: database.db,
    bus,
    get log() {
      return app0.log;
    },
    now: () => Date.now(),
  };
  const app = await buildApp(deps, { logger: opts.logger });
  app0.log = app.log;
  const created = await seed(deps);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let stopping: Promise<void> | null = null;
  return {
    app,
    deps,
    created,
    url: `http://${config.host}:${port}`,
    stop: () =>
      (stopping ??= (async () => {
        await app.close();
        await bus.close();
        await database.close();
      })()),
  };
}
