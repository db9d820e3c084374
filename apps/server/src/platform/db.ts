import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import {
  Column,
  getTableColumns,
  is,
  SQL,
  sql,
  type ExtractTablesWithRelations,
  type Query,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  PgDialect,
  type PgDatabase,
  type PgQueryResultHKT,
  type PgTable,
  type PgTransaction,
} from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteSession } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { PGliteThread } from './pglite-thread.ts';
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
  /**
   * PGlite in a folder: its data folder (`DATA_DIR/pg`) and `snapshot`, which runs `fn` with a
   * handle on a transaction during which nothing else runs (PGliteThread.snapshot): the folder's
   * files stand still for a backup to copy them and count the rows they hold.
   */
  folder?: { dir: string; snapshot<T>(fn: (db: Db) => Promise<T>): Promise<T> };
  close(): Promise<void>;
}

/**
 * Opens PGlite under `dataDir/pg` (or in memory when dataDir is null), on its own thread. An
 * in-memory one may start from `template`, a dumped data folder (the tests' migrated template).
 */
export async function openPglite(dataDir: string | null, template?: Uint8Array): Promise<Database> {
  let dir: string | null = null;
  if (dataDir) {
    dir = path.join(dataDir, 'pg');
    fs.mkdirSync(dir, { recursive: true });
  }
  return pgliteDatabase(await PGliteThread.open(dir, template), dir);
}

/** What of a PGliteThread a Database uses (the tests lend one thread to several in turn). */
export type PgliteClient = Pick<PGliteThread, 'query' | 'transaction' | 'listen' | 'close'> &
  Partial<Pick<PGliteThread, 'snapshot'>>;

/** The Database over an open PGlite client; `dir` is its data folder (null in memory). */
export function pgliteDatabase(client: PgliteClient, dir: string | null): Database {
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  const snapshot = client.snapshot?.bind(client);
  return {
    db,
    kind: 'pglite',
    listen: (channel, handler) => client.listen(channel, handler),
    ...(dir && snapshot
      ? {
          folder: {
            dir,
            snapshot: <T>(fn: (tx: Db) => Promise<T>) =>
              snapshot((tx) =>
                fn(drizzlePglite({ client: tx as unknown as PGlite, schema }) as unknown as Db),
              ),
          },
        }
      : {}),
    close: () => client.close(),
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
  // node-postgres and drizzle's driver for it load on PostgreSQL only: on PGlite they are about
  // 10 MB of an idle server (docs/performance.md).
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const notices = new EventEmitter().setMaxListeners(0);
  /** A pooled connection that listens on POOL_CHANNELS before it takes its first query. */
  class ListeningClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super(config);
      this.on('notification', (n) => notices.emit(n.channel, n.payload ?? ''));
    }
    // pg-pool connects with a callback.
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error | null, c?: pg.Client) => void): void;
    override connect(callback?: (err: Error | null, c?: pg.Client) => void) {
      const ready = super
        .connect()
        .then(() => this.query(POOL_CHANNELS.map((c) => `LISTEN ${c}`).join('; ')))
        .then(
          () => this as pg.Client,
          async (err: unknown) => {
            // pg-pool does not end a client whose connect failed.
            await this.end().catch(() => undefined);
            throw err;
          },
        );
      if (!callback) return ready;
      ready.then((c) => callback(null, c), callback);
    }
  }
  const pool = new pg.Pool({ connectionString: url, max, Client: ListeningClient });
  // An idle connection dropped by the server (restart, admin) must not crash the process: the
  // pool replaces it on the next query.
  pool.on('error', () => undefined);
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

/**
 * Applies the committed migrations (all pending ones in one transaction: one that fails leaves
 * the database as it was); on PostgreSQL under an advisory lock so instances take turns.
 */
export async function runMigrations(database: Database, folder = MIGRATIONS_DIR): Promise<void> {
  const config = { migrationsFolder: folder };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, config);
    return;
  }
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
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

