import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SubRole } from '@cst/shared';
import { buildApp } from '../src/app.ts';
import type { ServiceOptions } from '../src/modules/services.ts';
import { tenants, users } from '../src/db/schema/index.ts';
import { openDeps, startServer, type Server, type ServerOptions } from '../src/server.ts';
import { loadConfig, type Config } from '../src/platform/config.ts';
import { FILE_COOKIE } from '../src/platform/file-cookie.ts';
import { openPostgres, runMigrations, type Database } from '../src/platform/db.ts';
import type { AppDeps, Deps } from '../src/platform/deps.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { seed } from '../src/modules/bootstrap/seed.ts';
import {
  DEV_S3_ACCESS_KEY_ID,
  DEV_S3_REGION,
  DEV_S3_SECRET_ACCESS_KEY,
  startDevS3,
  type DevS3Server,
} from '../src/storage/s3-dev-server.ts';
import { pooledPglite } from './pglite-pool.ts';
import { migrationsHash, seedPgliteDataDir } from './pglite-template.ts';

export { seedPgliteDataDir };

/** Password of every user the tests create. */
export const TEST_PASSWORD = 'secret123';

/** Which database the suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const DB_KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database: an in-memory PGlite as the template holds it (one a closed test
 * emptied, test/pglite-pool.ts), or a new database on the test server.
 */
export async function createTestDatabase(): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return pooledPglite();
  const url = await createPgDatabase(base);
  const database = await openPostgres(url, 5);
  const close = database.close;
  database.close = async () => {
    await close();
    await dropPgDatabase(base, url);
  };
  return database;
}

/**
 * A new database on the test server, a copy of a template to which every migration has been
 * applied (built once per set of migrations and kept on the server): CREATE DATABASE … TEMPLATE
 * copies files, which is much faster than running the migrations again. Returns its URL.
 */
