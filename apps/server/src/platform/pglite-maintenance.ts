import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from './db.ts';

/**
 * PGlite runs PostgreSQL in single-user mode: no autovacuum, and its activity counters
 * (`pg_stat_user_tables`) stay at zero, so nothing tells which tables changed. Without this job
 * the planner keeps the statistics of an empty database however many contacts and messages
 * arrive, and dead row versions of updated rows (ticks, unread counts) are never reclaimed. It
 * does autovacuum's work the simple way: every period, `VACUUM (ANALYZE)` of each table, one at a
 * time so that requests run in between. An unchanged table of 1,000,000 rows costs about 135 ms
 * (the visibility map skips its pages; ANALYZE samples 30,000 rows).
 */
export interface MaintenanceOptions {
  /** The first pass, after start (the start-up's own writes settle first). */
  firstDelayMs: number;
  /** Between the end of a pass and the next. */
  everyMs: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const DEFAULTS: MaintenanceOptions = { firstDelayMs: 60_000, everyMs: 15 * 60_000 };

/** One pass: every table of the schema vacuumed and analysed; returns their names. */
export async function maintainPglite(database: Database): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`
      select c.relname as name from pg_class c
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
      order by c.relname`),
  );
  for (const t of tables) {
    // The name comes from pg_class; quoting keeps any name a single identifier.
    await database.db.execute(sql.raw(`vacuum (analyze) "${t.name.replaceAll('"', '""')}"`));
  }
  return tables.map((t) => t.name);
}

/** Starts the periodic pass on a PGlite database (nothing on PostgreSQL); returns its stop. */
export function startPgliteMaintenance(
  database: Database,
  options: Partial<MaintenanceOptions> = {},
): () => Promise<void> {
  if (database.kind !== 'pglite') return async () => undefined;
  const opts = { ...DEFAULTS, ...options };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = (async () => {
        const started = Date.now();
        try {
          const tables = await maintainPglite(database);
          opts.log?.info({ tables, ms: Date.now() - started }, 'pglite vacuum and analyze');
        } catch (err) {
          if (!stopped) opts.log?.warn({ err }, 'pglite maintenance failed');
        }
      })().finally(() => {
        running = null;
        schedule(opts.everyMs);
      });
    }, ms);
    timer.unref();
  };
  schedule(opts.firstDelayMs);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
