import {
  PERMISSIONS,
  TENANT_PERMISSIONS,
  isTenantPermission,
  missingNeed,
  type Language,
  type ListResult,
  type Permission,
  type RoleBody,
  type RoleEditBody,
  type RoleItem,
  type RoleListQuery,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { audit, isUniqueViolation, assertCanGrant, isUuid } from '../users/index.ts';
import { presentRole } from './roles.presenter.ts';
import * as repo from './roles.repository.ts';

/** The tenant of a caller that must belong to one. */
function tenantOf(auth: AuthContext): string {
  if (!auth.tenantId) throw fail.forbidden();
  return auth.tenantId;
}

/**
 * Checks and de-duplicates the permissions of a role; unknown ones are refused by name, and so is
 * a permission without one it needs (sending without reading), named in the caller's language.
 */
function checkPermissions(auth: AuthContext, permissions: string[], lang: Language): Permission[] {
  const out: Permission[] = [];
  for (const p of permissions) {
    if (!isTenantPermission(p)) throw fail.invalid('unknownPermission', { permission: p });
    if (!out.includes(p)) out.push(p);
  }
  const missing = missingNeed(out);
  if (missing) {
    throw fail.invalid('permissionNeeds', {
      permission: PERMISSIONS[missing.permission][lang],
      needs: PERMISSIONS[missing.needs][lang],
    });
  }
  assertCanGrant(auth, out);
  return out;
}

/** Custom roles of a tenant (roleManage). */
export class RolesService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db;
  }

  /** Every permission a tenant role may hold, labelled in the caller's language. */
  permissions(lang: Language): { key: string; label: string }[] {
    return TENANT_PERMISSIONS.map((key) => ({ key, label: PERMISSIONS[key][lang] }));
  }

  /** A page of the caller tenant's roles. */
  async list(auth: AuthContext, q: RoleListQuery): Promise<ListResult<RoleItem>> {
    const tenantId = tenantOf(auth);
    const { rows, total } = await repo.listRoles(this.db, tenantId, {
      page: q.page,
      pageSize: q.pageSize,
      keyword: q.keyword || undefined,
    });
    return { list: rows.map(presentRole), total };
  }

  /** One role of the caller tenant. */
  async info(auth: AuthContext, id: string): Promise<RoleItem> {
    const tenantId = tenantOf(auth);
    const row = isUuid(id) ? await repo.findRole(this.db, tenantId, id) : null;
    if (!row) throw fail.notFound('roleNotFound');
    return presentRole(row);
  }

  /** Creates a role with a unique name and at least one known permission. */
  async add(auth: AuthContext, body: RoleBody, lang: Language = 'zh-CN'): Promise<{ id: string }> {
    const tenantId = tenantOf(auth);
    const permissions = checkPermissions(auth, body.permissions, lang);
    if (await repo.roleNameTaken(this.db, tenantId, body.roleName)) {
      throw fail.conflict('roleNameTaken');
    }
    try {
      const id = await this.db.transaction(async (tx) => {
        const newId = await repo.insertRole(tx, tenantId, body.roleName, permissions);
        await audit(tx, {
          tenantId,
          userId: auth.userId,
          action: 'role.create',
          target: newId,
          detail: { roleName: body.roleName, permissions },
        });
        return newId;
      });
      return { id };
    } catch (err) {
      if (isUniqueViolation(err)) throw fail.conflict('roleNameTaken');
      throw err;
    }
  }

  /** Renames a role and replaces its permissions; its users get them at their next request. */
  async edit(auth: AuthContext, body: RoleEditBody, lang: Language = 'zh-CN'): Promise<null> {
    const tenantId = tenantOf(auth);
    const row = isUuid(body.id) ? await repo.findRole(this.db, tenantId, body.id) : null;
    if (!row) throw fail.notFound('roleNotFound');
    const permissions = checkPermissions(auth, body.permissions, lang);
    if (await repo.roleNameTaken(this.db, tenantId, body.roleName, body.id)) {
      throw fail.conflict('roleNameTaken');
    }
    try {
      await this.db.transaction(async (tx) => {
        await repo.updateRole(tx, tenantId, body.id, body.roleName, permissions);
        await audit(tx, {
          tenantId,
          userId: auth.userId,
          action: 'role.edit',
          target: body.id,
          detail: { roleName: body.roleName, permissions },
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw fail.conflict('roleNameTaken');
      throw err;
    }
    return null;
  }

  /** Deletes a role nobody uses. */
  async remove(auth: AuthContext, id: string): Promise<null> {
    const tenantId = tenantOf(auth);
    const row = isUuid(id) ? await repo.findRole(this.db, tenantId, id) : null;
    if (!row) throw fail.notFound('roleNotFound');
    if (await repo.roleInUse(this.db, tenantId, id)) throw fail.conflict('roleInUse');
    await this.db.transaction(async (tx) => {
      await repo.deleteRole(tx, tenantId, id);
      await audit(tx, { tenantId, userId: auth.userId, action: 'role.delete', target: id });
    });
    return null;
  }
}
