import type { FastifyBaseLogger } from 'fastify';
import type { AuthCache } from './auth-cache.ts';
import type { Bus } from './bus.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db.ts';

/** What every module is built from. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  bus: Bus;
  /** Sessions resolved recently, dropped on every auth change (platform/auth-cache.ts). */
  authCache: AuthCache;
  log: FastifyBaseLogger;
  /** The clock; tests may move it. */
  now: () => number;
  /**
   * The answer of each new login captcha; unset = random. Only tests set it (API tests on their
   * deps, the browser tests' server through its own entry), to sign in past a captcha.
   */
  captchaText?: () => string;
}

/**
 * The services of a server instance, built once, in order, by the composition root
 * (`modules/services.ts`) when the server is built. Each service adds itself here in the file that
 * defines it (`declare module '…/platform/deps.ts' { interface Services { … } }`), so this file
 * imports no module: the platform's pieces (realtime hub, scheduler, object storage, the
 * console's event registries) and the modules' (account runtime, media, AI, robots, …).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by each service
export interface Services {}

/**
 * The deps of a class or function that uses the services `K`, named in its signature:
 * `constructor(deps: Uses<'realtime' | 'runtime'>)`. `grep -rn "Uses<.*'realtime'"` lists who
 * uses the hub.
 */
export type Uses<K extends keyof Services> = Deps & Pick<Services, K>;

/** The deps with every service: what the composition root hands to the module factories. */
export type AppDeps = Deps & Services;
