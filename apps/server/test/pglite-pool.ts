import type { QueryOptions, Results } from '@electric-sql/pglite';
import { pgliteDatabase, type Database, type PgliteClient } from '../src/platform/db.ts';
import { PGliteThread, type ThreadTransaction } from '../src/platform/pglite-thread.ts';
import { pgliteTemplate } from './pglite-template.ts';

// The in-memory databases of the tests on PGlite. Opening one from the migrated template costs
// one to three seconds of CPU (a thread, PostgreSQL's start in WASM, the template's files); most
// test files open one or more. A database a test closes is emptied instead (the tables that hold
// rows truncated, sequences restarted, the session discarded) and lent to the next test of the
// worker, which finds it as a fresh copy of the template would be. One whose schema changed,
// whose thread failed or that served many tests is closed for real.

/** Databases kept for the next test of this worker; more are closed (none with TEST_PGLITE_POOL=0). */
const MAX_IDLE = process.env.TEST_PGLITE_POOL === '0' ? 0 : 2;
/** A database serves at most this many tests (its WASM memory only grows). */
const MAX_USES = 40;

interface Pooled {
  thread: PGliteThread;
  uses: number;
  /** The template's schema, as `SCHEMA_DIGEST` reads it. */
  digest: string;
  /** The public tables, quoted. */
  tables: string[];
  /** What PGlite set for its session as it opened (`search_path`), set again after RESET ALL. */
  session: { name: string; setting: string }[];
}

const idle: Pooled[] = [];

/** A digest of the schema: relations, columns, constraints, functions, triggers, migrations. */
const SCHEMA_DIGEST = `
  select md5(string_agg(x, ',' order by x)) as digest from (
    select n.nspname || '.' || c.relname || ':' || c.relkind::text as x
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast%'
    union all
    select c.relname || '.' || a.attname || ':' || a.atttypid::text || ':' || a.attnotnull::text
           || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
    union all
    select conname || ':' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select proname || ':' || md5(prosrc) from pg_proc where pronamespace = 'public'::regnamespace
    union all
    select tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
    union all
    select 'migrations:' || count(*) || ':' || coalesce(max(id), 0) from drizzle.__drizzle_migrations
  ) parts`;

async function open(): Promise<Pooled> {
  const thread = await PGliteThread.open(null, await pgliteTemplate());
  const [{ digest }] = (await thread.query<{ digest: string }>(SCHEMA_DIGEST)).rows as [
    { digest: string },
  ];
  const tables = await thread.query<{ t: string }>(
    `select format('%I.%I', schemaname, tablename) as t from pg_tables
     where schemaname = 'public' order by 1`,
  );
  const session = await thread.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where source = 'session'`,
  );
  return { thread, uses: 0, digest, tables: tables.rows.map((r) => r.t), session: session.rows };
}

/** Empties a database a test has closed; false when it cannot serve another test. */
async function reset(p: Pooled): Promise<boolean> {
  if (p.thread.closed || p.uses >= MAX_USES) return false;
  try {
    // The session as new: settings, cursors, advisory locks, temp tables, LISTENs (DISCARD ALL
    // less DEALLOCATE: PGlite's client keeps its prepared statements).
    for (const statement of [
      'CLOSE ALL',
      'UNLISTEN *',
      'SELECT pg_advisory_unlock_all()',
      'DISCARD TEMP',
      'DISCARD SEQUENCES',
      'RESET ALL',
    ]) {
      await p.thread.query(statement);
    }
    for (const { name, setting } of p.session) {
      await p.thread.query('select set_config($1, $2, false)', [name, setting]);
    }
    const holding = await p.thread.query<{ t: string }>(
      p.tables
        .map((t) => `select '${t.replace(/'/g, "''")}' as t where exists (select from ${t})`)
        .join(' union all '),
    );
    if (holding.rows.length > 0) {
      await p.thread.query(
        `truncate ${holding.rows.map((r) => r.t).join(', ')} restart identity cascade`,
      );
    }
    const moved = await p.thread.query<{ s: string }>(
      `select format('%I.%I', schemaname, sequencename) as s from pg_sequences
       where schemaname = 'public' and last_value is not null`,
    );
    for (const { s } of moved.rows) await p.thread.query(`alter sequence ${s} restart`);
    await p.thread.query('select pg_stat_reset()');
    const [{ digest }] = (await p.thread.query<{ digest: string }>(SCHEMA_DIGEST)).rows as [
      { digest: string },
    ];
    return digest === p.digest;
  } catch {
    return false;
  }
}

/**
 * A test's lend of a pooled thread: the thread's interface while the test holds it; once the
 * test closes it, every call fails as on a closed database (a timer the test left behind cannot
 * reach the next test's rows), and its LISTENs are gone.
 */
class Lend implements PgliteClient {
  #open = true;
  readonly #subscriptions = new Set<() => Promise<void>>();

  constructor(
    private readonly thread: PGliteThread,
    private readonly onClose: () => Promise<void>,
  ) {}

  #stopped(): Promise<never> {
    return Promise.reject(new Error('database thread stopped'));
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!this.#open) return this.#stopped();
    return this.thread.query<T>(text, params, options);
  }

  transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    if (!this.#open) return this.#stopped();
    return this.thread.transaction((tx) =>
      fn({
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
          this.#open ? tx.query<R>(text, params, options) : this.#stopped(),
        rollback: () => tx.rollback(),
        get closed() {
          return tx.closed;
        },
      }),
    );
  }

  async listen(channel: string, handler: (payload: string) => void) {
    if (!this.#open) return this.#stopped();
    const unsubscribe = await this.thread.listen(channel, (payload) => {
      if (this.#open) handler(payload);
    });
    let done = false;
    const off = async () => {
      if (done) return;
      done = true;
      this.#subscriptions.delete(off);
      await unsubscribe();
    };
    this.#subscriptions.add(off);
    return off;
  }

  async close(): Promise<void> {
    if (!this.#open) return;
    this.#open = false;
    for (const off of [...this.#subscriptions]) await off().catch(() => undefined);
    await this.onClose();
  }
}

/** A fresh in-memory database as the migrated template holds it, from the pool when it can. */
export async function pooledPglite(): Promise<Database> {
  const p = idle.pop() ?? (await open());
  p.uses += 1;
  const lend = new Lend(p.thread, async () => {
    if (idle.length < MAX_IDLE && (await reset(p))) idle.push(p);
    else await p.thread.close();
  });
  return pgliteDatabase(lend, null);
}
