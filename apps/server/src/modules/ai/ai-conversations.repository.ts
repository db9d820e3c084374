import { and, eq } from 'drizzle-orm';
import { parseIndexName } from '@cst/shared';
import { conversations } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { ConversationRow } from '../conversations/index.ts';

/** A tenant's conversation by its index name (server side: no caller's scope). */
export async function findConversationById(
  db: DbOrTx,
  tenantId: string,
  index: string,
): Promise<ConversationRow | null> {
  const p = parseIndexName(index);
  if (!p) return null;
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.tenantId, tenantId),
        eq(conversations.workWxid, p.workWxid),
        eq(conversations.talkType, p.talkType),
        eq(conversations.peerId, p.receiverId),
      ),
    );
  return row ?? null;
}

/** A single chat of an account. */
export async function singleChat(
  db: DbOrTx,
  workAccountId: string,
  peerId: string,
): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.workAccountId, workAccountId),
        eq(conversations.talkType, 1),
        eq(conversations.peerId, peerId),
      ),
    );
  return row ?? null;
}