/**
 * Runs a drizzle select (flat fields: columns, or `sql\`…\`.as(name)`) and returns its rows as
 * awaiting it would. On PGlite the page is read back as one JSON value: one field to decode
 * instead of one per column and row, which is most of what a page of conversations or messages
 * costs there (its wire protocol is parsed on the server's own thread). node-postgres parses plain
 * rows faster than it would the JSON, so on PostgreSQL the select simply runs.
 */
export async function selectRows<R>(db: DbOrTx, query: SQLWrapper & PromiseLike<R>): Promise<R> {
  if (!onPglite(db)) return await query;
  const fields = selectedFieldsOf(query);
  const [first] = rowsOf<{ page: unknown[][] }>(await db.execute(jsonPage(query, fields)));
  return rowsFromJson(fields, first?.page ?? []) as R;
}

function onPglite(db: DbOrTx): boolean {
  return is(db._.session, PgliteSession);
}

/** A drizzle select's fields (every select has them; a chained builder's type omits them). */
function selectedFieldsOf(select: SQLWrapper): Record<string, unknown> {
  const fields = (select as { getSelectedFields?: () => Record<string, unknown> })
    .getSelectedFields;
  if (!fields) throw new Error('a drizzle select was expected');
  return fields.call(select);
}

/**
 * A select's rows as one JSON value. json_agg takes the rows in the order the subquery (ORDER BY
 * … LIMIT) gives them: the aggregate runs above its Limit node, as PostgreSQL's manual describes
 * for sorted subqueries.
 */
function jsonPage(select: SQLWrapper, fields: Record<string, unknown>): SQL {
  return sql`select ${jsonRowsOf('q', fields)} as page from (${select}) q`;
}

/** json_build_array takes at most 100 arguments (PostgreSQL's FUNC_MAX_ARGS). */
const JSON_ARRAY_MAX = 100;

/**
 * The rows of `alias` (a select of `fields`, its columns named as the select names them) as one
 * JSON array of rows, `[]` when there are none, each row an array of its values in the order of
 * `fields` (`rowsFromJson` reads both forms). An array per row instead of an object: PostgreSQL
 * writes no key for each value, and the text to decode, pass between threads and parse is less
 * than half as long (the inbox page on PGlite: 26.8 → 11.2 KB, its statement 0.85 → 0.65 ms).
 * A value is written as in `row_to_json` (both use the same conversion per type). Objects
 * (`json_agg` of the row) when the fields are too many or their names repeat.
 */
export function jsonRowsOf(alias: string, fields: Record<string, unknown>): SQL {
  const names = readPlanOf(fields).map((f) => f.name);
  return names.length <= JSON_ARRAY_MAX && new Set(names).size === names.length
    ? jsonArraysOf(alias, names)
    : sql`coalesce(json_agg(${sql.identifier(alias)}), '[]'::json)`;
}

/**
 * The rows of `alias` as one JSON array, `[]` when there are none, each row an array of its
 * `columns` (at most 100, distinct) in that order, in `orderBy`'s order when given; `objectsOf`
 * reads it back. On PGlite `row_to_json` of each row (an object) also cost about twice as much per
 * row as `json_build_array` (a report's 110 rows of 12 columns: 5.3 → 4.7 ms).
 */
export function jsonArraysOf(alias: string, columns: readonly string[], orderBy?: SQL): SQL {
  const values = sql.join(
    columns.map((n) => sql`${sql.identifier(alias)}.${sql.identifier(n)}`),
    sql`, `,
  );
  const order = orderBy ? sql` order by ${orderBy}` : sql``;
  return sql`coalesce(json_agg(json_build_array(${values})${order}), '[]'::json)`;
}

/** The rows of `jsonArraysOf` (its JSON, or its text) as objects with `columns` as keys. */
export function objectsOf<T>(columns: readonly (keyof T & string)[], json: unknown): T[] {
  const arrays = (typeof json === 'string' ? JSON.parse(json) : (json ?? [])) as unknown[][];
  return arrays.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
    return row as T;
  });
}

