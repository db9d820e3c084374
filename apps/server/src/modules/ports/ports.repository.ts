import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { PORT_DUE_SOON_DAYS, PORT_RENEW_DAYS, type PortState } from '@cst/shared';
import { ports, tenants, workAccounts } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

/** A row of `ports` as stored. */
export type PortRow = typeof ports.$inferSelect;

const DAY_MS = 86400_000;

/** The expiry range of a port state (the SQL twin of portState()). */
function stateCondition(state: PortState, now: number): SQL {
  const at = (days: number) => new Date(now + days * DAY_MS);
  switch (state) {
    case 'expired':
      return lte(ports.expiresAt, at(0));
    case 'dueSoon':
      return and(gt(ports.expiresAt, at(0)), lte(ports.expiresAt, at(PORT_DUE_SOON_DAYS)))!;
    case 'toBeRenewed':
      return and(
        gt(ports.expiresAt, at(PORT_DUE_SOON_DAYS)),
        lte(ports.expiresAt, at(PORT_RENEW_DAYS)),
      )!;
    case 'inUse':
      return gt(ports.expiresAt, at(PORT_RENEW_DAYS));
  }
}

/** A page of ports, soonest expiry first; tenantId null lists every tenant (platform admin). */
export async function listPorts(
  db: DbOrTx,
  f: { tenantId: string | null; state?: PortState; page: number; pageSize: number; now: number },
) {
  const conds: SQL[] = [];
  if (f.tenantId) conds.push(eq(ports.tenantId, f.tenantId));
  if (f.state) conds.push(stateCondition(f.state, f.now));
  const where = conds.length ? and(...conds) : undefined;
  const rows = await db
    .select({ port: ports, tenantName: tenants.name })
    .from(ports)
    .innerJoin(tenants, eq(tenants.id, ports.tenantId))
    .where(where)
    .orderBy(asc(ports.expiresAt), asc(ports.code))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const count = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ports)
    .where(where);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Whether a tenant exists. */
export async function tenantExists(db: DbOrTx, tenantId: string): Promise<boolean> {
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return rows.length > 0;
}

/** Adds `count` ports to a tenant, numbered after its existing ones; returns their ids. */
export async function insertPorts(
  db: DbOrTx,
  tenantId: string,
  count: number,
  expiresAt: Date,
): Promise<string[]> {
  // Lock the tenant so two grants at once number their ports one after the other.
  await db.execute(sql`select id from tenants where id = ${tenantId} for update`);
  const last = await db
    .select({ n: sql<number>`coalesce(max(substring(${ports.code} from '(\\d+)$')::int), 0)` })
    .from(ports)
    .where(eq(ports.tenantId, tenantId));
  const start = (last[0]?.n ?? 0) + 1;
  const prefix = tenantId.slice(0, 8).toUpperCase();
  const rows = await db
    .insert(ports)
    .values(
      Array.from({ length: count }, (_, i) => ({
        tenantId,
        code: `P-${prefix}-${String(start + i).padStart(4, '0')}`,
        expiresAt,
      })),
    )
    .returning({ id: ports.id });
  return rows.map((r) => r.id);
}

/** How many of these ids are ports. */
export async function countPorts(db: DbOrTx, ids: string[]): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ports)
    .where(inArray(ports.id, ids));
  return rows[0]?.n ?? 0;
}

/** The company of each port. */
export async function portTenants(db: DbOrTx, ids: string[]) {
  return db
    .select({ id: ports.id, tenantId: ports.tenantId })
    .from(ports)
    .where(inArray(ports.id, ids));
}

/** Extends ports by `days` from their expiry, or from now when already expired. */
export async function renewPorts(
  db: DbOrTx,
  ids: string[],
  days: number,
  now: Date,
): Promise<{ id: string; tenantId: string }[]> {
  return db
    .update(ports)
    .set({
      expiresAt: sql`greatest(${ports.expiresAt}, ${now.toISOString()}::timestamptz) + ${days}::int * interval '1 day'`,
    })
    .where(inArray(ports.id, ids))
    .returning({ id: ports.id, tenantId: ports.tenantId });
}

/** A work account a port is bound to, as the port lists show it. */
export interface BoundAccount {
  wxid: string;
  /** Its remark, else its nickname, else null. */
  name: string | null;
}

/** The work account each port is bound to, by work-account id (of the port's tenant only). */
export async function boundAccounts(
  db: DbOrTx,
  pairs: { tenantId: string; workAccountId: string }[],
): Promise<Map<string, BoundAccount>> {
  const out = new Map<string, BoundAccount>();
  if (pairs.length === 0) return out;
  const rows = await db
    .select({
      id: workAccounts.id,
      tenantId: workAccounts.tenantId,
      wxid: workAccounts.wxid,
      remark: workAccounts.remark,
      nickname: workAccounts.nickname,
    })
    .from(workAccounts)
    .where(inArray(workAccounts.id, [...new Set(pairs.map((p) => p.workAccountId))]));
  const tenantOf = new Map(pairs.map((p) => [p.workAccountId, p.tenantId]));
  for (const r of rows) {
    if (tenantOf.get(r.id) !== r.tenantId) continue;
    out.set(r.id, { wxid: r.wxid, name: r.remark || r.nickname || null });
  }
  return out;
}
