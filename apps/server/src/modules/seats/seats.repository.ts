import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

/** The rows of a raw query, the same on PGlite and node-postgres. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/** Ids of every user below `rootId` in the seat tree of a tenant (not the root itself). */
export async function subtreeIds(db: DbOrTx, tenantId: string, rootId: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive sub(id) as (
      select u.id from users u where u.tenant_id = ${tenantId} and u.superior_id = ${rootId}
      union
      select u.id from users u join sub on u.superior_id = sub.id where u.tenant_id = ${tenantId}
    )
    select id from sub`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/** Every user of a tenant with the fields the seat tree shows. */
export async function tenantSeats(db: DbOrTx, tenantId: string) {
  return db
    .select({
      uid: users.id,
      username: users.username,
      nickname: users.nickname,
      role: users.role,
      superiorId: users.superiorId,
      status: users.status,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), ne(users.status, 'deleted')))
    .orderBy(asc(users.createdAt), asc(users.username));
}

// Tables and columns known to exist, per database handle (tables of other modules may be absent).
const knownColumns = new WeakMap<object, Set<string>>();

/** Whether a table of the current schema has all these columns; a yes is remembered. */
export async function hasColumns(db: DbOrTx, table: string, columns: string[]): Promise<boolean> {
  const key = `${table}(${columns.join(',')})`;
  if (knownColumns.get(db)?.has(key)) return true;
  const names = sql.join(
    columns.map((c) => sql`${c}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select count(*)::int as n from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and column_name in (${names})`);
  const ok = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0) === columns.length;
  if (ok) {
    const set = knownColumns.get(db) ?? new Set<string>();
    set.add(key);
    knownColumns.set(db, set);
  }
  return ok;
}

/**
 * Work accounts distributed to each user of a tenant, by user id.
 * Reads work_accounts (tenant_id, distributed_to) when that table exists; otherwise every count is 0.
 * The accounts module may replace this with its own repository call.
 */
export async function countWorkAccountsByUser(
  db: DbOrTx,
  tenantId: string,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!(await hasColumns(db, 'work_accounts', ['tenant_id', 'distributed_to']))) return counts;
  const result = await db.execute(sql`
    select distributed_to as uid, count(*)::int as n from work_accounts
    where tenant_id = ${tenantId} and distributed_to is not null
    group by distributed_to`);
  for (const r of rowsOf<{ uid: string; n: number }>(result)) counts.set(r.uid, Number(r.n));
  return counts;
}
