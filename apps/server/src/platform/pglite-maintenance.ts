import { sql, type SQL } from 'drizzle-orm';
import { periodicJob } from '../scheduler/periodic.ts';
import { rowsOf, type Database } from './db.ts';

/**
 * PGlite runs PostgreSQL in single-user mode: no autovacuum, and its activity counters
 * (`pg_stat_user_tables`) stay at zero, so nothing tells which tables changed. Without this job
 * the planner keeps the statistics of an empty database however many contacts and messages
 * arrive, and dead row versions of updated rows (ticks, unread counts) are never reclaimed. It
 * does autovacuum's work the simple way: `VACUUM (ANALYZE)` of every table in turn, one table
 * per period of a periodic job of the scheduler (the schema's 125 tables, with the simulator's,
 * each about every 15 minutes). An unchanged table of 1,000,000 rows costs about 135 ms (the
 * visibility map skips its pages; ANALYZE samples 30,000 rows), and the database has one
 * thread: all the tables in a row held every message arriving meanwhile once per table it
 * waited behind.
 */
export const MAINTENANCE_TABLE_EVERY_MS = 7_000;

/** A table's name (from pg_class) as one quoted identifier. */
const quoted = (table: string) => `"${table.replaceAll('"', '""')}"`;

/**
 * Vacuums and analyses each table of the schema that `where` keeps (a condition on its `pg_class`
 * row `c`), one at a time, in name order, at most `limit` of them; returns their names.
 */
async function vacuumEach(
  database: Database,
  where = sql`true`,
  { limit }: { limit?: number } = {},
) {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`
      select c.relname as name from pg_class c
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace and ${where}
      order by c.relname
      ${limit === undefined ? sql`` : sql`limit ${limit}`}`),
  );
  for (const t of tables) await database.db.execute(sql.raw(`vacuum (analyze) ${quoted(t.name)}`));
  return tables.map((t) => t.name);
}

/** One pass: every table of the schema vacuumed and analysed; returns their names. */
export function maintainPglite(database: Database): Promise<string[]> {
  return vacuumEach(database);
}

/**
 * The pass one table at a time: the table after `after` in name order (the first one after the
 * last, or when `after` is null) vacuumed and analysed; returns its name (null: no table).
 */
export async function maintainNextPglite(
  database: Database,
  after: string | null,
): Promise<string | null> {
  const next = (where?: SQL) => vacuumEach(database, where, { limit: 1 });
  const [name] = after === null ? await next() : await next(sql`c.relname > ${after}`);
  if (name !== undefined || after === null) return name ?? null;
  return (await next())[0] ?? null;
}

/**
 * How often the size check of `analyzeGrownPglite` runs (3–4 ms on PGlite). Every 2 s analysed
 * the tables a burst grew sooner, but put an ANALYZE in the way of messages five times as often
 * (docs/performance.md, session 30).
 */
export const GROWTH_CHECK_EVERY_MS = 10_000;

/**
 * Pages below which the planner's figures are those of a (nearly) empty table: plans made from
 * them (sequential scans, nested loops over "one row") turn slow once it fills.
 */
const FRESH_PAGES = 8;
/** Pages (1 MB) from which such a table counts as filled by a burst and is analysed at once. */
const FILLED_PAGES = 128;

/**
 * The statistics target of the growth check's ANALYZE (PostgreSQL's default, which the full pass
 * keeps, is 100). ANALYZE samples 300 rows per unit, so 3,000 rows instead of 30,000: of 50,000
 * messages it took 27–29 ms instead of 242–264 (docs/performance.md, session 32), while every
 * statement of the database's one thread waited behind it. The check's purpose is the row counts
 * and a rough picture, which the sample gives; the full pass (each table about every 15
 * minutes) refines them.
 */
export const GROWTH_STATISTICS_TARGET = 10;

/** ANALYZE of one table sampled with the growth check's target (for this transaction only). */
function analyzeCoarsely(database: Database, table: string) {
  return database.db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('default_statistics_target', ${String(GROWTH_STATISTICS_TARGET)}, true)`,
    );
    await tx.execute(sql.raw(`analyze ${quoted(table)}`));
  });
}

/**
 * Autovacuum's "analyze" trigger, by size: of the tables that grew by more than a tenth (and a
 * page) since the planner last saw them (`relpages`, set by the last ANALYZE or VACUUM), every
 * one the planner still takes for (nearly) empty that is past a megabyte now is analysed, and of
 * the others the one that grew the most, the rest at the next checks; returns their names.
 * A table filling from empty would otherwise keep the statistics of an empty one until the next
 * full pass, and plans made for a few rows slow every write of thousands: a trigger's statement
 * on `messages` took 24 ms instead of under 1 ms after 6,000 messages. The check reads each
 * table's size (no scan). One grown table per check: the database has one thread, and an ANALYZE
 * of a busy table holds it for tens of milliseconds; four in a row (messages, their pushes, the
 * simulator's messages, the accounts) held every message arriving meanwhile 180 ms, each of the
 * pipeline's statements waiting behind the next ANALYZE. But the tables a burst fills from empty
 * go at once (each once: then the planner knows them): one per 10 s left some of a mass send's
 * fresh tables with empty-table plans for the task's whole minute (docs/performance.md, session
 * 31).
 */
export async function analyzeGrownPglite(database: Database): Promise<string[]> {
  const pages = sql`pg_relation_size(c.oid)::float8 / current_setting('block_size')::int`;
  // Each table's size read once (the function is volatile: the subquery is not folded in).
  const grown = rowsOf<{ name: string; seen: number; now: number }>(
    await database.db.execute(sql`
      select name, seen, now from (
        select c.relname as name, c.relpages as seen, ${pages} as now from pg_class c
        where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
      ) t
      where now > seen * 1.1 + 1
      order by now / (seen + 1) desc, name`),
  );
  const fresh = grown.filter((t) => t.seen < FRESH_PAGES && t.now >= FILLED_PAGES);
  const first = grown.find((t) => !fresh.includes(t));
  const names = [...fresh, ...(first ? [first] : [])].map((t) => t.name);
  for (const name of names) await analyzeCoarsely(database, name);
  return names;
}

/** The size check as periodic work of the scheduler. */
export function pgliteGrowthJob(database: Database, everyMs = GROWTH_CHECK_EVERY_MS) {
  return periodicJob('pgliteAnalyzeGrown', everyMs, async (deps) => {
    const tables = await analyzeGrownPglite(database);
    if (tables.length) deps.log.debug({ tables }, 'pglite analyze of grown tables');
  });
}

/**
 * The pass as periodic work of the scheduler: one table per period, in name order, from the first
 * after a start (PGlite has one server process, so the place kept here is the only one).
 */
export function pgliteMaintenanceJob(database: Database, everyMs = MAINTENANCE_TABLE_EVERY_MS) {
  let last: string | null = null;
  return periodicJob('pgliteMaintenance', everyMs, async (deps) => {
    const started = Date.now();
    last = await maintainNextPglite(database, last);
    deps.log.debug({ table: last, ms: Date.now() - started }, 'pglite vacuum and analyze');
  });
}
