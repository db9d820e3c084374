import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AssignmentMode, ConversationStatus } from '@cst/shared';
import {
  assignmentRules,
  conversationFlowLog,
  conversations,
  seatPresence,
  users,
  workAccounts,
} from '../../db/schema/index.ts';
import { rowsOf, type DbOrTx } from '../../platform/db.ts';
import type { ConversationRow } from '../conversations/index.ts';

/** How long after its last ping a seat still counts as online. */
export const ONLINE_WINDOW_MS = 90_000;

/** A seat who sees a work account, with what automatic assignment weighs. */
export interface Candidate {
  uid: string;
  name: string;
  role: string;
  online: boolean;
  dnd: boolean;
  /** Its open (open or pending) assigned chats in the tenant. */
  open: number;
}

/**
 * The enabled users who see a work account (DESIGN.md §4): the seat it is distributed to and those
 * above it, and the tenant's managers; with presence and open chats, by name.
 */
export async function candidatesOf(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  now: number,
): Promise<Candidate[]> {
  const result = await db.execute(sql`
    with recursive up(id) as (
      select u.id from work_accounts wa join users u on u.id = wa.distributed_to
        where wa.id = ${workAccountId} and wa.tenant_id = ${tenantId} and u.tenant_id = ${tenantId}
      union
      select u.superior_id from users u join up on u.id = up.id
        where u.superior_id is not null and u.tenant_id = ${tenantId}
    ), seats as (
      select id from up
      union
      select id from users where tenant_id = ${tenantId} and role = 'manager'
    )
    select u.id as uid, coalesce(nullif(u.nickname, ''), u.username) as name, u.role,
      coalesce(p.seen_at, 0) > ${now - ONLINE_WINDOW_MS}::bigint as online,
      coalesce(p.dnd, false) as dnd,
      (select count(*)::int from conversations c
        where c.tenant_id = ${tenantId} and c.assignee_uid = u.id
          and c.status in ('open', 'pending')) as open
    from users u join seats s on s.id = u.id
    left join seat_presence p on p.user_id = u.id
    where u.tenant_id = ${tenantId} and u.status = 'enabled'
    order by u.created_at, u.id`);
  return rowsOf<Candidate>(result).map((r) => ({ ...r, open: Number(r.open) }));
}

/** The automatic assignment rule of a work account: its own, else its account group's. */
export async function ruleFor(
  db: DbOrTx,
  tenantId: string,
  account: { id: string; groupId: string | null },
) {
  const rows = await db
    .select()
    .from(assignmentRules)
    .where(
      and(
        eq(assignmentRules.tenantId, tenantId),
        sql`((${assignmentRules.scope} = 'account' and ${assignmentRules.scopeId} = ${account.id})
          or (${assignmentRules.scope} = 'group' and ${assignmentRules.scopeId} = ${account.groupId}))`,
      ),
    );
  return rows.find((r) => r.scope === 'account') ?? rows[0] ?? null;
}

/** Whether any work account or group of a tenant has automatic assignment on. */
export async function anyRuleOn(db: DbOrTx, tenantId: string): Promise<boolean> {
  const rows = await db
    .select({ id: assignmentRules.id })
    .from(assignmentRules)
    .where(and(eq(assignmentRules.tenantId, tenantId), sql`${assignmentRules.mode} <> 'off'`))
    .limit(1);
  return rows.length > 0;
}

/** Locks a rule row for its round robin pointer (two chats at once take turns). */
export async function lockRule(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(assignmentRules)
    .where(eq(assignmentRules.id, id))
    .for('update');
  return row ?? null;
}

/** Moves a rule's round robin pointer. */
export async function setRuleLast(db: DbOrTx, id: string, uid: string): Promise<void> {
  await db.update(assignmentRules).set({ lastUid: uid }).where(eq(assignmentRules.id, id));
}

/** The tenant's rules. */
export async function listRules(db: DbOrTx, tenantId: string) {
  return db.select().from(assignmentRules).where(eq(assignmentRules.tenantId, tenantId));
}

/** Creates or replaces the rule of an account or a group. */
export async function saveRule(
  db: DbOrTx,
  rule: {
    tenantId: string;
    scope: 'account' | 'group';
    scopeId: string;
    mode: AssignmentMode;
    cap: number | null;
  },
): Promise<void> {
  await db
    .insert(assignmentRules)
    .values(rule)
    .onConflictDoUpdate({
      target: [assignmentRules.tenantId, assignmentRules.scope, assignmentRules.scopeId],
      set: { mode: rule.mode, cap: rule.cap, updatedAt: sql`now()` },
    });
}

