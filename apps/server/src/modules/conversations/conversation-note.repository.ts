import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { conversationNotes, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

export type NoteRow = typeof conversationNotes.$inferSelect;

/** Stores a note; its id comes from the messages' sequence. */
export async function insertNote(
  db: DbOrTx,
  row: Omit<typeof conversationNotes.$inferInsert, 'id' | 'createdAt'>,
): Promise<NoteRow> {
  const rows = await db.insert(conversationNotes).values(row).returning();
  return rows[0]!;
}

/** A conversation's notes with ids strictly between the bounds (null: unbounded), oldest first. */
export async function notesBetween(
  db: DbOrTx,
  conversationId: string,
  after: number | null,
  before: number | null,
  since: number,
): Promise<NoteRow[]> {
  const conds = [
    eq(conversationNotes.conversationId, conversationId),
    gt(conversationNotes.msgTime, since),
  ];
  if (after !== null) conds.push(gt(conversationNotes.id, after));
  if (before !== null) conds.push(lt(conversationNotes.id, before));
  return db
    .select()
    .from(conversationNotes)
    .where(and(...conds))
    .orderBy(asc(conversationNotes.id))
    .limit(500);
}

/** A note of a conversation by id. */
export async function findNote(
  db: DbOrTx,
  conversationId: string,
  id: number,
): Promise<NoteRow | null> {
  const rows = await db
    .select()
    .from(conversationNotes)
    .where(and(eq(conversationNotes.conversationId, conversationId), eq(conversationNotes.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** Enabled users of a tenant: the managers, and those of the given ids, with their names. */
export async function seatsOf(
  db: DbOrTx,
  tenantId: string,
  ids: string[],
): Promise<{ uid: string; name: string; role: string }[]> {
  const byId = ids.length > 0 ? inArray(users.id, ids) : sql`false`;
  const rows = await db
    .select({ uid: users.id, nickname: users.nickname, username: users.username, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.status, 'enabled'),
        sql`(${users.role} = 'manager' or ${byId})`,
      ),
    )
    .orderBy(asc(users.createdAt));
  return rows.map((r) => ({ uid: r.uid, name: r.nickname || r.username, role: r.role }));
}
