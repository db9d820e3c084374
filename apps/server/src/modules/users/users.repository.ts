import { and, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  apiKeys,
  auditLog,
  authTokens,
  conversations,
  phraseGroups,
  positions,
  roles,
  seatPresence,
  serviceTransfers,
  tenants,
  users,
  workAccounts,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { wellFormedJson } from '../../platform/well-formed.ts';

/** The unique constraint an error violated (23505), however the driver wraps it; null if none. */
export function violatedUnique(err: unknown): string | null {
  for (let e: unknown = err, i = 0; e && i < 4; i++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** Whether an error is a unique-constraint violation. */
export function isUniqueViolation(err: unknown): boolean {
  return violatedUnique(err) !== null;
}

/** A LIKE pattern matching a keyword anywhere, with its wildcards escaped. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const superior = alias(users, 'superior');

/** Deleted users stay as rows (names on messages, statistics) but are found by no list. */
const notDeleted = ne(users.status, 'deleted');

/** The columns a user list or detail shows. */
const userColumns = {
  user: users,
  roleName: roles.name,
  rolePermissions: roles.permissions,
  positionName: positions.name,
  superiorName: superior.nickname,
  tenantName: tenants.name,
};
export type UserRow = {
  user: typeof users.$inferSelect;
  roleName: string | null;
  rolePermissions: string[] | null;
  positionName: string | null;
  superiorName: string | null;
  tenantName: string | null;
};

function selectUsers(db: DbOrTx) {
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(positions, eq(positions.id, users.positionId))
    .leftJoin(superior, eq(superior.id, users.superiorId))
    .leftJoin(tenants, eq(tenants.id, users.tenantId));
}

/** Whether a username is taken (case-insensitive). */
export async function usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows.length > 0;
}

/** Creates a tenant and its manager; returns both ids. */
export async function insertTenantWithManager(
  db: DbOrTx,
  tenantName: string,
  manager: Omit<typeof users.$inferInsert, 'tenantId' | 'role'>,
): Promise<{ tenantId: string; uid: string }> {
  const [tenant] = await db
    .insert(tenants)
    .values({ name: tenantName })
    .returning({ id: tenants.id });
  const [user] = await db
    .insert(users)
    .values({ ...manager, tenantId: tenant!.id, role: 'manager' })
    .returning({ id: users.id });
  return { tenantId: tenant!.id, uid: user!.id };
}

/** Creates a user inside a tenant. */
export async function insertTenantUser(
  db: DbOrTx,
  tenantId: string,
  row: Omit<typeof users.$inferInsert, 'tenantId'>,
): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ ...row, tenantId })
    .returning({ id: users.id });
  return user!.id;
}

/** One user of a tenant with its names, or null. */
export async function findTenantUser(
  db: DbOrTx,
  tenantId: string,
  uid: string,
): Promise<UserRow | null> {
  const rows = await selectUsers(db)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, uid), notDeleted))
    .limit(1);
  return rows[0] ?? null;
}

/** A tenant manager by id (platform admin's view), or null. */
export async function findManager(db: DbOrTx, uid: string): Promise<UserRow | null> {
  const rows = await selectUsers(db)
    .where(and(eq(users.id, uid), eq(users.role, 'manager')))
    .limit(1);
  return rows[0] ?? null;
}

/** Any tenant user by id (platform admin's read-only view), or null. */
export async function findAnyTenantUser(db: DbOrTx, uid: string): Promise<UserRow | null> {
  const rows = await selectUsers(db)
    .where(and(eq(users.id, uid), sql`${users.tenantId} is not null`))
    .limit(1);
  return rows[0] ?? null;
}

/** Filters of a user page. */
export interface UserFilter {
  /** The tenant, or null for the platform admin's list of managers across tenants. */
  tenantId: string | null;
  /** Only these ids (a non-manager's own subtree); undefined = no restriction. */
  ids?: string[];
  keyword?: string;
  role?: string;
  status?: string;
  page: number;
  pageSize: number;
}

