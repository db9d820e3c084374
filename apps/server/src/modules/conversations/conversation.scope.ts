import { and, eq, inArray, sql } from 'drizzle-orm';
import { workAccounts } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { fail } from '../../platform/errors.ts';
import { selfAndBelowSql, seesWholeTenant } from '../accounts/account.policy.ts';
import { accountByWxid, type ConvScope } from './conversation.repository.ts';

/** The conversations a caller may read (DESIGN.md §4): the tenant for a manager, else its seats'. */
export async function convScopeOf(db: DbOrTx, auth: AuthContext): Promise<ConvScope> {
  if (!auth.tenantId) throw fail.forbidden();
  if (seesWholeTenant(auth.role)) return { tenantId: auth.tenantId, accountIds: 'all' };
  // The seat and those below it, and the accounts distributed to them, in one query.
  const rows = await db
    .select({ id: workAccounts.id })
    .from(workAccounts)
    .where(
      and(
        eq(workAccounts.tenantId, auth.tenantId),
        inArray(workAccounts.distributedTo, sql`(${selfAndBelowSql(auth.tenantId, auth.userId)})`),
      ),
    );
  return { tenantId: auth.tenantId, accountIds: rows.map((r) => r.id) };
}

/** Whether a scope covers a work account. */
export function scopeHas(scope: ConvScope, workAccountId: string): boolean {
  return scope.accountIds === 'all' || scope.accountIds.includes(workAccountId);
}

/** A work account of the scope by platform id; 404 when it is unknown, another tenant's or hidden. */
export async function visibleAccountIn(db: DbOrTx, scope: ConvScope, wxid: string) {
  const account = await accountByWxid(db, scope.tenantId, wxid);
  if (!account || !scopeHas(scope, account.id)) throw fail.notFound('workAccountNotFound');
  return account;
}

/** A work account the caller may see, with the caller's scope; 404 otherwise. */
export async function visibleAccount(db: DbOrTx, auth: AuthContext, wxid: string) {
  const scope = await convScopeOf(db, auth);
  return { account: await visibleAccountIn(db, scope, wxid), scope };
}
