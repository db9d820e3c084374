import { and, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { BillingSettings, OrderType } from '@cst/shared';
import {
  billingSettings,
  orders,
  ports,
  tenants,
  users,
  workAccounts,
} from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db.ts';

/** The prices and allowances until the platform admin saves its own. */
export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  portPriceCents: 5000,
  trialPorts: 2,
  trialDays: 7,
  warnDays: 3,
};

export type OrderRow = typeof orders.$inferSelect;

/**
 * Locks a tenant's wallet for the rest of the transaction and reads its balance; null when the
 * tenant does not exist. `FOR NO KEY UPDATE`: rows that merely reference the tenant can still
 * be inserted meanwhile, but a second change of this wallet waits for this one to commit.
 */
export async function lockWallet(tx: Tx, tenantId: string) {
  const rows = await tx
    .select({ balance: tenants.balanceCents, name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .for('no key update');
  return rows[0] ?? null;
}

/** The order of a tenant with this number, if any. */
export async function findOrder(db: DbOrTx, tenantId: string, orderNumber: string) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.orderNumber, orderNumber)))
    .limit(1);
  return rows[0] ?? null;
}

/** Sets a wallet's balance (the caller holds its lock and writes the order beside it). */
export async function setBalance(tx: Tx, tenantId: string, balance: number) {
  await tx.update(tenants).set({ balanceCents: balance }).where(eq(tenants.id, tenantId));
}

/** Writes an order. */
export async function insertOrder(tx: Tx, row: typeof orders.$inferInsert): Promise<OrderRow> {
  const [order] = await tx.insert(orders).values(row).returning();
  return order!;
}

