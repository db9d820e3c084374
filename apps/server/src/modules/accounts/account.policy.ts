import type { DbOrTx } from '../../platform/db.ts';
import { selfAndBelow, type AccountScope } from './account-scope.repository.ts';

export type { AccountScope } from './account-scope.repository.ts';

/** Who is looking: enough of an AuthContext to decide visibility. */
export interface Viewer {
  userId: string;
  tenantId: string | null;
  role: string;
  /** An API key's accounts (ids): the scope is narrowed to them (platform/auth-caller.ts). */
  accountIds?: readonly string[];
}

/** Whether a role sees every work account of its tenant. */
export function seesWholeTenant(role: string): boolean {
  return role === 'manager';
}

/** The account scope of a viewer. */
export async function accountScope(db: DbOrTx, viewer: Viewer): Promise<AccountScope> {
  if (!viewer.tenantId) return { kind: 'none' };
  const only = viewer.accountIds ? { only: viewer.accountIds } : {};
  if (seesWholeTenant(viewer.role)) return { kind: 'tenant', tenantId: viewer.tenantId, ...only };
  return {
    kind: 'seats',
    tenantId: viewer.tenantId,
    userIds: await selfAndBelow(db, viewer.tenantId, viewer.userId),
    ...only,
  };
}
