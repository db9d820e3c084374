import { aliasedTable, and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  conversations,
  conversationServiceLog,
  serviceTransfers,
  users,
  workAccounts,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

export type TransferRow = typeof serviceTransfers.$inferSelect;
export type NewTransfer = typeof serviceTransfers.$inferInsert;

const fromUser = aliasedTable(users, 'from_user');
const toUser = aliasedTable(users, 'to_user');

/** A transfer with the names the list shows. */
export type TransferListRow = TransferRow & {
  workWxid: string;
  workNickname: string;
  convTalkType: number | null;
  convPeerId: string | null;
  convName: string | null;
  fromUsername: string;
  fromNickname: string;
  toUsername: string;
  toNickname: string;
};

function listSelect(db: DbOrTx) {
  return db
    .select({
      transfer: serviceTransfers,
      workWxid: workAccounts.wxid,
      workNickname: workAccounts.nickname,
      convTalkType: conversations.talkType,
      convPeerId: conversations.peerId,
      convName: sql<
        string | null
      >`nullif(coalesce(nullif(${conversations.remark}, ''), nullif(${conversations.nickname}, ''), ${conversations.peerId}), '')`,
      fromUsername: fromUser.username,
      fromNickname: fromUser.nickname,
      toUsername: toUser.username,
      toNickname: toUser.nickname,
    })
    .from(serviceTransfers)
    .innerJoin(workAccounts, eq(workAccounts.id, serviceTransfers.workAccountId))
    .leftJoin(conversations, eq(conversations.id, serviceTransfers.conversationId))
    .innerJoin(fromUser, eq(fromUser.id, serviceTransfers.fromUserId))
    .innerJoin(toUser, eq(toUser.id, serviceTransfers.toUserId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof listSelect>['execute']>>[number];
const flat = ({ transfer, ...names }: Selected): TransferListRow => ({ ...transfer, ...names });

/** Transfers of a tenant by filter, newest first, with the total. */
export async function listTransfers(
  db: DbOrTx,
  tenantId: string,
  filter: { userId?: string; direction: 'in' | 'out' | 'all'; state?: TransferRow['state'] },
  page: number,
  pageSize: number,
): Promise<{ rows: TransferListRow[]; total: number }> {
  const conds: SQL[] = [eq(serviceTransfers.tenantId, tenantId)];
  if (filter.userId) {
    const me = filter.userId;
    if (filter.direction === 'in') conds.push(eq(serviceTransfers.toUserId, me));
    else if (filter.direction === 'out') conds.push(eq(serviceTransfers.fromUserId, me));
    else conds.push(or(eq(serviceTransfers.toUserId, me), eq(serviceTransfers.fromUserId, me))!);
  }
  if (filter.state) conds.push(eq(serviceTransfers.state, filter.state));
  const where = and(...conds);
  const [rows, count] = await Promise.all([
    listSelect(db)
      .where(where)
      .orderBy(desc(serviceTransfers.createdAt), desc(serviceTransfers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(serviceTransfers)
      .where(where),
  ]);
  return { rows: rows.map(flat), total: Number(count[0]?.n ?? 0) };
}

/** One transfer of a tenant with its names. */
export async function transferWithNames(
  db: DbOrTx,
  tenantId: string,
  id: string,
): Promise<TransferListRow | null> {
  const rows = await listSelect(db)
    .where(and(eq(serviceTransfers.tenantId, tenantId), eq(serviceTransfers.id, id)))
    .limit(1);
  return rows[0] ? flat(rows[0]) : null;
}

/** A transfer of a tenant, locked for the caller's transaction. */
export async function lockTransfer(
  db: DbOrTx,
  tenantId: string,
  id: string,
): Promise<TransferRow | null> {
  const rows = await db
    .select()
    .from(serviceTransfers)
    .where(and(eq(serviceTransfers.tenantId, tenantId), eq(serviceTransfers.id, id)))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

/** Stores a pending transfer; null when one is already pending for the same chat or account. */
export async function insertTransfer(db: DbOrTx, row: NewTransfer): Promise<TransferRow | null> {
  const rows = await db.insert(serviceTransfers).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** Moves a transfer out of `pending`. */
export async function decideTransfer(
  db: DbOrTx,
  id: string,
  state: 'accepted' | 'revoked',
  at: Date,
): Promise<void> {
  await db
    .update(serviceTransfers)
    .set({ state, decidedAt: at })
    .where(and(eq(serviceTransfers.id, id), eq(serviceTransfers.state, 'pending')));
}

/** An enabled user of a tenant, or null. */
export async function enabledTenantUser(db: DbOrTx, tenantId: string, id: string) {
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      username: users.username,
      nickname: users.nickname,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id), eq(users.status, 'enabled')))
    .limit(1);
  return rows[0] ?? null;
}

/** The enabled users of a tenant but one, by name. */
export async function tenantSeats(db: DbOrTx, tenantId: string, exceptId: string) {
  return db
    .select({ uid: users.id, username: users.username, nickname: users.nickname })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.status, 'enabled'),
        sql`${users.id} <> ${exceptId}`,
      ),
    )
    .orderBy(asc(users.nickname), asc(users.username))
    .limit(1000);
}

/**
 * Hands chats to a seat in the service log: ends the open stretch of each (recording, for a chat
 * never logged, who served it until now: `previous`), then opens one for the new seat.
 */
export async function logHandOver(
  db: DbOrTx,
  input: {
    tenantId: string;
    workAccountId: string;
    conversationIds: string[] | 'account';
    previous: string | null;
    to: string;
    transferId: string;
    at: Date;
  },
): Promise<void> {
  const { tenantId, workAccountId, to, transferId, at } = input;
  const chats =
    input.conversationIds === 'account'
      ? sql`(select id from conversations where tenant_id = ${tenantId} and work_account_id = ${workAccountId})`
      : input.conversationIds.length === 0
        ? null
        : sql`(${sql.join(
            input.conversationIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`;
  if (!chats) return;
  if (input.previous) {
    // Chats never logged: whoever served them did so since they began.
    await db.execute(sql`
      insert into conversation_service_log
        (tenant_id, conversation_id, work_account_id, user_id, transfer_id, started_at, ended_at)
      select c.tenant_id, c.id, c.work_account_id, coalesce(c.served_by, ${input.previous}), null,
             c.created_at, ${at}
      from conversations c
      where c.tenant_id = ${tenantId} and c.id in ${chats}
        and not exists (select 1 from conversation_service_log l where l.conversation_id = c.id)`);
  }
  await db
    .update(conversationServiceLog)
    .set({ endedAt: at })
    .where(
      and(
        eq(conversationServiceLog.tenantId, tenantId),
        isNull(conversationServiceLog.endedAt),
        sql`${conversationServiceLog.conversationId} in ${chats}`,
      ),
    );
  await db.execute(sql`
    insert into conversation_service_log
      (tenant_id, conversation_id, work_account_id, user_id, transfer_id, started_at)
    select c.tenant_id, c.id, c.work_account_id, ${to}, ${transferId}, ${at}
    from conversations c
    where c.tenant_id = ${tenantId} and c.id in ${chats}`);
}

/** Sets the serving seat of chats (null: whoever sees the account). */
export async function setServedBy(
  db: DbOrTx,
  tenantId: string,
  where: { conversationId: string } | { workAccountId: string },
  userId: string | null,
) {
  return db
    .update(conversations)
    .set({ servedBy: userId })
    .where(
      and(
        eq(conversations.tenantId, tenantId),
        'conversationId' in where
          ? eq(conversations.id, where.conversationId)
          : eq(conversations.workAccountId, where.workAccountId),
      ),
    )
    .returning();
}

/** The service log of a chat, oldest first, with the seats' names. */
export async function serviceLogOf(db: DbOrTx, tenantId: string, conversationId: string) {
  return db
    .select({
      userId: conversationServiceLog.userId,
      username: users.username,
      nickname: users.nickname,
      startedAt: conversationServiceLog.startedAt,
      endedAt: conversationServiceLog.endedAt,
      transferId: conversationServiceLog.transferId,
    })
    .from(conversationServiceLog)
    .innerJoin(users, eq(users.id, conversationServiceLog.userId))
    .where(
      and(
        eq(conversationServiceLog.tenantId, tenantId),
        eq(conversationServiceLog.conversationId, conversationId),
      ),
    )
    .orderBy(asc(conversationServiceLog.startedAt), asc(conversationServiceLog.id));
}

/** Sets do not disturb of one chat. */
export async function setDisturb(db: DbOrTx, conversationId: string, disturb: boolean) {
  const rows = await db
    .update(conversations)
    .set({ disturb })
    .where(eq(conversations.id, conversationId))
    .returning();
  return rows[0] ?? null;
}

/** The account's work rows by ids (for a whole-account transfer). */
export async function accountsByIds(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), inArray(workAccounts.id, ids)));
}