/** A page of users, newest first. */
export async function listUsers(
  db: DbOrTx,
  f: UserFilter,
): Promise<{ rows: UserRow[]; total: number }> {
  const conds: SQL[] = [notDeleted];
  if (f.tenantId) conds.push(eq(users.tenantId, f.tenantId));
  else conds.push(eq(users.role, 'manager'));
  if (f.ids) conds.push(f.ids.length ? inArray(users.id, f.ids) : sql`false`);
  if (f.role) conds.push(eq(users.role, f.role as 'manager'));
  if (f.status) conds.push(eq(users.status, f.status as 'enabled'));
  if (f.keyword) {
    const p = likePattern(f.keyword);
    const words = [ilike(users.username, p), ilike(users.nickname, p)];
    if (!f.tenantId) words.push(ilike(tenants.name, p));
    conds.push(or(...words)!);
  }
  const where = and(...conds);
  const rows = await selectUsers(db)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const count = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .where(where);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The direct subordinates of a user inside its tenant. */
export async function listSubordinates(
  db: DbOrTx,
  tenantId: string,
  superiorId: string,
): Promise<UserRow[]> {
  return selectUsers(db)
    .where(and(eq(users.tenantId, tenantId), eq(users.superiorId, superiorId), notDeleted))
    .orderBy(desc(users.createdAt), desc(users.id));
}

/** Changes fields of a tenant user. */
export async function updateTenantUser(
  db: DbOrTx,
  tenantId: string,
  uid: string,
  patch: Partial<typeof users.$inferInsert>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db
    .update(users)
    .set(patch)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, uid)));
}

/** Renames a tenant. */
export async function renameTenant(db: DbOrTx, tenantId: string, name: string): Promise<void> {
  await db.update(tenants).set({ name }).where(eq(tenants.id, tenantId));
}

/** Enables or disables a tenant. */
export async function setTenantStatus(
  db: DbOrTx,
  tenantId: string,
  status: 'enabled' | 'disabled',
): Promise<void> {
  await db.update(tenants).set({ status }).where(eq(tenants.id, tenantId));
}

/** Revokes every live token of one user of a tenant. */
export async function revokeUserTokens(
  db: DbOrTx,
  tenantId: string,
  uid: string,
  at: Date,
): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: at })
    .where(
      and(
        isNull(authTokens.revokedAt),
        eq(authTokens.userId, uid),
        sql`${authTokens.userId} in (select id from users where tenant_id = ${tenantId})`,
      ),
    );
}

/** Revokes every live token of every user of a tenant. */
export async function revokeTenantTokens(db: DbOrTx, tenantId: string, at: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: at })
    .where(
      and(
        isNull(authTokens.revokedAt),
        sql`${authTokens.userId} in (select id from users where tenant_id = ${tenantId})`,
      ),
    );
}

/** Locks a tenant user's row for the rest of the transaction; null when none (or deleted). */
export async function lockTenantUser(db: DbOrTx, tenantId: string, uid: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, superiorId: users.superiorId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, uid), notDeleted))
    .for('update');
  return row ?? null;
}

/** How many users (not deleted) have `uid` as their superior. */
export async function countSubordinates(db: DbOrTx, tenantId: string, uid: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.superiorId, uid), notDeleted));
  return Number(row?.n ?? 0);
}

/** Work accounts distributed to a user (id, wxid). */
export async function accountsDistributedTo(db: DbOrTx, tenantId: string, uid: string) {
  return db
    .select({ id: workAccounts.id, wxid: workAccounts.wxid })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), eq(workAccounts.distributedTo, uid)));
}

/**
 * Hands what a seat holds to another (deleting a seat): its work accounts (to `accountsTo`, null:
 * the tenant pool a manager holds), its assigned and served chats, its phrase groups and its
 * pending transfers (a transfer left between one seat and itself is revoked). Returns the chats
 * whose assignee changed.
 */
