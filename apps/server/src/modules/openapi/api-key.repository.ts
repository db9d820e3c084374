import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { apiKeys, roles, tenants, users, workAccounts } from '../../db/schema/index.ts';
import { rowsOf, type DbOrTx } from '../../platform/db.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Stores a new key (its hash and prefix only). */
export async function insertKey(
  db: DbOrTx,
  row: {
    tenantId: string;
    createdBy: string;
    name: string;
    keyHash: string;
    prefix: string;
    permissions: string[];
    accountIds: string[];
    expiresAt: Date | null;
    now: Date;
  },
): Promise<ApiKeyRow> {
  const [created] = await db
    .insert(apiKeys)
    .values({
      tenantId: row.tenantId,
      createdBy: row.createdBy,
      name: row.name,
      keyHash: row.keyHash,
      prefix: row.prefix,
      permissions: row.permissions,
      accountIds: row.accountIds,
      expiresAt: row.expiresAt,
      bucketAt: row.now,
      createdAt: row.now,
    })
    .returning();
  return created!;
}

/** How many live (not revoked) keys a tenant has. */
export async function countKeys(db: DbOrTx, tenantId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenantId), isNull(apiKeys.revokedAt)));
  return Number(r?.n ?? 0);
}

/** A tenant's keys that are not revoked, newest first, with their creator's name. */
export async function listKeys(db: DbOrTx, tenantId: string) {
  return db
    .select({ key: apiKeys, createdByName: users.nickname })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.tenantId, tenantId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** The platform ids of a tenant's work accounts by id. */
export async function wxidsOf(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ id: workAccounts.id, wxid: workAccounts.wxid })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), inArray(workAccounts.id, accountIds)));
  return new Map(rows.map((r) => [r.id, r.wxid]));
}

/** The tenants among `tenantIds` with a live key (they keep every event for the stream). */
export async function tenantsWithLiveKeys(
  db: DbOrTx,
  tenantIds: string[],
  now: Date,
): Promise<Set<string>> {
  if (tenantIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ tenantId: apiKeys.tenantId })
    .from(apiKeys)
    .where(
      and(
        inArray(apiKeys.tenantId, tenantIds),
        isNull(apiKeys.revokedAt),
        sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > ${now.toISOString()}::timestamptz)`,
      ),
    );
  return new Set(rows.map((r) => r.tenantId));
}

/**
 * Sets a live key's rate and burst; the tokens in its bucket stay, cut to the new burst. False
 * when there is no such key.
 */
export async function updateRate(
  db: DbOrTx,
  tenantId: string,
  id: string,
  ratePerSec: number,
  burst: number,
): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ ratePerSec, burst, bucketTokens: sql`least(${apiKeys.bucketTokens}, ${burst})` })
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** Revokes a live key of a tenant; false when there is none. */
export async function revokeKey(
  db: DbOrTx,
  tenantId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/**
 * A live key by its hash (not revoked, not expired at `now`) with its creator as it is now: the
 * creator's status, role and custom role's permissions, and its tenant's status.
 */
export async function findLiveKey(db: DbOrTx, keyHash: string, now: Date) {
  const rows = await db
    .select({
      key: apiKeys,
      username: users.username,
      nickname: users.nickname,
      userTenantId: users.tenantId,
      role: users.role,
      roleId: users.roleId,
      userStatus: users.status,
      tenantStatus: tenants.status,
      rolePermissions: roles.permissions,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(apiKeys.keyHash, keyHash),
        isNull(apiKeys.revokedAt),
        sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Takes one token from a key's bucket at `now` (refilled at its rate up to its burst), in one
 * statement that locks the row, so parallel requests on any instance count exactly. Also moves
 * `last_used_at`, at most once a minute. Returns the tokens there were before the take and the
 * rate; the request is allowed when there was at least one.
 */
export async function takeToken(
  db: DbOrTx,
  id: string,
  now: Date,
): Promise<{ filled: number; rate: number } | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with cur as (
      select id,
        least(burst::float8, bucket_tokens
          + greatest(0, extract(epoch from (${at} - bucket_at))) * rate_per_sec) as filled,
        rate_per_sec
      from api_keys where id = ${id} for update
    )
    update api_keys k set
      bucket_tokens = case when cur.filled >= 1 then cur.filled - 1 else cur.filled end,
      bucket_at = greatest(k.bucket_at, ${at}),
      last_used_at = case
        when k.last_used_at is null or k.last_used_at <= ${at} - interval '1 minute' then ${at}
        else k.last_used_at end
    from cur where k.id = cur.id
    returning cur.filled as filled, cur.rate_per_sec as rate`);
  const row = rowsOf<{ filled: number | string; rate: number | string }>(result)[0];
  return row ? { filled: Number(row.filled), rate: Number(row.rate) } : null;
}