/**
 * A query's rows (its columns are `columns`, every one of them) read back as one JSON value of
 * arrays (`jsonArraysOf`): one field to decode instead of one per column and row, which is most
 * of what thousands of small rows cost on PGlite.
 */
export async function jsonRows<T>(
  db: DbOrTx,
  columns: readonly (keyof T & string)[],
  query: SQL,
): Promise<T[]> {
  const result = await db.execute(
    sql`select ${jsonArraysOf('q', columns)} as page from (${query}) q`,
  );
  return objectsOf<T>(columns, rowsOf<{ page: unknown }>(result)[0]?.page);
}

/** A statement built once: its text and parameters (placeholders among them), and its name. */
interface Built {
  query: Query;
  name: string;
  /** What a select's rows are mapped to (`preparedSelect`). */
  fields?: Record<string, unknown>;
}

const dialect = new PgDialect();
let statementCount = 0;
/** Shapes kept per prepared query; the oldest is built again when more turn up. */
const SHAPES_KEPT = 64;

/** A cache of statements by shape, each built on first use. */
function shapes() {
  const built = new Map<string, Built>();
  return (shape: string, make: () => Omit<Built, 'name'>): Built => {
    let b = built.get(shape);
    if (!b) {
      b = { ...make(), name: `cst_q${++statementCount}` };
      built.set(shape, b);
      if (built.size > SHAPES_KEPT) built.delete(built.keys().next().value!);
    }
    return b;
  };
}

type Prepared = ReturnType<Db['_']['session']['prepareQuery']>;
/** Drizzle's prepared queries by session (the database's, or a transaction's) and statement. */
const preparedBySession = new WeakMap<object, WeakMap<Built, Prepared>>();

/**
 * Runs a built statement; with `arrays`, each row comes back as an array of its values in the
 * select's order (no object per row built by the driver only to be copied again).
 */
function run(
  db: DbOrTx,
  b: Built,
  values: Record<string, unknown>,
  arrays = false,
): Promise<unknown> {
  const session = db._.session;
  let mine = preparedBySession.get(session);
  if (!mine) preparedBySession.set(session, (mine = new WeakMap()));
  let prepared = mine.get(b);
  if (!prepared) {
    prepared = arrays
      ? session.prepareQuery(b.query, undefined, b.name, true, asRows)
      : session.prepareQuery(b.query, undefined, b.name, false);
    mine.set(b, prepared);
  }
  return prepared.execute(values);
}

/** The driver's rows as they are (arrays, in array mode). */
const asRows = (rows: unknown[]) => rows;

/**
 * Raw SQL built once per shape. The returned function takes the shape (a string naming what
 * changes the text: which conditions, a literal page size; never a value), `build`, which returns
 * the statement with `sql.placeholder(name)` where values go and runs only for a shape not built
 * yet, and the values; it returns the raw result (`rowsOf`).
 *
 * Building a drizzle query walks its whole tree, a tenth or more of a small read's server time;
 * the same text each time also lets the database keep the statement and its plan (a named
 * statement on node-postgres, a kept one in OneTripPGlite).
 */
export function preparedSql() {
  const of = shapes();
  return (db: DbOrTx, shape: string, build: () => SQL, values: Record<string, unknown>) =>
    run(
      db,
      of(shape, () => ({ query: dialect.sqlToQuery(build()) })),
      values,
    );
}

/**
 * A drizzle select built once per shape (as `preparedSql`), its rows read back as one JSON page
 * of arrays (`jsonRowsOf`) on both databases and mapped by the select's fields. The select reads
 * one table (or aliases its fields): rows are keyed by column name.
 *
 * On PostgreSQL too: node-postgres parses a row field by field (a string sliced from the buffer,
 * a type parser each), and the page's one JSON value cost Node about half as much as its 50 rows
 * of 26 columns (0.14 → 0.09 ms of CPU on the server's thread, which is what the inbox list waits
 * on at 10 concurrent requests); the database's json_agg costs about 0.05 ms more in its own
 * process. A JSON page of objects (every key once per row) was slower than plain rows there.
 */
