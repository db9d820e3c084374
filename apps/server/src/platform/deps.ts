import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db.ts';

/** What every module is built from. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  /** The clock; tests may move it. */
  now: () => number;
}