/** Whether an account or group of the tenant exists. */
export async function scopeExists(
  db: DbOrTx,
  tenantId: string,
  scope: 'account' | 'group',
  id: string,
): Promise<boolean> {
  const table = scope === 'account' ? sql`work_accounts` : sql`account_groups`;
  const rows = rowsOf(
    await db.execute(sql`select 1 from ${table} where id = ${id} and tenant_id = ${tenantId}`),
  );
  return rows.length > 0;
}

/** Sets the assignee of chats (with its name, or none), returning the changed rows. */
export async function setAssignee(
  db: DbOrTx,
  tenantId: string,
  ids: string[],
  assignee: { uid: string; name: string } | null,
): Promise<ConversationRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(conversations)
    .set({ assigneeUid: assignee?.uid ?? null, assigneeName: assignee?.name ?? null })
    .where(
      and(
        eq(conversations.tenantId, tenantId),
        inArray(conversations.id, ids),
        sql`${conversations.assigneeUid} is distinct from ${assignee?.uid ?? null}::uuid`,
      ),
    )
    .returning();
}

/** Sets the status of chats, returning the changed rows. */
export async function setStatus(
  db: DbOrTx,
  tenantId: string,
  ids: string[],
  status: ConversationStatus,
  snoozeUntil: number | null,
): Promise<ConversationRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(conversations)
    .set({ status, snoozeUntil: status === 'snoozed' ? snoozeUntil : null })
    .where(
      and(
        eq(conversations.tenantId, tenantId),
        inArray(conversations.id, ids),
        sql`(${conversations.status} <> ${status} or ${conversations.snoozeUntil} is distinct from ${status === 'snoozed' ? snoozeUntil : null}::bigint)`,
      ),
    )
    .returning();
}

/** Reopens snoozed chats whose time came (any tenant), returning them. */
export async function wakeSnoozed(db: DbOrTx, now: number, limit: number) {
  const due = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.status, 'snoozed'), lte(conversations.snoozeUntil, now)))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(conversations)
    .set({ status: 'open', snoozeUntil: null })
    .where(inArray(conversations.id, due))
    .returning();
}

/** Writes assignments and resolutions for the service report. */
export async function logFlow(
  db: DbOrTx,
  rows: {
    tenantId: string;
    conversationId: string;
    workAccountId: string;
    kind: 'assigned' | 'resolved';
    userId: string | null;
    at: number;
  }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(conversationFlowLog).values(rows);
}

/** Work accounts (id, group) of the tenant by id. */
export async function accountsOf(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: workAccounts.id, groupId: workAccounts.groupId })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), inArray(workAccounts.id, ids)));
}

/** A seat's presence: seen now (online) or its do-not-disturb switch. */
export async function touchPresence(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  set: { seenAt?: number; dnd?: boolean },
): Promise<{ dnd: boolean }> {
  const [row] = await db
    .insert(seatPresence)
    .values({ userId, tenantId, seenAt: set.seenAt ?? 0, dnd: set.dnd ?? false })
    .onConflictDoUpdate({ target: seatPresence.userId, set })
    .returning({ dnd: seatPresence.dnd });
  return { dnd: row?.dnd ?? false };
}

/** A seat's do-not-disturb switch. */
export async function presenceOf(db: DbOrTx, userId: string): Promise<{ dnd: boolean }> {
  const [row] = await db
    .select({ dnd: seatPresence.dnd })
    .from(seatPresence)
    .where(eq(seatPresence.userId, userId));
  return { dnd: row?.dnd ?? false };
}

/** The display name of a tenant's enabled user; null when none. */
export async function userName(db: DbOrTx, tenantId: string, uid: string) {
  const [row] = await db
    .select({ nickname: users.nickname, username: users.username })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, uid), eq(users.status, 'enabled')));
  return row ? row.nickname || row.username : null;
}

/** Moves a work account's chats assigned to one seat to another (a whole-account transfer). */
export async function moveAssignments(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  fromUid: string,
  to: { uid: string; name: string },
): Promise<ConversationRow[]> {
  return db
    .update(conversations)
    .set({ assigneeUid: to.uid, assigneeName: to.name })
    .where(
      and(
        eq(conversations.tenantId, tenantId),
        eq(conversations.workAccountId, workAccountId),
        eq(conversations.assigneeUid, fromUid),
      ),
    )
    .returning();
}
