import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { WorkAccountPool, WorkAccountStatus } from '@cst/shared';
import {
  accountGroups,
  chatGroups,
  contacts,
  ports,
  proxies,
  users,
  workAccounts,
} from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import { scopeCondition, type AccountScope } from './account-scope.repository.ts';

export type WorkAccountRow = typeof workAccounts.$inferSelect;

/** Filters of the account list. */
export interface AccountFilters {
  status?: WorkAccountStatus;
  pool?: WorkAccountPool;
  keyword?: string;
  groupIds?: string[];
  distributedTo?: string;
}

/** A LIKE pattern that matches `text` literally anywhere. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterConditions(scope: AccountScope, f: AccountFilters, withStatus: boolean): SQL {
  const conds: SQL[] = [scopeCondition(scope)];
  if (withStatus && f.status) conds.push(eq(workAccounts.status, f.status));
  if (f.pool) conds.push(eq(workAccounts.pool, f.pool));
  if (f.groupIds) {
    conds.push(f.groupIds.length ? inArray(workAccounts.groupId, f.groupIds) : sql`false`);
  }
  if (f.distributedTo) conds.push(eq(workAccounts.distributedTo, f.distributedTo));
  if (f.keyword) {
    const p = containsPattern(f.keyword);
    conds.push(
      or(
        sql`${workAccounts.wxid} ilike ${p}`,
        sql`${workAccounts.nickname} ilike ${p}`,
        sql`${workAccounts.remark} ilike ${p}`,
      )!,
    );
  }
  return and(...conds)!;
}

/** A page of the accounts a scope sees, newest first, with names and counts for the list. */
export async function listAccounts(
  db: DbOrTx,
  scope: AccountScope,
  f: AccountFilters,
  page: { offset: number; limit: number },
) {
  const where = filterConditions(scope, f, true);
  const rows = await db
    .select({
      account: workAccounts,
      groupName: accountGroups.name,
      proxyHost: proxies.host,
      proxyPort: proxies.port,
      distributedToName: users.nickname,
      portCode: ports.code,
      portExpiresAt: ports.expiresAt,
      contactCount: sql<number>`(select count(*)::int from ${contacts} where ${contacts.workAccountId} = ${workAccounts.id})`,
      groupCount: sql<number>`(select count(*)::int from ${chatGroups} where ${chatGroups.workAccountId} = ${workAccounts.id})`,
    })
    .from(workAccounts)
    .leftJoin(accountGroups, eq(accountGroups.id, workAccounts.groupId))
    .leftJoin(proxies, eq(proxies.id, workAccounts.proxyId))
    .leftJoin(users, eq(users.id, workAccounts.distributedTo))
    .leftJoin(
      ports,
      and(eq(ports.workAccountId, workAccounts.id), eq(ports.tenantId, workAccounts.tenantId)),
    )
    .where(where)
    .orderBy(desc(workAccounts.createdAt), asc(workAccounts.wxid))
    .offset(page.offset)
    .limit(page.limit);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(workAccounts)
    .where(where);
  return { rows, total: Number(total) };
}
export type AccountListRow = Awaited<ReturnType<typeof listAccounts>>['rows'][number];

