import { sql, type SQL } from 'drizzle-orm';
import { workAccounts } from '../../db/schema/index.ts';
import { rowsOf, type DbOrTx } from '../../platform/db.ts';

/**
 * Which work accounts a user may see (DESIGN.md §4): a manager sees the whole tenant; anyone else
 * sees the accounts distributed to itself or to a seat below it in the superior tree.
 */
export type AccountScope =
  | { kind: 'tenant'; tenantId: string; only?: readonly string[] }
  | { kind: 'seats'; tenantId: string; userIds: string[]; only?: readonly string[] }
  | { kind: 'none' };

/** The user and every user below it in its tenant's superior tree. */
export async function selfAndBelow(
  db: DbOrTx,
  tenantId: string,
  userId: string,
): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(selfAndBelowSql(tenantId, userId))).map(
    (r) => r.id,
  );
}

/** The ids of `selfAndBelow` as a subquery, to use inside another query. */
export function selfAndBelowSql(tenantId: string, userId: string): SQL {
  return sql`
    with recursive tree(id) as (
      select u.id from users u where u.id = ${userId} and u.tenant_id = ${tenantId}
      union
      select u.id from users u join tree on u.superior_id = tree.id where u.tenant_id = ${tenantId}
    )
    select id from tree`;
}

/** The user and every superior above it (the users a distribution to it is visible to). */
export async function selfAndAbove(
  db: DbOrTx,
  tenantId: string,
  userId: string,
): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive up(id, superior_id) as (
      select u.id, u.superior_id from users u where u.id = ${userId} and u.tenant_id = ${tenantId}
      union
      select u.id, u.superior_id from users u join up on u.id = up.superior_id
      where u.tenant_id = ${tenantId}
    )
    select id from up`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/** The narrowing of an API key's accounts, as a condition (true without one). */
function onlyCondition(only: readonly string[] | undefined): SQL {
  if (!only) return sql`true`;
  if (only.length === 0) return sql`false`;
  return sql`${workAccounts.id} in (${sql.join(
    only.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The SQL condition on work_accounts for a scope (always includes the tenant). */
export function scopeCondition(scope: AccountScope): SQL {
  switch (scope.kind) {
    case 'none':
      return sql`false`;
    case 'tenant':
      return sql`${workAccounts.tenantId} = ${scope.tenantId} and ${onlyCondition(scope.only)}`;
    case 'seats':
      if (scope.userIds.length === 0) return sql`false`;
      return sql`${workAccounts.tenantId} = ${scope.tenantId} and ${onlyCondition(scope.only)} and ${workAccounts.distributedTo} in (${sql.join(
        scope.userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`;
  }
}

/**
 * The users of a tenant who may see work accounts, by account id: its distributed-to seat and every
 * superior above it. Managers see every account and are not listed (check `seesWholeTenant`).
 */
export async function accountViewers(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (accountIds.length === 0) return out;
  const result = await db.execute(sql`
    with recursive up(account_id, id, superior_id) as (
      select wa.id, u.id, u.superior_id from work_accounts wa
      join users u on u.id = wa.distributed_to and u.tenant_id = wa.tenant_id
      where wa.tenant_id = ${tenantId}
        and wa.id in (${sql.join(
          accountIds.map((id) => sql`${id}`),
          sql`, `,
        )})
      union
      select up.account_id, u.id, u.superior_id from users u join up on u.id = up.superior_id
      where u.tenant_id = ${tenantId}
    )
    select account_id, id from up`);
  for (const id of accountIds) out.set(id, new Set());
  for (const r of rowsOf<{ account_id: string; id: string }>(result)) {
    out.get(r.account_id)?.add(r.id);
  }
  return out;
}

/**
 * For chats served by a seat after a transfer: the serving seat and every superior above it, by
 * conversation id (chats nobody serves in particular are left out).
 */
export async function servedChatViewers(
  db: DbOrTx,
  tenantId: string,
  conversationIds: string[],
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (conversationIds.length === 0) return out;
  const result = await db.execute(sql`
    with recursive up(conv_id, id, superior_id) as (
      select c.id, u.id, u.superior_id from conversations c
      join users u on u.id = c.served_by and u.tenant_id = c.tenant_id
      where c.tenant_id = ${tenantId}
        and c.served_by is not null
        and c.id in (${sql.join(
          conversationIds.map((id) => sql`${id}`),
          sql`, `,
        )})
      union
      select up.conv_id, u.id, u.superior_id from users u join up on u.id = up.superior_id
      where u.tenant_id = ${tenantId}
    )
    select conv_id, id from up`);
  for (const r of rowsOf<{ conv_id: string; id: string }>(result)) {
    let set = out.get(r.conv_id);
    if (!set) out.set(r.conv_id, (set = new Set()));
    set.add(r.id);
  }
  return out;
}
