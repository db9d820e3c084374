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