export async function createPgDatabase(base: string): Promise<string> {
  const template = await migratedTemplate(base);
  const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await withAdmin(base, (admin) =>
    whenUnused(() => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)),
  );
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database that createPgDatabase made. */
export async function dropPgDatabase(base: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await withAdmin(base, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

async function withAdmin<T>(base: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Runs a statement that fails while someone is connected to the database it copies or renames:
 * a backend of a pool closed just before may still be ending.
 */
async function whenUnused<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await statement();
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

let templateName: Promise<string> | null = null;

/** The name of the migrated template for the current migrations, built when missing. */
function migratedTemplate(base: string): Promise<string> {
  templateName ??= buildTemplate(base).catch((err: unknown) => {
    templateName = null;
    throw err;
  });
  return templateName;
}

async function buildTemplate(base: string): Promise<string> {
  const name = `tpl_${migrationsHash()}`;
  await withAdmin(base, async (admin) => {
    // Test processes running at once take turns; the first builds, the others find it.
    await admin.query('SELECT pg_advisory_lock(727275)');
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return;
      const building = `${name}_build`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(base);
      url.pathname = `/${building}`;
      const database = await openPostgres(url.toString(), 1);
      try {
        await runMigrations(database);
      } finally {
        await database.close();
      }
      // Renamed only once complete: a template that exists is a migrated one.
      await whenUnused(() => admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`));
    } finally {
      await admin.query('SELECT pg_advisory_unlock(727275)');
    }
  });
  return name;
}

/** A test configuration: defaults with fixed passwords and a temp data folder. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      DATA_DIR: path.join(os.tmpdir(), `cst-test-${randomUUID().slice(0, 8)}`),
      ADMIN_PASSWORD: TEST_PASSWORD,
      DEMO_PASSWORD: TEST_PASSWORD,
      WEB_DIST: path.join(os.tmpdir(), 'cst-no-web'),
    }),
    ...overrides,
  };
}

/** Everything a server test needs. */
export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** The deps with every service of the server (modules/services.ts): `ctx.deps.realtime`, …. */
  deps: AppDeps;
  database: Database;
  clock: { offset: number };
  close(): Promise<void>;
}

/**
 * Builds the app on a fresh database with the start-up users (admin, demo tenant). `prepare`
 * runs on the deps before the app and its services are built; the service options it answers
 * are added to `appOptions` (e.g. `{ accounts: { gateway } }` to put another chat gateway in
 * place).
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  appOptions: Parameters<typeof buildApp>[1] = {},
  prepare?: (deps: Deps) => Promise<ServiceOptions | undefined>,
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const clock = { offset: 0 };
  const opened = await openDeps(config, database, () => Date.now() + clock.offset);
  const { setLog, close } = opened;
  const prepared = await prepare?.(opened.deps);
  const app = await buildApp(opened.deps, { ...appOptions, ...prepared });
  const { deps } = app;
  setLog(app.log);
  await app.ready();
  await seed(deps);
  return {
    app,
    deps,
    database,
    clock,
    close: async () => {
      await app.close();
      await close();
    },
  };
}

/** Headers of a signed-in caller, as the main client sends them. */
export interface Session {
  token: string;
  uid: string;
  tenantId: string | null;
  headers: Record<string, string>;
  /** The file cookie as a browser sends it on file routes (`{ cookie }` headers). */
  fileCookie: { cookie: string };
}

let ipCounter = 0;
/** A distinct client address, so rate limits of one test do not touch another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** Signs in over HTTP and returns the session headers. */
export async function login(
  ctx: Pick<TestContext, 'app'>,
  username: string,
  password = TEST_PASSWORD,
): Promise<Session> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/system-api/auth/login',
    payload: { username, password },
    remoteAddress: nextIp(),
  });
  const body = res.json() as {
    code: number;
    msg: string;
    data: { token: string; user: { uid: string; tenantId: string | null } };
  };
  if (body.code !== 200) throw new Error(`login ${username} failed: ${body.msg}`);
  const { token, user } = body.data;
  return {
    token,
    uid: user.uid,
    tenantId: user.tenantId,
    headers: { 'cst-token': token, 'cst-id': user.tenantId ?? '' },
    fileCookie: { cookie: `${FILE_COOKIE}=${token}` },
  };
}

/** Creates a tenant with a manager, directly in the database. */
export async function buildTenant(ctx: { deps: Deps }, name = `租户${randomUUID().slice(0, 4)}`) {
  const [tenant] = await ctx.deps.db.insert(tenants).values({ name }).returning();
  const manager = await buildUser(ctx, { tenantId: tenant!.id, role: 'manager' });
  return { tenant: tenant!, manager };
}

/** Creates a user directly in the database. */
export async function buildUser(
  ctx: { deps: Deps },
  fields: {
    tenantId: string | null;
    role: 'admin' | 'manager' | SubRole;
    username?: string;
    superiorId?: string | null;
    roleId?: string | null;
  },
) {
  const username = fields.username ?? `u${randomUUID().slice(0, 8)}`;
  const [user] = await ctx.deps.db
    .insert(users)
    .values({
      tenantId: fields.tenantId,
      username,
      passwordHash: await hashPassword(TEST_PASSWORD),
      nickname: username,
      role: fields.role,
      superiorId: fields.superiorId ?? null,
      roleId: fields.roleId ?? null,
    })
    .returning();
  return user!;
}

/** The demo tenant's id. */
export async function demoTenant(ctx: TestContext): Promise<string> {
  const rows = await ctx.deps.db.select().from(users).where(eq(users.username, 'demo'));
  return rows[0]!.tenantId!;
}

/**
 * The server of a test file (or of a `describe` block, when called in one): built in a
 * `beforeAll` on a fresh database with the start-up users, closed in the matching `afterAll`.
 * The object it returns is filled in by that `beforeAll`: read it in hooks and tests, not while
 * the file is being collected. `overrides` may be a function, called then (e.g. to point at a
 * local service that an earlier `beforeAll` started).
 *
 *     const ctx = useTestServer();
 *     beforeAll(async () => ({ demo, seat1 } = await signInAs(ctx, 'demo', 'seat1')));
 */
export function useTestServer(
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  appOptions: Parameters<typeof buildApp>[1] = {},
  prepare?: (deps: Deps) => Promise<ServiceOptions | undefined>,
): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    const config = typeof overrides === 'function' ? overrides() : overrides;
    Object.assign(ctx, await buildTestApp(config, appOptions, prepare));
  });
  afterAll(async () => {
    await ctx.close?.();
  });
  return ctx;
}

/**
 * A fresh, migrated database (createTestDatabase, or PGlite with `kind: 'pglite'`) for a test file or `describe` block that needs
 * no server: opened in a `beforeAll`, closed in the matching `afterAll`. The object it returns is
 * filled in by that `beforeAll`, as with `useTestServer`.
 */
export function useTestDatabase(opts: { kind?: 'pglite' } = {}): Database {
  const database = {} as Database;
  beforeAll(async () => {
    // `kind: 'pglite'`: a test of what only the embedded database does, on it in every run.
    Object.assign(database, opts.kind ? await pooledPglite() : await createTestDatabase());
  });
  afterAll(async () => {
    await database.close?.();
  });
  return database;
}

/**
 * `useTestServer` for tests that need the whole server listening (the scheduler, websockets,
 * leases): `startServer` on port 0 with `options` on a fresh database (createTestDatabase: PGlite
 * from the migrated template, or PostgreSQL with TEST_DATABASE_URL), stopped after the tests.
 */
export function useStartedServer(
  options: ServerOptions = {},
  overrides: Partial<Config> = {},
): Server {
  const server = {} as Server;
  beforeAll(async () => {
    const database = options.database ?? (await createTestDatabase());
    Object.assign(
      server,
      await startServer(testConfig({ port: 0, ...overrides }), { ...options, database }),
    );
  });
  afterAll(async () => {
    await server.stop?.();
  });
  return server;
}

/**
 * The deps of a server without its app (the scheduler's own tests): `openDeps` on a fresh
 * database with a silent log and the clock `now`, opened in a `beforeAll` and closed (database
 * included) in the matching `afterAll`. Filled in by that `beforeAll`, as with `useTestServer`.
 */
export function useTestDeps(now: () => number = () => Date.now()): Deps {
  const deps = {} as Deps;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await openDeps(testConfig(), await createTestDatabase(), now);
    opened.setLog({ debug() {}, info() {}, warn() {}, error() {} } as unknown as Deps['log']);
    // Its getters (the log) copied as getters.
    Object.defineProperties(deps, Object.getOwnPropertyDescriptors(opened.deps));
    close = opened.close;
  });
  afterAll(async () => {
    await close?.();
  });
  return deps;
}

/** A folder of its own under the system's temp folder, made now and removed after the tests. */
export function useTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A database that outlives one server, copied from the migrated template: a new PostgreSQL
 * database (TEST_DATABASE_URL), or a PGlite folder. Its config points a server at it.
 */
export async function createTestStore(): Promise<{
  config: Partial<Config>;
  drop(): Promise<void>;
}> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const dataDir = testConfig().dataDir!;
    await seedPgliteDataDir(dataDir);
    return {
      config: { dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = await createPgDatabase(base);
  return { config: { databaseUrl: url }, drop: () => dropPgDatabase(base, url) };
}

/**
 * Servers that stop and start again on one database, or run side by side on it (restarts,
 * leases, several scheduler instances): `store()` makes a database that outlives its servers
 * (createTestStore), `start(store)` a server on it, listening on port 0 with `options`. Every
 * server still running is stopped after the tests, then every store is dropped.
 *
 *     const servers = useServersOnStores({ scheduler: { pollMs: 100 } });
 *     const store = await servers.store();
 *     const A = await servers.start(store);
 *     await A.stop();
 *     const B = await servers.start(store);
 */
export function useServersOnStores(options: ServerOptions = {}) {
  const servers: Server[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
    for (const d of drops) await d();
  });
  return {
    /** A fresh database (its config: `dataDir` or `databaseUrl`), dropped after the tests. */
    async store(): Promise<Partial<Config>> {
      const st = await createTestStore();
      drops.push(() => st.drop());
      return st.config;
    },
    /** A server on `store` (config `overrides` on top), stopped after the tests. */
    async start(store: Partial<Config>, overrides: Partial<Config> = {}): Promise<Server> {
      const s = await startServer(testConfig({ ...store, port: 0, ...overrides }), options);
      servers.push(s);
      return s;
    },
  };
}

/**
 * The S3-like store of the tests (storage/s3-dev-server.ts) over a temp folder, with one bucket:
 * started in a `beforeAll`, closed and its folder removed in the matching `afterAll`. `endpoint`
 * is filled in by that `beforeAll`; `config()` is a server's STORAGE=s3 settings for it:
 *
 *     const s3 = useDevS3();
 *     const ctx = useTestServer(() => s3.config());
 */
export function useDevS3(bucket = 'files') {
  const dir = path.join(os.tmpdir(), `cst-s3-${randomUUID().slice(0, 8)}`);
  let server: DevS3Server | undefined;
  const s3 = {
    endpoint: '',
    config: (): Partial<Config> => ({
      storage: 's3',
      s3: {
        endpoint: s3.endpoint,
        bucket,
        region: DEV_S3_REGION,
        accessKeyId: DEV_S3_ACCESS_KEY_ID,
        secretAccessKey: DEV_S3_SECRET_ACCESS_KEY,
        publicHost: undefined,
        forcePathStyle: true,
      },
    }),
  };
  beforeAll(async () => {
    server = await startDevS3({ directory: dir, bucket });
    s3.endpoint = server.endpoint;
  });
  afterAll(async () => {
    await server?.close();
    await fs.promises.rm(dir, { recursive: true, force: true });
  });
  return s3;
}
