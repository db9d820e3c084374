import { randomBytes, randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import pg from 'pg';
import * as schema from './schema.ts';

// The adapter's tests own their database: this package's tables alone, made from its schema by
// drizzle-kit (the same DDL its migrations in the server hold), on PGlite in memory, or on a new
// database of the PostgreSQL server at TEST_DATABASE_URL when set, dropped on close.

type Schema = typeof schema;
/** A drizzle handle that knows this package's tables (and `db.query.waSessions`, …). */
export type TestDb = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** A test database with this adapter's tables. */
export interface TestDatabase {
  db: TestDb;
  /** The server's `server_secrets`, as the adapter sees it: a secret made once per name. */
  sharedSecret(name: string): Promise<string>;
  close(): Promise<void>;
}

export const DB_KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

let ddl: Promise<string[]> | undefined;
/** The statements that create this package's tables on an empty database. */
function schemaDdl(): Promise<string[]> {
  ddl ??= generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
  return ddl;
}

/**
 * Opens an empty database and creates the adapter's tables in it. With `dataDir`, a PGlite
 * folder kept between runs instead (the tables made on the first).
 */
export async function createTestDatabase(dataDir?: string): Promise<TestDatabase> {
  const statements = await schemaDdl();
  const secrets = new Map<string, string>();
  const sharedSecret = async (name: string) => {
    if (!secrets.has(name)) secrets.set(name, randomBytes(32).toString('base64url'));
    return secrets.get(name)!;
  };
  const base = dataDir ? undefined : process.env.TEST_DATABASE_URL;
  if (!base) {
    const client = new PGlite(dataDir);
    const made = await client.query(`SELECT to_regclass('wa_sessions') IS NOT NULL AS made`);
    if (!(made.rows[0] as { made: boolean }).made) for (const s of statements) await client.exec(s);
    return {
      db: drizzlePglite(client, { schema }) as unknown as TestDb,
      sharedSecret,
      close: () => client.close(),
    };
  }
  const name = `wa_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await withAdmin(base, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 5 });
  // `pool.end()` resolves once its connections are told to end, not once they have: the DROP …
  // WITH (FORCE) below may still reach one, whose "terminating connection" the pool passes on as
  // an 'error' event — with no listener, an uncaught exception in whichever test runs then (as
  // the server's own pool, which ignores it too).
  pool.on('error', () => undefined);
  for (const s of statements) await pool.query(s);
  return {
    db: drizzlePg(pool, { schema }) as unknown as TestDb,
    sharedSecret,
    close: async () => {
      await pool.end();
      await withAdmin(base, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
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