/** Accounts per status under the filters (status aside). */
export async function countByStatus(db: DbOrTx, scope: AccountScope, f: AccountFilters) {
  const rows = await db
    .select({ status: workAccounts.status, n: count() })
    .from(workAccounts)
    .where(filterConditions(scope, f, false))
    .groupBy(workAccounts.status);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** Every account a scope sees (the switcher), by group then name. */
export async function allVisibleAccounts(db: DbOrTx, scope: AccountScope) {
  return db
    .select()
    .from(workAccounts)
    .where(scopeCondition(scope))
    .orderBy(asc(workAccounts.createdAt), asc(workAccounts.wxid));
}

/** The accounts among `wxids` that a scope sees. */
export async function findVisible(db: DbOrTx, scope: AccountScope, wxids: string[]) {
  if (wxids.length === 0) return [];
  return db
    .select()
    .from(workAccounts)
    .where(and(scopeCondition(scope), inArray(workAccounts.wxid, wxids)));
}

/** The visible accounts in some states. */
export async function findVisibleInStates(
  db: DbOrTx,
  scope: AccountScope,
  states: readonly WorkAccountStatus[],
) {
  return db
    .select()
    .from(workAccounts)
    .where(and(scopeCondition(scope), inArray(workAccounts.status, [...states])));
}

/** An account by platform id, whatever its tenant (gateway events carry only the wxid). */
export async function findByWxid(db: DbOrTx, wxid: string): Promise<WorkAccountRow | null> {
  const rows = await db.select().from(workAccounts).where(eq(workAccounts.wxid, wxid)).limit(1);
  return rows[0] ?? null;
}

/** Accounts by platform id, whatever their tenant. */
export async function findByWxids(db: DbOrTx, wxids: string[]): Promise<WorkAccountRow[]> {
  if (wxids.length === 0) return [];
  return db.select().from(workAccounts).where(inArray(workAccounts.wxid, wxids));
}

/** Inserts an account. */
export async function insertAccount(db: DbOrTx, row: typeof workAccounts.$inferInsert) {
  const rows = await db.insert(workAccounts).values(row).returning();
  return rows[0]!;
}

/** Updates accounts of a tenant by id; returns the changed rows. */
export async function updateAccounts(
  db: DbOrTx,
  tenantId: string,
  ids: string[],
  set: Partial<typeof workAccounts.$inferInsert>,
  extra?: SQL,
) {
  if (ids.length === 0) return [];
  const conds = [eq(workAccounts.tenantId, tenantId), inArray(workAccounts.id, ids)];
  if (extra) conds.push(extra);
  return db
    .update(workAccounts)
    .set(set)
    .where(and(...conds))
    .returning();
}

/** Sets an account's status when it differs; returns the row when it changed. */
export async function setStatus(
  db: DbOrTx,
  id: string,
  status: WorkAccountStatus,
  reason: string,
  at: Date,
  onlyFrom?: readonly WorkAccountStatus[],
) {
  const conds = [eq(workAccounts.id, id), sql`${workAccounts.status} <> ${status}`];
  if (onlyFrom) conds.push(inArray(workAccounts.status, [...onlyFrom]));
  const rows = await db
    .update(workAccounts)
    .set({ status, statusReason: reason, statusAt: at })
    .where(and(...conds))
    .returning();
  return rows[0] ?? null;
}

/** Deletes accounts of a tenant (contacts and groups go with them) and frees their ports. */
export async function deleteAccounts(tx: Tx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .update(ports)
    .set({ workAccountId: null })
    .where(and(eq(ports.tenantId, tenantId), inArray(ports.workAccountId, ids)));
  await tx
    .delete(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), inArray(workAccounts.id, ids)));
}

/** Work accounts distributed to a user. */
export async function countDistributedTo(db: DbOrTx, tenantId: string, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), eq(workAccounts.distributedTo, userId)));
  return Number(row?.n ?? 0);
}

/** A user of a tenant (a distribution target). */
export async function findTenantUser(db: DbOrTx, tenantId: string, userId: string) {
  const rows = await db
    .select({ id: users.id, nickname: users.nickname, role: users.role, status: users.status })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Managers of a tenant (they see every account). */
export async function tenantManagerIds(db: DbOrTx, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, 'manager')));
  return rows.map((r) => r.id);
}

// ---- ports -------------------------------------------------------------------------------------

/** Free, unexpired ports of a tenant. */
export async function countFreePorts(db: DbOrTx, tenantId: string, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(ports)
    .where(
      and(eq(ports.tenantId, tenantId), isNull(ports.workAccountId), gt(ports.expiresAt, now)),
    );
  return Number(row?.n ?? 0);
}