/** A page of orders, newest first; tenantId null lists every tenant's (platform admin). */
export async function listOrders(
  db: DbOrTx,
  f: {
    tenantId: string | null;
    type?: OrderType;
    orderNumber?: string;
    from?: number;
    to?: number;
    page: number;
    pageSize: number;
  },
) {
  const conds: SQL[] = [];
  if (f.tenantId) conds.push(eq(orders.tenantId, f.tenantId));
  if (f.type) conds.push(eq(orders.type, f.type));
  if (f.orderNumber) conds.push(ilike(orders.orderNumber, `%${escapeLike(f.orderNumber)}%`));
  if (f.from !== undefined) conds.push(gte(orders.createdAt, new Date(f.from)));
  if (f.to !== undefined) conds.push(lt(orders.createdAt, new Date(f.to)));
  const where = conds.length ? and(...conds) : undefined;
  const rows = await db
    .select({ order: orders, tenantName: tenants.name })
    .from(orders)
    .innerJoin(tenants, eq(tenants.id, orders.tenantId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** A page of tenants with their balances and port counts (platform admin). */
// Subqueries name the outer row as "tenants"."id": drizzle writes a lone table's columns unqualified.
export async function listWallets(
  db: DbOrTx,
  f: { keyword?: string; page: number; pageSize: number },
) {
  const manager = sql<string>`(select u.username from ${users} u where u.tenant_id = "tenants"."id" and u.role = 'manager' order by u.created_at limit 1)`;
  const where = f.keyword
    ? or(
        ilike(tenants.name, `%${escapeLike(f.keyword)}%`),
        sql`exists (select 1 from ${users} u where u.tenant_id = "tenants"."id" and u.role = 'manager' and u.username ilike ${`%${escapeLike(f.keyword)}%`})`,
      )
    : undefined;
  const rows = await db
    .select({
      tenantId: tenants.id,
      tenantName: tenants.name,
      manager,
      balanceCents: tenants.balanceCents,
      portCount: sql<number>`(select count(*)::int from ${ports} p where p.tenant_id = "tenants"."id")`,
      lastOrderAt: sql<
        Date | string | null
      >`(select max(o.created_at) from ${orders} o where o.tenant_id = "tenants"."id")`,
    })
    .from(tenants)
    .where(where)
    .orderBy(desc(tenants.createdAt), desc(tenants.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [total] = await db.select({ n: count() }).from(tenants).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The saved settings, or null before the first save. */
export async function findSettings(db: DbOrTx) {
  const rows = await db.select().from(billingSettings).where(eq(billingSettings.id, 1)).limit(1);
  return rows[0] ?? null;
}

/** Saves the settings (one row). */
export async function saveSettings(db: DbOrTx, s: BillingSettings, userId: string, at: Date) {
  const values = { ...s, updatedBy: userId, updatedAt: at };
  const [row] = await db
    .insert(billingSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: billingSettings.id, set: values })
    .returning();
  return row!;
}

/** A tenant's name and balance without a lock. */
export async function findWallet(db: DbOrTx, tenantId: string) {
  const rows = await db
    .select({ name: tenants.name, balance: tenants.balanceCents })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return rows[0] ?? null;
}

/** Counts of a tenant's ports: all, free, expired and expiring before `warnUntil` (and bound). */
export async function portSummary(db: DbOrTx, tenantId: string, now: Date, warnUntil: Date) {
  const nowIso = now.toISOString();
  const warnIso = warnUntil.toISOString();
  const expiring = sql`${ports.expiresAt} > ${nowIso}::timestamptz and ${ports.expiresAt} <= ${warnIso}::timestamptz`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      free: sql<number>`(count(*) filter (where ${ports.workAccountId} is null and ${ports.expiresAt} > ${nowIso}::timestamptz))::int`,
      expired: sql<number>`(count(*) filter (where ${ports.expiresAt} <= ${nowIso}::timestamptz))::int`,
      expiredBound: sql<number>`(count(*) filter (where ${ports.expiresAt} <= ${nowIso}::timestamptz and ${ports.workAccountId} is not null))::int`,
      expiring: sql<number>`(count(*) filter (where ${expiring}))::int`,
      expiringBound: sql<number>`(count(*) filter (where ${expiring} and ${ports.workAccountId} is not null))::int`,
      nextExpiry: sql<Date | string | null>`min(${ports.expiresAt}) filter (where ${expiring})`,
    })
    .from(ports)
    .where(eq(ports.tenantId, tenantId));
  return row!;
}

/** How many of these ids are ports of the tenant. */
export async function countTenantPorts(db: DbOrTx, tenantId: string, ids: string[]) {
  const [row] = await db
    .select({ n: count() })
    .from(ports)
    .where(and(eq(ports.tenantId, tenantId), inArray(ports.id, ids)));
  return Number(row?.n ?? 0);
}

/** Extends a tenant's ports by `months` from their expiry, or from now when already expired. */
export async function extendPorts(
  tx: Tx,
  tenantId: string,
  ids: string[],
  months: number,
  now: Date,
) {
  const rows = await tx
    .update(ports)
    .set({
      expiresAt: sql`greatest(${ports.expiresAt}, ${now.toISOString()}::timestamptz) + ${months}::int * interval '1 month'`,
    })
    .where(and(eq(ports.tenantId, tenantId), inArray(ports.id, ids)))
    .returning({ id: ports.id });
  return rows.length;
}

/** How many trial ports the tenant got at registration (0 when none). */
export async function trialPortsOf(db: DbOrTx, tenantId: string) {
  const rows = await db
    .select({ n: orders.portCount })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.type, 'trial')))
    .limit(1);
  return rows[0]?.n ?? 0;
}

/** `%` and `_` typed by a person match themselves. */
function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Takes every work account whose port has expired offline with `reason`, and drops its lease so
 * the instance holding its connection lets go at its next round. One idempotent statement: an
 * account already offline is left alone, so running it again (or on two instances) changes
 * nothing more. Returns the accounts it changed.
 */
export async function offlineExpiredAccounts(db: DbOrTx, now: Date, reason: string) {
  return db
    .update(workAccounts)
    .set({
      status: 'offline',
      statusReason: reason,
      statusAt: now,
      leaseOwner: null,
      leaseExpiresAt: null,
    })
    .from(ports)
    .where(
      and(
        eq(ports.workAccountId, workAccounts.id),
        eq(ports.tenantId, workAccounts.tenantId),
        lte(ports.expiresAt, now),
        inArray(workAccounts.status, ['online', 'autoLoggingIn', 'loggingIn']),
      ),
    )
    .returning({
      id: workAccounts.id,
      tenantId: workAccounts.tenantId,
      wxid: workAccounts.wxid,
      status: workAccounts.status,
      statusReason: workAccounts.statusReason,
    });
}
