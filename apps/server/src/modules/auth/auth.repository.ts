import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  authTokens,
  captchas,
  loginRecords,
  roles,
  tenants,
  users,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

/** A row of `users` as stored. */
export type UserRecord = typeof users.$inferSelect;

/** The user row a login needs, found by username (case-insensitive). */
export async function findUserForLogin(db: DbOrTx, username: string) {
  const rows = await db
    .select({
      user: users,
      tenantName: tenants.name,
      tenantStatus: tenants.status,
      rolePermissions: roles.permissions,
    })
    .from(users)
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0] ?? null;
}

/** The user row with its tenant and custom role, by id. */
export async function findUserById(db: DbOrTx, id: string) {
  const rows = await db
    .select({
      user: users,
      tenantName: tenants.name,
      tenantStatus: tenants.status,
      rolePermissions: roles.permissions,
    })
    .from(users)
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Stores a session token hash. */
export async function insertToken(
  db: DbOrTx,
  row: { userId: string; tokenHash: string; expiresAt: Date; ip: string; agent: string },
) {
  await db.insert(authTokens).values(row);
}

/** Revokes one token. */
export async function revokeToken(db: DbOrTx, tokenId: string, at: Date) {
  await db
    .update(authTokens)
    .set({ revokedAt: at })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
}

/** Revokes every live token of a user (disable, password change). */
export async function revokeUserTokens(db: DbOrTx, userId: string, at: Date, exceptId?: string) {
  const conds = [eq(authTokens.userId, userId), isNull(authTokens.revokedAt)];
  if (exceptId) conds.push(sql`${authTokens.id} <> ${exceptId}`);
  await db
    .update(authTokens)
    .set({ revokedAt: at })
    .where(and(...conds));
}

/** Records a sign-in attempt. */
export async function insertLoginRecord(
  db: DbOrTx,
  row: typeof loginRecords.$inferInsert,
): Promise<void> {
  await db.insert(loginRecords).values(row);
}

/** Attempts from an address since a time. */
export async function countAttemptsByIp(db: DbOrTx, ip: string, since: Date): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginRecords)
    .where(and(eq(loginRecords.ip, ip), gt(loginRecords.createdAt, since)));
  return rows[0]?.n ?? 0;
}

/** Failed attempts for a username or from an address since a time. */
export async function countFailures(
  db: DbOrTx,
  username: string | null,
  ip: string,
  since: Date,
): Promise<number> {
  const who = username
    ? sql`(lower(${loginRecords.username}) = lower(${username}) or ${loginRecords.ip} = ${ip})`
    : sql`${loginRecords.ip} = ${ip}`;
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginRecords)
    .where(and(who, eq(loginRecords.success, false), gt(loginRecords.createdAt, since)));
  return rows[0]?.n ?? 0;
}

/** Reasons of the failures that count towards the per-username back-off: wrong passwords. */
export const PASSWORD_FAILURES = ['wrong credentials', 'wrong two-step password'];

/**
 * Wrong passwords for a username (any address, case-insensitive) since a time and since its last
 * good sign-in, with the time of the latest.
 */
export async function passwordFailures(
  db: DbOrTx,
  username: string,
  since: Date,
): Promise<{ count: number; last: number | null }> {
  const who = sql`lower(${loginRecords.username}) = lower(${username})`;
  const lastGood = db
    .select({ at: sql`max(${loginRecords.createdAt})` })
    .from(loginRecords)
    .where(and(who, eq(loginRecords.success, true), gt(loginRecords.createdAt, since)));
  const rows = await db
    .select({
      n: sql<number>`count(*)::int`,
      last: sql<number | null>`(extract(epoch from max(${loginRecords.createdAt})) * 1000)::float8`,
    })
    .from(loginRecords)
    .where(
      and(
        who,
        eq(loginRecords.success, false),
        inArray(loginRecords.reason, PASSWORD_FAILURES),
        gt(loginRecords.createdAt, since),
        sql`${loginRecords.createdAt} > coalesce((${lastGood}), ${since})`,
      ),
    );
  const row = rows[0];
  return { count: row?.n ?? 0, last: row?.last == null ? null : Number(row.last) };
}

/** The user whose verified contact (mobile number or email) is `target`. */
export async function findUserByContact(db: DbOrTx, target: string) {
  const rows = await db.select().from(users).where(eq(users.contact, target)).limit(1);
  return rows[0] ?? null;
}

/** Sets a user's password hash. */
export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Sets or clears a user's two-step password hash. */
export async function setTwoStepHash(db: DbOrTx, userId: string, twoStepHash: string | null) {
  await db.update(users).set({ twoStepHash }).where(eq(users.id, userId));
}

/** Deletes the captchas expired before `at`; their ids. */
export function deleteExpiredCaptchas(db: DbOrTx, at: Date) {
  return db.delete(captchas).where(lt(captchas.expiresAt, at)).returning({ id: captchas.id });
}

/** Deletes up to `limit` login records created before `cutoff`; how many went. */
export async function deleteLoginRecordsBefore(
  db: DbOrTx,
  cutoff: Date,
  limit: number,
): Promise<number> {
  const batch = db
    .select({ id: loginRecords.id })
    .from(loginRecords)
    .where(lt(loginRecords.createdAt, cutoff))
    .limit(limit);
  const gone = await db
    .delete(loginRecords)
    .where(inArray(loginRecords.id, batch))
    .returning({ id: loginRecords.id });
  return gone.length;
}

/** Stores a captcha's code hash until `expiresAt`; its id. */
export async function insertCaptcha(db: DbOrTx, codeHash: string, expiresAt: Date) {
  const rows = await db
    .insert(captchas)
    .values({ codeHash, expiresAt })
    .returning({ id: captchas.id });
  return rows[0]!.id;
}

/** Deletes a captcha not expired at `now`; its code hash, or undefined when there was none. */
export async function takeCaptcha(db: DbOrTx, id: string, now: Date) {
  const rows = await db
    .delete(captchas)
    .where(and(eq(captchas.id, id), gt(captchas.expiresAt, now)))
    .returning({ codeHash: captchas.codeHash });
  return rows[0]?.codeHash;
}
