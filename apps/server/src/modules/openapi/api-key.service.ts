import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_VISIBLE,
  MAX_API_KEYS,
  type ApiKeyCreateBody,
  type ApiKeyCreateResult,
  type ApiKeyListResult,
  type ApiKeyUpdateBody,
  type Permission,
} from '@cst/shared';
import { hashToken, permissionsOf, type AuthContext } from '../../platform/auth-context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { Uses } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { tooManyWait } from '../../platform/rate-limit.ts';
import { AccountService } from '../accounts/index.ts';
import { forgetSinks, WEBHOOKS_CHANGED_CHANNEL } from '../webhooks/index.ts';
import * as repo from './api-key.repository.ts';

/** A new key: `cst_` and 32 random bytes in base64url (43 characters). */
export function newApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

const invalidKey = () => new AppError('unauthenticated', 'apiKeyInvalid');

/**
 * API keys of a tenant (docs/open-platform.md): created by a holder of `openapi.manage` with a
 * subset of its own permissions and accounts, shown once, stored as a SHA-256 hash; and the
 * authentication of `/open/v1` requests, where a key acts as its creator narrowed to the key.
 */
export class ApiKeyService {
  private readonly accounts: AccountService;

  constructor(private readonly deps: Uses<'realtime' | 'riskHandlers' | 'runtime' | 'unread'>) {
    this.accounts = new AccountService(deps);
  }

  /** Creates a key; the key itself is in the answer only. */
  async create(auth: AuthContext, body: ApiKeyCreateBody): Promise<ApiKeyCreateResult> {
    const tenantId = this.accounts.tenantOf(auth);
    for (const p of body.permissions) {
      if (!auth.permissions.has(p))
        throw fail.invalid('apiKeyPermissionNotHeld', { permission: p });
    }
    const now = this.deps.now();
    if (body.expiresAt != null && body.expiresAt <= now) throw fail.invalid('apiKeyExpiryPast');
    const accounts = body.workWxids?.length
      ? await this.accounts.requireVisible(auth, body.workWxids)
      : [];
    if ((await repo.countKeys(this.deps.db, tenantId)) >= MAX_API_KEYS) {
      throw fail.conflict('apiKeyTooMany', { max: MAX_API_KEYS });
    }
    const key = newApiKey();
    const row = await repo.insertKey(this.deps.db, {
      tenantId,
      createdBy: auth.userId,
      name: body.name,
      keyHash: hashToken(key),
      prefix: key.slice(0, API_KEY_VISIBLE),
      permissions: [...new Set(body.permissions)],
      accountIds: accounts.map((a) => a.id),
      expiresAt: body.expiresAt == null ? null : new Date(body.expiresAt),
      now: new Date(now),
    });
    await this.keysChanged(tenantId);
    return { id: row.id, key };
  }

  /**
   * A tenant's keys changed: whether it keeps every event for the stream is asked again (here at
   * once, on other instances through the bus).
   */
  private async keysChanged(tenantId: string): Promise<void> {
    forgetSinks(tenantId);
    await this.deps.bus.publish(WEBHOOKS_CHANGED_CHANNEL, tenantId);
  }

  /** The tenants among `tenantIds` with a live key (the event log keeps all their events). */
  tenantsWithKeys(db: DbOrTx, tenantIds: string[]): Promise<Set<string>> {
    return repo.tenantsWithLiveKeys(db, tenantIds, new Date(this.deps.now()));
  }

  /** The tenant's keys (revoked ones aside), newest first. */
  async list(auth: AuthContext): Promise<ApiKeyListResult> {
    const tenantId = this.accounts.tenantOf(auth);
    const rows = await repo.listKeys(this.deps.db, tenantId);
    const wxids = await repo.wxidsOf(this.deps.db, tenantId, [
      ...new Set(rows.flatMap((r) => r.key.accountIds)),
    ]);
    return {
      list: rows.map(({ key: k, createdByName }) => ({
        id: k.id,
        name: k.name,
        prefix: k.prefix,
        permissions: k.permissions,
        workWxids: k.accountIds.flatMap((id) => wxids.get(id) ?? []),
        createdAt: k.createdAt.getTime(),
        lastUsedAt: k.lastUsedAt?.getTime() ?? null,
        expiresAt: k.expiresAt?.getTime() ?? null,
        createdByName,
        ratePerSec: k.ratePerSec,
        burst: k.burst,
      })),
    };
  }

  /** Sets a key's rate and burst (the schema keeps them within the server's maximum). */
  async update(auth: AuthContext, body: ApiKeyUpdateBody): Promise<void> {
    const tenantId = this.accounts.tenantOf(auth);
    const done = await repo.updateRate(
      this.deps.db,
      tenantId,
      body.id,
      body.ratePerSec,
      body.burst,
    );
    if (!done) throw fail.notFound('apiKeyNotFound');
  }

  /** Revokes a key of the tenant at once; 404 when there is none. */
  async revoke(auth: AuthContext, id: string): Promise<void> {
    const tenantId = this.accounts.tenantOf(auth);
    const done = await repo.revokeKey(this.deps.db, tenantId, id, new Date(this.deps.now()));
    if (!done) throw fail.notFound('apiKeyNotFound');
    await this.keysChanged(tenantId);
  }

  /**
   * The caller of an `/open/v1` request from its key: 401 when the key is unknown, revoked or
   * expired or its creator can no longer sign in; 429 (with `data.retryAfter`) over the key's
   * rate. The permissions are the key's that its creator holds now; the accounts, the key's (the
   * scopes intersect them with what the creator sees now).
   */
  async authenticate(key: string | null): Promise<AuthContext> {
    if (!key) throw new AppError('unauthenticated', 'apiKeyRequired');
    if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) throw invalidKey();
    const now = this.deps.now();
    const row = await repo.findLiveKey(this.deps.db, hashToken(key), new Date(now));
    if (
      !row ||
      row.userStatus !== 'enabled' ||
      row.tenantStatus === 'disabled' ||
      row.userTenantId !== row.key.tenantId
    ) {
      throw invalidKey();
    }
    const bucket = await repo.takeToken(this.deps.db, row.key.id, new Date(now));
    if (!bucket) throw invalidKey();
    if (bucket.filled < 1) {
      throw tooManyWait(((1 - bucket.filled) / Math.max(1, bucket.rate)) * 1000);
    }
    const creator = new Set<Permission>(permissionsOf(row.role, row.rolePermissions ?? null));
    const permissions = new Set(
      row.key.permissions.filter((p): p is Permission => creator.has(p as Permission)),
    );
    const k = row.key;
    return {
      userId: k.createdBy,
      username: row.username,
      nickname: row.nickname,
      tenantId: k.tenantId,
      role: row.role,
      roleId: row.roleId,
      permissions,
      tokenId: k.id,
      expiresAt: k.expiresAt?.getTime() ?? Number.MAX_SAFE_INTEGER,
      apiKeyId: k.id,
      apiKeyName: k.name,
      ...(k.accountIds.length > 0 ? { accountIds: k.accountIds } : {}),
    };
  }
}