/** The port an account holds, if any. */
export async function portOf(db: DbOrTx, tenantId: string, accountId: string) {
  const rows = await db
    .select()
    .from(ports)
    .where(and(eq(ports.tenantId, tenantId), eq(ports.workAccountId, accountId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Gives an account a free unexpired port of its tenant (the one expiring last); null when none. */
export async function takePort(tx: Tx, tenantId: string, accountId: string, now: Date) {
  const result = await tx.execute(sql`
    update ${ports} set work_account_id = ${accountId}
    where id = (
      select id from ${ports}
      where tenant_id = ${tenantId} and work_account_id is null and expires_at > ${now.toISOString()}
      order by expires_at desc, code
      limit 1
      for update skip locked
    )
    returning id`);
  const rows = (result as unknown as { rows?: { id: string }[] }).rows ?? [];
  return rows[0]?.id ?? null;
}

/** Frees the ports of accounts. */
export async function freePorts(db: DbOrTx, tenantId: string, accountIds: string[]) {
  if (accountIds.length === 0) return;
  await db
    .update(ports)
    .set({ workAccountId: null })
    .where(and(eq(ports.tenantId, tenantId), inArray(ports.workAccountId, accountIds)));
}

// ---- leases ------------------------------------------------------------------------------------

/**
 * Statuses in which an account should be connected by some instance (a login interrupted by a
 * crash after the phone confirmed is resumed too).
 */
export const CONNECTED_STATES: WorkAccountStatus[] = ['online', 'autoLoggingIn', 'loggingIn'];

/** Extends this instance's leases; returns the wxids it still holds. */
export async function renewLeases(db: DbOrTx, owner: string, until: Date): Promise<string[]> {
  const rows = await db
    .update(workAccounts)
    .set({ leaseExpiresAt: until })
    .where(eq(workAccounts.leaseOwner, owner))
    .returning({ wxid: workAccounts.wxid });
  return rows.map((r) => r.wxid);
}

/**
 * Claims accounts that should be connected and whose lease is free or expired (all of them when
 * `anyOwner`, e.g. on the embedded database where no other instance can exist).
 */
export async function claimLeases(
  db: DbOrTx,
  owner: string,
  now: Date,
  until: Date,
  limit: number,
  anyOwner: boolean,
) {
  const free = anyOwner
    ? sql`true`
    : sql`(lease_owner is null or lease_expires_at is null or lease_expires_at < ${now.toISOString()})`;
  const result = await db.execute(sql`
    update ${workAccounts} set lease_owner = ${owner}, lease_expires_at = ${until.toISOString()}
    where id in (
      select id from ${workAccounts}
      where status in (${sql.join(
        CONNECTED_STATES.map((st) => sql`${st}`),
        sql`, `,
      )})
        and (lease_owner is distinct from ${owner})
        and ${free}
      order by lease_expires_at nulls first
      limit ${limit}
      for update skip locked
    )
    returning id, tenant_id, wxid, status`);
  return ((result as unknown as { rows?: unknown[] }).rows ?? []) as {
    id: string;
    tenant_id: string;
    wxid: string;
    status: WorkAccountStatus;
  }[];
}

/** Takes the lease of one account for this instance when it is free, expired or already ours. */
export async function takeLease(db: DbOrTx, id: string, owner: string, now: Date, until: Date) {
  const rows = await db
    .update(workAccounts)
    .set({ leaseOwner: owner, leaseExpiresAt: until })
    .where(
      and(
        eq(workAccounts.id, id),
        or(
          isNull(workAccounts.leaseOwner),
          eq(workAccounts.leaseOwner, owner),
          isNull(workAccounts.leaseExpiresAt),
          lt(workAccounts.leaseExpiresAt, now),
        ),
      ),
    )
    .returning({ id: workAccounts.id });
  return rows.length > 0;
}

/** Drops the lease of accounts (whoever holds them: the holder lets go at its next renewal). */
export async function clearLeases(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(workAccounts)
    .set({ leaseOwner: null, leaseExpiresAt: null })
    .where(inArray(workAccounts.id, ids));
}

/** Releases every lease of this instance (graceful stop). */
export async function releaseAllLeases(db: DbOrTx, owner: string) {
  await db
    .update(workAccounts)
    .set({ leaseOwner: null, leaseExpiresAt: null })
    .where(eq(workAccounts.leaseOwner, owner));
}

/** An account's risk columns, its row locked for the transaction; null when it is gone. */
export async function lockRiskOf(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      risk: workAccounts.risk,
      riskScore: workAccounts.riskScore,
      riskAt: workAccounts.riskAt,
    })
    .from(workAccounts)
    .where(eq(workAccounts.id, id))
    .for('update');
  return row ?? null;
}

/**
 * The accounts among `ids` at ban risk 危险, their rows share-locked for the transaction (in id
 * order): a risk change waits for the caller's commit, so a task created beside it is either seen
 * by the change's `account.risk` handlers or sees the danger itself.
 */
export async function lockAccountsAtDanger(
  tx: Tx,
  tenantId: string,
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: workAccounts.id, risk: workAccounts.risk })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), inArray(workAccounts.id, ids)))
    .orderBy(asc(workAccounts.id))
    .for('share');
  return rows.filter((r) => r.risk === 'danger').map((r) => r.id);
}

/** Sets an account's risk columns. */
export async function setRisk(
  db: DbOrTx,
  id: string,
  values: Pick<
    Partial<typeof workAccounts.$inferInsert>,
    'risk' | 'riskReason' | 'riskScore' | 'riskAt'
  >,
): Promise<void> {
  await db.update(workAccounts).set(values).where(eq(workAccounts.id, id));
}

/** Those of a tenant's accounts that are at ban risk 危险, with their names and reasons. */
export async function accountsAtDanger(
  db: DbOrTx,
  tenantId: string,
  ids: string[],
): Promise<{ id: string; wxid: string; nickname: string; riskReason: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: workAccounts.id,
      wxid: workAccounts.wxid,
      nickname: workAccounts.nickname,
      riskReason: workAccounts.riskReason,
    })
    .from(workAccounts)
    .where(
      and(
        eq(workAccounts.tenantId, tenantId),
        inArray(workAccounts.id, ids),
        eq(workAccounts.risk, 'danger'),
      ),
    );
}

/** Puts an account's risk back to normal. */
export async function resetRisk(db: DbOrTx, id: string): Promise<void> {
  await setRisk(db, id, { risk: 'normal', riskReason: '', riskScore: 0, riskAt: null });
}

/** The advisory lock class that serialises work-account counts per seat. */
const SEAT_LOCK_CLASS = 727310;

/**
 * Locks a seat's count of work accounts until the transaction ends: distributions, transfers and
 * moving a removed seat's accounts to it take turns.
 */
export async function lockSeatCount(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEAT_LOCK_CLASS}, hashtext(${userId}))`);
}
