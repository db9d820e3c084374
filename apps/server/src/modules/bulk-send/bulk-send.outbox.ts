import { eq, sql } from 'drizzle-orm';
import { messagePreview } from '@cst/shared';
import { conversations, messages } from '../../db/schema/index.ts';
import type { Deps } from '../../platform/deps.ts';
import * as convRepo from '../conversations/conversation.repository.ts';
import { afterSendCommit } from '../conversations/message-dispatch.service.ts';
import { messagePush } from '../conversations/message-ingest.service.ts';
import { markOutbox, requestIdOf, type RunRow } from './bulk-send.queue.ts';

/**
 * Hands a claimed row's message to the conversations outbox: in one transaction the row moves to
 * `outbox` (only if this instance still holds it) and the console message is stored with the
 * row's idempotency key as `request_id` (unique per account: a second store of the same key is
 * nothing). After the commit the message is pushed and the account's holder woken, exactly as a
 * console send; the dispatcher carries the key to the platform, which sends a key once.
 * `lost` when the row was no longer ours, `blocked` when an earlier message of its target has not
 * reached the outbox yet (see {@link markOutbox}).
 */
export async function enqueueBulkMessage(
  deps: Deps,
  row: RunRow,
  owner: string,
): Promise<'moved' | 'blocked' | 'lost'> {
  const draft = row.messages[row.msg_index];
  const now = deps.now();
  const stored = await deps.db.transaction(async (tx) => {
    const moved = await markOutbox(tx, row.task_id, row.seq, owner);
    if (moved !== 'moved') return moved;
    if (!draft) return { fresh: null, conv: null };
    const conv = await convRepo.ensureConversation(tx, {
      tenantId: row.tenant_id,
      workAccountId: row.account_id,
      workWxid: row.work_wxid,
      talkType: row.talk_type,
      peerId: row.target,
    });
    const [fresh] = await tx
      .insert(messages)
      .values({
        tenantId: row.tenant_id,
        conversationId: conv.id,
        workAccountId: row.account_id,
        requestId: requestIdOf(row.task_id, row.seq, row.round),
        msgType: draft.msgType,
        sendSide: 1,
        content: draft.content,
        fileUrl: draft.fileUrl ?? null,
        fileName: draft.fileName ?? null,
        fileLen: draft.fileLen ?? null,
        fileMime: draft.fileMime ?? null,
        media: draft.media ?? null,
        jpegThumbnail: draft.jpegThumbnail ?? null,
        dispatchState: 'pending',
        msgTime: now,
      })
      .onConflictDoNothing({
        target: [messages.workAccountId, messages.requestId],
        where: sql`${messages.requestId} is not null`,
      })
      .returning();
    if (!fresh) return { fresh: null, conv };
    const [updated] = await tx
      .update(conversations)
      .set({
        latestMsgTime: now,
        lastMessageId: fresh.id,
        lastMsgType: fresh.msgType,
        msgText: messagePreview(fresh.msgType, fresh.content, fresh.fileName),
        updatedAt: new Date(now),
      })
      .where(eq(conversations.id, conv.id))
      .returning();
    return { fresh, conv: updated ?? conv };
  });
  if (typeof stored === 'string') return stored;
  if (stored.fresh && stored.conv) {
    await afterSendCommit(deps, { tenantId: row.tenant_id, wxid: row.work_wxid }, [
      messagePush(stored.fresh, stored.conv),
    ]);
  }
  return 'moved';
}
