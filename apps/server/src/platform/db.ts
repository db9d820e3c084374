import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema/index.ts';

export type Schema = typeof schema;
/** The drizzle handle every repository takes; the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '../db/migrations');

/** A connected database: PGlite in a folder (or memory) or a PostgreSQL pool. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection string when on PostgreSQL (for LISTEN/NOTIFY clients). */
  url?: string;
  /** The pool when on PostgreSQL. */
  pool?: pg.Pool;
  /**
   * Calls `handler` on each NOTIFY on `channel` (on PostgreSQL, one of POOL_CHANNELS) that
   * reaches this database handle; resolves with an unsubscribe. A notification from this
   * process's own commit arrives before the committing query returns. On PostgreSQL, those
   * of other processes arrive only while a pooled connection is open: the bus is the reliable
   * route for them.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Opens PGlite under `dataDir/pg` (or in memory when dataDir is null). */
export async function openPglite(dataDir: string | null): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const dir = path.join(dataDir, 'pg');
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    listen: (channel, handler) => client.listen(channel, handler),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** The channel of auth changes (triggers of migration 0003; platform/auth-cache.ts). */
export const AUTH_CHANNEL = 'cst_auth';
/**
 * Channels every pooled PostgreSQL connection listens on. PostgreSQL delivers a session's own
 * notification before its COMMIT completes, so a change made through the pool is known to this
 * process before the call that made it returns.
 */
const POOL_CHANNELS = [AUTH_CHANNEL];

/** Opens a PostgreSQL pool. */
export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection dropped by the server (restart, admin) must not crash the process: the
  // pool replaces it on the next query.
  pool.on('error', () => undefined);
  const notices = new EventEmitter().setMaxListeners(0);
  pool.on('connect', (client) => {
    client.on('notification', (n) => notices.emit(n.channel, n.payload ?? ''));
    // Queued before the query the connection was opened for.
    void client.query(POOL_CHANNELS.map((c) => `LISTEN ${c}`).join('; ')).catch(() => undefined);
  });
  // Fail fast on a bad URL rather than at the first request.
  const c = await pool.connect();
  c.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    pool,
    listen: async (channel, handler) => {
      if (!POOL_CHANNELS.includes(channel)) throw new Error(`not a pool channel: ${channel}`);
      notices.on(channel, handler);
      return async () => void notices.off(channel, handler);
    },
    close: () => pool.end(),
  };
}

/** Opens the configured database. */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string | null }) {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

/** Applies the committed migrations; on PostgreSQL under an advisory lock so instances take turns. */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, config);
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client), config);
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    await client.end();
  }
}

/** The rows of a raw query, the same on PGlite and node-postgres. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
