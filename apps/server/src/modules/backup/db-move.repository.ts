import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, rowsOf, runMigrations, type Database } from '../../platform/db.ts';
import { migrationState } from '../../platform/migration-state.ts';
import { BackupError } from './backup-archive.ts';
import { countTables } from './snapshot.repository.ts';
import { postgresIsEmpty } from './snapshot.repository.ts';

/** Rows read and written per statement. */
const BATCH = 2000;

/**
 * Moves the embedded database into an empty PostgreSQL database (`npm run db:move`): migrates the
 * target to the same schema, then copies every table of the public schema in one transaction
 * with triggers off (`session_replication_role = replica`: the statistics rollups and counters
 * arrive as they are instead of being counted again, and foreign keys are not checked row by row),
 * sets every sequence to where it was, and compares the row counts. Needs a PostgreSQL role that
 * may set session_replication_role (a superuser or the database owner on PostgreSQL 15+ with
 * that right). Returns the rows per table.
 */
export async function moveToPostgres(
  source: Database,
  url: string,
  log: (line: string) => void = () => undefined,
): Promise<Record<string, number>> {
  const state = await migrationState(source);
  if (state.newer || state.pending.length > 0) {
    throw new BackupError(
      'the embedded database is not at this version: start this version once on it (it ' +
        'migrates), stop it, then move',
    );
  }
  if (!(await postgresIsEmpty(url))) {
    throw new BackupError('the target database is not empty: move into a new, empty database');
  }
  const target = await openPostgres(url, 1);
  try {
    await runMigrations(target);
  } finally {
    await target.close();
  }
  const counts = await countTables(source.db);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    const tables = Object.keys(counts);
    // Rows a migration inserted (defaults) give way to the source's.
    if (tables.length) {
      await client.query(`truncate ${tables.map(quote).join(', ')}`);
    }
    for (const table of tables) {
      const columns = await copyableColumns(client, table);
      const list = columns.map(quote).join(', ');
      let last = '(0,0)';
      let copied = 0;
      for (;;) {
        const [page] = rowsOf<{ rows: unknown[] | null; last: string | null }>(
          await source.db.execute(
            sql.raw(`
              select json_agg(row_to_json(q)) as rows, max(q.ctid_)::text as last from (
                select t.*, t.ctid as ctid_ from ${quote(table)} t
                where t.ctid > '${last}'::tid order by t.ctid limit ${BATCH}
              ) q`),
          ),
        );
        const rows = page?.rows ?? [];
        if (rows.length === 0) break;
        await client.query(
          `insert into ${quote(table)} (${list}) overriding system value
           select ${list} from json_populate_recordset(null::${quote(table)}, $1::json)`,
          [JSON.stringify(rows)],
        );
        copied += rows.length;
        last = page!.last!;
      }
      if (copied !== counts[table]) {
        throw new BackupError(`${table}: ${copied} rows copied, ${counts[table]} expected`);
      }
      if (copied > 0) log(`  ${table}: ${copied}`);
    }
    await copySequences(source, client);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
  const moved = await openPostgres(url, 1);
  try {
    const after = await countTables(moved.db);
    for (const [table, n] of Object.entries(counts)) {
      if (after[table] !== n)
        throw new BackupError(`${table}: ${after[table]} rows, ${n} expected`);
    }
    return after;
  } finally {
    await moved.close();
  }
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The columns of a table that take a value (generated ones are computed again). */
async function copyableColumns(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select attname as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    [`public.${quote(table)}`],
  );
  return rows.map((r) => r.name);
}

/** Every sequence of the public schema set to the source's value. */
async function copySequences(source: Database, client: pg.Client): Promise<void> {
  const seqs = rowsOf<{ name: string }>(
    await source.db.execute(sql`
      select c.relname as name from pg_class c
      where c.relkind = 'S' and c.relnamespace = 'public'::regnamespace`),
  );
  for (const { name } of seqs) {
    const [v] = rowsOf<{ last_value: string; is_called: boolean }>(
      await source.db.execute(sql.raw(`select last_value, is_called from ${quote(name)}`)),
    );
    if (!v) continue;
    await client.query('select setval($1::regclass, $2, $3)', [
      `public.${quote(name)}`,
      v.last_value,
      v.is_called,
    ]);
  }
}
