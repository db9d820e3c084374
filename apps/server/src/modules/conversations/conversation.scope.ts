import type { AuthContext } from '../../platform/auth-context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { fail } from '../../platform/errors.ts';
import { selfAndBelowSql, seesWholeTenant } from '../accounts/index.ts';
import {
  accountByWxid,
  findConversation,
  seatsAccountsAndChats,
  type ConvScope,
} from './conversation.repository.ts';

/**
 * The conversations a caller may read (DESIGN.md §4): the tenant for a manager, else its seats'
 * work accounts, plus the chats served by it or a seat below it after an accepted transfer
 * (docs/service-transfer.md).
 */
export async function convScopeOf(db: DbOrTx, auth: AuthContext): Promise<ConvScope> {
  const scope = await userConvScope(db, auth);
  // An API key's accounts narrow the scope; chats served through a transfer are left out.
  const only = auth.accountIds;
  if (!only) return scope;
  const accountIds =
    scope.accountIds === 'all' ? [...only] : scope.accountIds.filter((id) => only.includes(id));
  return { tenantId: scope.tenantId, accountIds };
}

async function userConvScope(db: DbOrTx, auth: AuthContext): Promise<ConvScope> {
  if (!auth.tenantId) throw fail.forbidden();
  if (seesWholeTenant(auth.role)) return { tenantId: auth.tenantId, accountIds: 'all' };
  // The seat and those below it, their accounts and the chats they serve, in one query.
  const tree = selfAndBelowSql(auth.tenantId, auth.userId);
  const accountIds: string[] = [];
  const convIds: string[] = [];
  for (const r of await seatsAccountsAndChats(db, auth.tenantId, tree)) {
    (r.kind === 'a' ? accountIds : convIds).push(r.id);
  }
  return convIds.length > 0
    ? { tenantId: auth.tenantId, accountIds, convIds }
    : { tenantId: auth.tenantId, accountIds };
}

/** Whether a scope covers a conversation: through its work account or as a served chat. */
export function scopeHasConv(
  scope: ConvScope,
  conv: { id: string; workAccountId: string },
): boolean {
  return scopeHas(scope, conv.workAccountId) || !!scope.convIds?.includes(conv.id);
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

/**
 * The work account a caller sends to a peer through: one it sees, or the account of a chat it
 * serves after a transfer (only to that chat's peer); 404 otherwise.
 */
export async function sendableAccount(
  db: DbOrTx,
  auth: AuthContext,
  to: { workWxid: string; receiver_id: string; talkType: number },
) {
  const scope = await convScopeOf(db, auth);
  const account = await accountByWxid(db, scope.tenantId, to.workWxid);
  if (account && scopeHas(scope, account.id)) return account;
  if (account && scope.convIds?.length) {
    const conv = await findConversation(
      db,
      scope.tenantId,
      account.id,
      to.talkType,
      to.receiver_id,
    );
    if (conv && scope.convIds.includes(conv.id)) return account;
  }
  throw fail.notFound('workAccountNotFound');
}

/**
 * The caller's scope widened by the accounts of single chats it serves through a transfer, for
 * exactly those chats' peers (the contact card and its tags follow the transfer); 404 when a
 * target is neither on an account the caller sees nor the peer of a chat it serves.
 */
export async function scopeForPeers(
  db: DbOrTx,
  auth: AuthContext,
  targets: readonly { workWxid: string; friendWxid: string }[],
): Promise<ConvScope> {
  const scope = await convScopeOf(db, auth);
  if (scope.accountIds === 'all' || !scope.convIds?.length) return scope;
  const extra = new Set<string>();
  for (const t of targets) {
    const account = await accountByWxid(db, scope.tenantId, t.workWxid);
    if (!account || scopeHas(scope, account.id)) continue;
    const conv = await findConversation(db, scope.tenantId, account.id, 1, t.friendWxid);
    if (!conv || !scope.convIds.includes(conv.id)) throw fail.notFound('contactNotFound');
    extra.add(account.id);
  }
  return extra.size ? { ...scope, accountIds: [...scope.accountIds, ...extra] } : scope;
}
