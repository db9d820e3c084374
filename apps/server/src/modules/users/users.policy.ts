import type { Permission } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import { fail } from '../../platform/errors.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id on the wire can be a row id; other strings never match a row. */
export function isUuid(id: string | null | undefined): id is string {
  return typeof id === 'string' && UUID_RE.test(id);
}

/** Who manages users through /system-api/system/cst/user/*. */
export type UserActor =
  | { kind: 'platform'; auth: AuthContext }
  | { kind: 'tenant'; auth: AuthContext; tenantId: string; isManager: boolean };

/**
 * The customer-user routes serve two callers on one URL: a platform admin needs
 * `platform.customers` (and acts on tenants and their managers), a tenant user needs
 * `seat.manage` (and acts on sub-accounts of its own tenant).
 */
export function userActor(auth: AuthContext): UserActor {
  if (auth.role === 'admin') {
    if (!auth.permissions.has('platform.customers')) throw fail.forbidden();
    return { kind: 'platform', auth };
  }
  if (!auth.tenantId || !auth.permissions.has('seat.manage')) throw fail.forbidden();
  return { kind: 'tenant', auth, tenantId: auth.tenantId, isManager: auth.role === 'manager' };
}

/** Throws unless the caller holds every permission it is about to grant (managers hold all). */
export function assertCanGrant(auth: AuthContext, granted: readonly Permission[]): void {
  if (auth.role === 'manager') return;
  if (granted.some((p) => !auth.permissions.has(p))) throw fail.forbidden('cannotGrantMore');
}
