import type { AuthContext } from '../platform/auth-context.ts';
import type { DbOrTx } from '../platform/db.ts';
import { accountViewers, servedChatViewers } from '../modules/accounts/account-scope.repository.ts';
import { seesWholeTenant } from '../modules/accounts/account.policy.ts';
import * as repo from './push.repository.ts';
import type { PushRow } from './push.repository.ts';

type Recipient = Pick<AuthContext, 'userId' | 'tenantId' | 'role'>;

/** Whether a user may receive a push row; never another tenant's. */
export function mayReceive(
  auth: Recipient,
  row: Pick<PushRow, 'tenantId' | 'audience' | 'workAccountId' | 'userIds'> &
    Partial<Pick<PushRow, 'conversationId'>>,
  viewers: ReadonlyMap<string, ReadonlySet<string>>,
): boolean {
  if (!auth.tenantId || auth.tenantId !== row.tenantId) return false;
  switch (row.audience) {
    case 'tenant':
      return true;
    case 'users':
      return (row.userIds ?? []).includes(auth.userId);
    case 'account':
      if (seesWholeTenant(auth.role)) return true;
      if (row.workAccountId && viewers.get(row.workAccountId)?.has(auth.userId)) return true;
      // A chat served after a transfer reaches its serving seat and those above it.
      return !!row.conversationId && !!viewers.get(row.conversationId)?.has(auth.userId);
  }
}

/**
 * Viewers of the work accounts the rows are about, and of the served chats among them, by id
 * (skipped when only managers look).
 */
export async function viewersForRows(
  db: DbOrTx,
  tenantId: string,
  rows: (Pick<PushRow, 'workAccountId'> & Partial<Pick<PushRow, 'conversationId'>>)[],
  needed: boolean,
): Promise<Map<string, Set<string>>> {
  if (!needed) return new Map();
  const ids = new Set<string>();
  const convIds = new Set<string>();
  for (const r of rows) {
    if (r.workAccountId) ids.add(r.workAccountId);
    if (r.conversationId) convIds.add(r.conversationId);
  }
  const out = await accountViewers(db, tenantId, [...ids]);
  if (convIds.size > 0) {
    for (const [id, users] of await servedChatViewers(db, tenantId, [...convIds])) {
      out.set(id, users);
    }
  }
  return out;
}

/**
 * The rows a reconnecting user missed after `from`, visible to it, oldest first; or 'resync' when
 * they are no longer all kept (pruned, too many) or `from` is not a seq of this database.
 */
export async function visibleReplay(
  db: DbOrTx,
  auth: Recipient,
  tenantId: string,
  from: number,
  opts: { maxRows: number; newestKnown: number },
): Promise<PushRow[] | 'resync'> {
  if (from < (await repo.prunedThrough(db))) return 'resync';
  const newest = Math.max(opts.newestKnown, await repo.maxPushId(db));
  if (from > newest) return 'resync';
  const rows = await repo.pushesAfter(db, tenantId, from, opts.maxRows + 1);
  if (rows.length > opts.maxRows) return 'resync';
  const viewers = await viewersForRows(db, tenantId, rows, !seesWholeTenant(auth.role));
  return rows.filter((r) => mayReceive(auth, r, viewers));
}
