import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { proxies, workAccounts } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { containsPattern } from './account.repository.ts';

export type ProxyRow = typeof proxies.$inferSelect;
export type NewProxy = {
  tenantId: string;
  host: string;
  port: number;
  username: string;
  password: string;
};

/** A page of a tenant's proxies with the number of accounts using each. */
export async function listProxies(
  db: DbOrTx,
  tenantId: string,
  keyword: string | undefined,
  page: { offset: number; limit: number },
) {
  const conds = [eq(proxies.tenantId, tenantId)];
  if (keyword) {
    const p = containsPattern(keyword);
    conds.push(or(sql`${proxies.host} ilike ${p}`, sql`${proxies.username} ilike ${p}`)!);
  }
  const where = and(...conds);
  const rows = await db
    .select({
      proxy: proxies,
      accountCount: sql<number>`(select count(*)::int from ${workAccounts} where ${workAccounts.proxyId} = ${proxies.id})`,
    })
    .from(proxies)
    .where(where)
    .orderBy(desc(proxies.createdAt), asc(proxies.host), asc(proxies.port))
    .offset(page.offset)
    .limit(page.limit);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(proxies).where(where);
  return { rows, total: Number(total) };
}

/** Adds proxies, skipping ones the tenant already has; returns the keys added. */
export async function insertProxies(db: DbOrTx, rows: NewProxy[]) {
  if (rows.length === 0) return [];
  return db
    .insert(proxies)
    .values(rows)
    .onConflictDoNothing()
    .returning({ host: proxies.host, port: proxies.port, username: proxies.username });
}

/** Proxies of a tenant by id. */
export async function findProxies(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(proxies)
    .where(and(eq(proxies.tenantId, tenantId), inArray(proxies.id, ids)));
}

/** Accounts using any of the proxies. */
export async function countAccountsUsing(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), inArray(workAccounts.proxyId, ids)));
  return Number(row?.n ?? 0);
}

/** Deletes proxies of a tenant. */
export async function deleteProxies(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(proxies).where(and(eq(proxies.tenantId, tenantId), inArray(proxies.id, ids)));
}

/** A proxy as gateways take it: `ip:port:account:password` (SPEC §3, socks5). */
export function proxyString(p: Pick<ProxyRow, 'host' | 'port' | 'username' | 'password'>): string {
  return `${p.host}:${p.port}:${p.username}:${p.password}`;
}

/** The proxy an account is assigned now, as gateways take it; null when it has none. */
export async function proxyOfAccount(
  db: DbOrTx,
  tenantId: string,
  accountId: string,
): Promise<string | null> {
  const [row] = await db
    .select({
      host: proxies.host,
      port: proxies.port,
      username: proxies.username,
      password: proxies.password,
    })
    .from(workAccounts)
    .innerJoin(proxies, eq(proxies.id, workAccounts.proxyId))
    .where(and(eq(workAccounts.tenantId, tenantId), eq(workAccounts.id, accountId)));
  return row ? proxyString(row) : null;
}
