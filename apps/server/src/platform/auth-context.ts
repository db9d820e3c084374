import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  DEFAULT_ROLE_PERMISSIONS,
  isTenantPermission,
  type Permission,
  type Role,
} from '@cst/shared';
import { authTokens, roles, tenants, users } from '../db/schema/index.ts';
import type { AuthCache } from './auth-cache.ts';
import type { AuthContext } from './auth-caller.ts';
import type { Db } from './db.ts';

export type { AuthContext } from './auth-caller.ts';

/** A new random session token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The permissions a user holds: its custom role's, else its built-in role's. */
export function permissionsOf(role: Role, customPermissions: string[] | null): Permission[] {
  if (role === 'admin' || role === 'manager' || !customPermissions) {
    return DEFAULT_ROLE_PERMISSIONS[role];
  }
  return customPermissions.filter(isTenantPermission);
}

/**
 * Resolves a token to its user; null when unknown, expired, revoked or the user is disabled.
 * With a cache, a session read recently is taken from it (see AuthCache for when it is dropped).
 */
export async function resolveToken(
  db: Db,
  token: string,
  ttlMs: number,
  cache?: AuthCache,
): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const now = new Date();
  const key = hashToken(token);
  const stamp = cache?.stamp() ?? 0;
  let ctx = cache?.get(key, now.getTime()) ?? null;
  if (!ctx) {
    ctx = await readSession(db, key, now);
    if (!ctx) return null;
    cache?.put(key, ctx, stamp, now.getTime());
  }
  // Sliding expiry, written at most once a minute per token.
  if (ctx.expiresAt < now.getTime() + ttlMs - 60_000) {
    ctx = { ...ctx, expiresAt: await slideExpiry(db, ctx.tokenId, now, ttlMs) };
    cache?.replace(key, ctx, stamp);
  }
  return ctx;
}

/** The session of a live token (by its hash) of an enabled user of an enabled tenant. */
async function readSession(db: Db, key: string, now: Date): Promise<AuthContext | null> {
  const rows = await db
    .select({
      tokenId: authTokens.id,
      expiresAt: authTokens.expiresAt,
      userId: users.id,
      username: users.username,
      nickname: users.nickname,
      tenantId: users.tenantId,
      role: users.role,
      roleId: users.roleId,
      userStatus: users.status,
      tenantStatus: tenants.status,
      rolePermissions: roles.permissions,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(authTokens.tokenHash, key),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row || row.userStatus !== 'enabled' || row.tenantStatus === 'disabled') return null;
  return {
    userId: row.userId,
    username: row.username,
    nickname: row.nickname,
    tenantId: row.tenantId,
    role: row.role,
    roleId: row.roleId,
    permissions: new Set(permissionsOf(row.role, row.rolePermissions ?? null)),
    tokenId: row.tokenId,
    expiresAt: row.expiresAt.getTime(),
  };
}

/** Moves a token's expiry to `ttlMs` from now; returns the new expiry. */
async function slideExpiry(db: Db, tokenId: string, now: Date, ttlMs: number): Promise<number> {
  const expiresAt = now.getTime() + ttlMs;
  await db
    .update(authTokens)
    .set({ expiresAt: new Date(expiresAt) })
    .where(eq(authTokens.id, tokenId));
  return expiresAt;
}

/**
 * The token a request carries in its headers: `cst-token` or `Authorization: Bearer`. Never
 * from the address: a token in a URL ends up in proxy logs and browser history (DESIGN.md §12).
 * File routes also take the path-scoped file cookie (platform/file-cookie.ts), and only the
 * websocket keeps API.md's `?token=` form (realtime.routes.ts).
 */
export function tokenOf(headers: Record<string, unknown>): string | null {
  const cst = headers['cst-token'];
  if (typeof cst === 'string' && cst) return cst;
  const authz = headers['authorization'];
  if (typeof authz === 'string' && authz) {
    const m = /^Bearer\s+(.+)$/i.exec(authz);
    return m ? m[1]!.trim() : authz.trim();
  }
  return null;
}
