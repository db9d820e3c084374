import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, rowsOf, type Database } from './db.ts';
import {
  analyzeGrownPglite,
  GROWTH_STATISTICS_TARGET,
  maintainNextPglite,
  maintainPglite,
} from './pglite-maintenance.ts';

let database: Database;

async function estimate(table: string): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select reltuples::int as n from pg_class where relname = ${table} and relkind = 'r'`,
    ),
  );
  return Number(r?.n ?? -1);
}

/** How many bounds the histogram of a column's statistics has (its target + 1 when all differ). */
async function bounds(table: string, column: string): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await database.db.execute(sql`
      select array_length(histogram_bounds::text::text[], 1) as n from pg_stats
      where tablename = ${table} and attname = ${column}`),
  );
  return Number(r?.n ?? 0);
}

async function sizeOf(table: string): Promise<number> {
  const [r] = rowsOf<{ n: string }>(
    await database.db.execute(sql`select pg_relation_size(${table}::regclass) as n`),
  );
  return Number(r?.n);
}

beforeAll(async () => {
  database = await openPglite(null);
  await database.db.execute(sql`create table big (id serial primary key, v text)`);
  await database.db.execute(sql`create table quiet (id serial primary key)`);
});
afterAll(async () => {
  await database.close();
});

describe('PGlite maintenance', () => {
  it('gives the planner the real row counts and reclaims deleted rows', async () => {
    await database.db.execute(
      sql`insert into big (v) select 'row ' || g from generate_series(1, 20000) g`,
    );
    // Never analysed: the planner knows nothing of the 20,000 rows.
    expect(await estimate('big')).toBeLessThan(1);
    expect(await maintainPglite(database)).toEqual(['big', 'quiet']);
    expect(await estimate('big')).toBe(20000);
    const size = await sizeOf('big');
    await database.db.execute(sql`delete from big where id <= 15000`);
    await maintainPglite(database);
    expect(await estimate('big')).toBe(5000);
    // The freed space is reused: new rows do not grow the table.
    await database.db.execute(
      sql`insert into big (v) select 'again ' || g from generate_series(1, 10000) g`,
    );
    expect(await sizeOf('big')).toBe(size);
  });

  it('vacuums one table per turn, in name order, from the first again after the last', async () => {
    await database.db.execute(sql`delete from big where id % 2 = 0`);
    const [live] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from big`),
    );
    expect(await estimate('big')).not.toBe(live!.n);
    expect(await maintainNextPglite(database, null)).toBe('big');
    expect(await estimate('big')).toBe(live!.n);
    expect(await maintainNextPglite(database, 'big')).toBe('quiet');
    expect(await maintainNextPglite(database, 'quiet')).toBe('big');
    // A table dropped since its turn: the next one after its name.
    expect(await maintainNextPglite(database, 'gone')).toBe('quiet');
  });

  it('analyses a table that grew by more than a tenth, one per check but every fresh one, and leaves the others', async () => {
    await maintainPglite(database);
    expect(await analyzeGrownPglite(database)).toEqual([]);
    const before = await estimate('big');
    // A few rows more stay within the tenth: the planner's figures may lag that much.
    await database.db.execute(
      sql`insert into big (v) select 'few ' || g from generate_series(1, 100) g`,
    );
    expect(await analyzeGrownPglite(database)).toEqual([]);
    await database.db.execute(
      sql`insert into big (v) select 'many ' || g from generate_series(1, 20000) g`,
    );
    await database.db.execute(sql`insert into quiet default values`);
    expect(await analyzeGrownPglite(database)).toEqual(['big']);
    expect(await estimate('big')).toBe(before + 20100);
    expect(await analyzeGrownPglite(database)).toEqual([]);

    // A table the planner still takes for empty (it had one row), filled past a megabyte since,
    // goes at once beside the most grown of the others: a burst's fresh tables are not left with
    // empty-table plans.
    await database.db.execute(
      sql`insert into big (v) select 'more ' || g from generate_series(1, 30000) g`,
    );
    await database.db.execute(sql`insert into quiet select from generate_series(1, 40000) g`);
    expect(await analyzeGrownPglite(database)).toEqual(['quiet', 'big']);
    expect(await estimate('quiet')).toBe(40001);
    expect(await estimate('big')).toBe(before + 50100);
    expect(await analyzeGrownPglite(database)).toEqual([]);

    // Two grown that the planner knows: the one grown the most first, the other at the next
    // check, so that one check holds the database's one thread for one such ANALYZE.
    await database.db.execute(
      sql`insert into big (v) select 'again ' || g from generate_series(1, 30000) g`,
    );
    await database.db.execute(sql`insert into quiet select from generate_series(1, 200000) g`);
    expect(await analyzeGrownPglite(database)).toEqual(['quiet']);
    // ANALYZE samples 30,000 rows: past that its count is an estimate.
    expect(await estimate('quiet')).toBeCloseTo(240001, -4);
    expect(await estimate('big')).toBe(before + 50100);
    expect(await analyzeGrownPglite(database)).toEqual(['big']);
    expect(await estimate('big')).toBeCloseTo(before + 80100, -4);
    expect(await analyzeGrownPglite(database)).toEqual([]);
  });

  it('samples a tenth of the rows in the check that the full pass samples', async () => {
    // The check's ANALYZE holds the database's one thread: a tenth of the statistics target (and
    // so of the rows read) there; the full pass keeps PostgreSQL's default.
    await database.db.execute(sql`create table wide (id serial primary key, v text)`);
    await database.db.execute(
      sql`insert into wide (v) select md5(g::text) from generate_series(1, 50000) g`,
    );
    expect(await analyzeGrownPglite(database)).toEqual(['wide']);
    expect(await estimate('wide')).toBe(50000);
    expect(await bounds('wide', 'v')).toBe(GROWTH_STATISTICS_TARGET + 1);
    // The setting was the check's transaction's alone.
    const [t] = rowsOf<{ v: string }>(
      await database.db.execute(sql`select current_setting('default_statistics_target') as v`),
    );
    expect(t!.v).toBe('100');
    expect(await maintainNextPglite(database, 'quiet')).toBe('wide');
    expect(await bounds('wide', 'v')).toBe(101);
  });
});