export async function handOverSeat(
  db: DbOrTx,
  input: {
    tenantId: string;
    from: string;
    to: { uid: string; name: string };
    accountsTo: string | null;
    at: Date;
  },
) {
  const { tenantId, from, to, at } = input;
  // The service log first (docs/service-transfer.md): the chats the seat served, by a transfer or
  // as the holder of their account, end its stretch and open one for the seat taking over.
  const chats = sql`(select c.id from conversations c where c.tenant_id = ${tenantId} and (
      c.served_by = ${from} or (c.served_by is null and c.work_account_id in
        (select wa.id from work_accounts wa
          where wa.tenant_id = ${tenantId} and wa.distributed_to = ${from}))))`;
  await db.execute(sql`
    insert into conversation_service_log
      (tenant_id, conversation_id, work_account_id, user_id, transfer_id, started_at, ended_at)
    select c.tenant_id, c.id, c.work_account_id, ${from}, null, c.created_at, ${at}
    from conversations c
    where c.tenant_id = ${tenantId} and c.id in ${chats}
      and not exists (select 1 from conversation_service_log l where l.conversation_id = c.id)`);
  await db.execute(sql`
    update conversation_service_log set ended_at = ${at}
    where tenant_id = ${tenantId} and ended_at is null and conversation_id in ${chats}`);
  await db.execute(sql`
    insert into conversation_service_log
      (tenant_id, conversation_id, work_account_id, user_id, transfer_id, started_at)
    select c.tenant_id, c.id, c.work_account_id, ${to.uid}, null, ${at}
    from conversations c
    where c.tenant_id = ${tenantId} and c.id in ${chats}`);
  await db
    .update(workAccounts)
    .set({ distributedTo: input.accountsTo })
    .where(and(eq(workAccounts.tenantId, tenantId), eq(workAccounts.distributedTo, from)));
  await db
    .update(conversations)
    .set({ servedBy: to.uid })
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.servedBy, from)));
  const assigned = await db
    .update(conversations)
    .set({ assigneeUid: to.uid, assigneeName: to.name })
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.assigneeUid, from)))
    .returning();
  await db
    .update(phraseGroups)
    .set({ ownerId: to.uid })
    .where(and(eq(phraseGroups.tenantId, tenantId), eq(phraseGroups.ownerId, from)));
  const pending = and(
    eq(serviceTransfers.tenantId, tenantId),
    eq(serviceTransfers.state, 'pending'),
  );
  await db
    .update(serviceTransfers)
    .set({ toUserId: to.uid })
    .where(and(pending, eq(serviceTransfers.toUserId, from)));
  await db
    .update(serviceTransfers)
    .set({ fromUserId: to.uid })
    .where(and(pending, eq(serviceTransfers.fromUserId, from)));
  await db
    .update(serviceTransfers)
    .set({ state: 'revoked', decidedAt: at })
    .where(and(pending, sql`${serviceTransfers.fromUserId} = ${serviceTransfers.toUserId}`));
  return assigned;
}

/**
 * Marks a user deleted: it can no longer sign in (its username is freed for a new account, its
 * sessions and API keys end now), and it drops out of every list, while its row keeps the name
 * that its messages and statistics show.
 */
export async function markDeleted(db: DbOrTx, tenantId: string, uid: string, at: Date) {
  await db
    .update(users)
    .set({
      status: 'deleted',
      username: sql`${users.username} || '#deleted-' || ${users.id}`,
      contact: null,
      twoStepHash: null,
    })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, uid)));
  await revokeUserTokens(db, tenantId, uid, at);
  await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(
      and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.createdBy, uid), isNull(apiKeys.revokedAt)),
    );
  await db.delete(seatPresence).where(eq(seatPresence.userId, uid));
}

/** Appends an entry to the audit log. */
export async function audit(
  db: DbOrTx,
  entry: {
    tenantId: string | null;
    userId: string;
    action: string;
    target?: string | null;
    detail?: unknown;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    tenantId: entry.tenantId,
    userId: entry.userId,
    action: entry.action,
    target: entry.target ?? null,
    detail: wellFormedJson(entry.detail ?? null),
  });
}