export function preparedSelect<R>() {
  const of = shapes();
  return async (
    db: DbOrTx,
    shape: string,
    build: () => SQLWrapper & PromiseLike<R[]>,
    values: Record<string, unknown>,
  ): Promise<R[]> => {
    const b = of(shape, () => {
      const select = build();
      const fields = selectedFieldsOf(select);
      return { query: dialect.sqlToQuery(jsonPage(select, fields)), fields };
    });
    // In array mode: one row whose one value is the page.
    const result = (await run(db, b, values, true)) as unknown[][];
    return rowsFromJson(b.fields!, (result[0]?.[0] ?? []) as unknown[][]) as R[];
  };
}

/** Rows of `table` read from their JSON form (`row_to_json`, `json_agg`), as drizzle maps them. */
export function tableRowsFromJson<T extends PgTable>(
  table: T,
  list: JsonRow[],
): T['$inferSelect'][] {
  return rowsFromJson(getTableColumns(table), list) as T['$inferSelect'][];
}

/** How a row's fields are read: each key, the name it has in the JSON or raw row, its decoder. */
type ReadPlan = { key: string; name: string; decode: ((v: unknown) => unknown) | null }[];
const readPlans = new WeakMap<Record<string, unknown>, ReadPlan>();
/** The decoder every column inherits: the value as is (text, uuid, boolean…). */
const identity = Column.prototype.mapFromDriverValue;

function readPlanOf(fields: Record<string, unknown>): ReadPlan {
  let plan = readPlans.get(fields);
  if (plan) return plan;
  plan = Object.entries(fields).map(([key, field]) => {
    let name: string;
    let decoder: Pick<Column, 'mapFromDriverValue'>;
    if (is(field, Column)) {
      name = field.name;
      decoder = field;
    } else if (is(field, SQL.Aliased)) {
      // Its `.mapWith()` decoder (drizzle keeps it on the SQL; identity by default).
      name = field.fieldAlias;
      decoder = (field.sql as unknown as { decoder: Pick<Column, 'mapFromDriverValue'> }).decoder;
    } else {
      throw new Error(`field ${key} is neither a column nor aliased`);
    }
    const map = decoder.mapFromDriverValue;
    return { key, name, decode: map === identity ? null : (v: unknown) => map.call(decoder, v) };
  });
  readPlans.set(fields, plan);
  return plan;
}

/**
 * Rows of some columns (`fields`: a select's columns, one object kept for every call) read from
 * their JSON form, as drizzle maps them.
 */
export function fieldRowsFromJson(
  fields: Record<string, Column>,
  list: JsonRow[],
): Record<string, unknown>[] {
  return rowsFromJson(fields, list);
}

/** A row as JSON or a driver gives it: an object keyed by name, or its values in order. */
type JsonRow = Record<string, unknown> | unknown[];

/**
 * Maps rows to objects keyed as `fields` is: JSON objects keyed by column name or alias, or
 * arrays of the values in the order of `fields` (`jsonRowsOf`, a driver's array mode). The plan
 * is kept per field set: a prepared select maps every page with the same one.
 */
function rowsFromJson(fields: Record<string, unknown>, list: JsonRow[]) {
  const plan = readPlanOf(fields);
  const n = plan.length;
  return list.map((json) => {
    const row: Record<string, unknown> = {};
    if (Array.isArray(json)) {
      for (let i = 0; i < n; i++) {
        const { key, decode } = plan[i]!;
        const value = json[i] ?? null;
        row[key] = value === null || decode === null ? value : decode(value);
      }
      return row;
    }
    for (const { key, name, decode } of plan) {
      const value = json[name] ?? null;
      row[key] = value === null || decode === null ? value : decode(value);
    }
    return row;
  });
}
