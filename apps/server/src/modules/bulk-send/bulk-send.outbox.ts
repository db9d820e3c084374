import { inArray, sql } from 'drizzle-orm';
import { messagePreview } from '@cst/shared';
import { conversations, messages } from '../../db/schema/index.ts';
import { rowsOf, type Tx } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import type { ConversationRow, MessageRow } from '../conversations/conversation.presenter.ts';
import * as convRepo from '../conversations/conversation.repository.ts';
import { afterSendCommit } from '../conversations/message-dispatch.service.ts';
import { messagePush } from '../conversations/message-ingest.service.ts';
import { markOutbox, requestIdOf, type RunRow } from './bulk-send.queue.ts';

/**
 * Hands claimed rows' messages (of one task and account, in order) to the conversations outbox:
 * in one transaction the rows move to `outbox` (only those this instance still holds and whose
 * target has no earlier message waiting: {@link markOutbox}) and their console messages are
 * stored with each row's idempotency key as `request_id` (unique per account: a second store of
 * the same key is nothing), in plan order, so the outbox's id order is the targets' order. After
 * the commit the messages are pushed and the account's holder woken, as console sends; the
 * dispatcher carries each key to the platform, which sends a key once. Returns the rows moved and
 * those blocked by an earlier message of their target (the rest were no longer ours).
 */
export async function enqueueBulkMessages(
  deps: Deps,
  rows: RunRow[],
  owner: string,
): Promise<{ moved: number[]; blocked: number[] }> {
  const first = rows[0];
  if (!first) return { moved: [], blocked: [] };
  const now = deps.now();
  const stored = await deps.db.transaction(async (tx) => {
    const marked = await markOutbox(
      tx,
      first.task_id,
      rows.map((r) => r.seq),
      owner,
    );
    const moved = new Set(marked.moved);
    const sending = rows.filter((r) => moved.has(r.seq) && r.messages[r.msg_index]);
    if (sending.length === 0) return { marked, fresh: [], convs: new Map() };
    const convs = await convRepo.upsertConversations(
      tx,
      sending.map((r) => ({
        tenantId: r.tenant_id,
        workAccountId: r.account_id,
        workWxid: r.work_wxid,
        talkType: r.talk_type,
        peerId: r.target,
      })),
      now,
    );
    const convOf = (r: RunRow) =>
      convs.get(convRepo.convKeyOf(r.account_id, r.talk_type, r.target))!;
    const fresh = await tx
      .insert(messages)
      .values(
        sending.map((r) => {
          const draft = r.messages[r.msg_index]!;
          return {
            tenantId: r.tenant_id,
            conversationId: convOf(r).id,
            workAccountId: r.account_id,
            requestId: requestIdOf(r.task_id, r.seq, r.round),
            msgType: draft.msgType,
            sendSide: 1,
            content: draft.content,
            fileUrl: draft.fileUrl ?? null,
            fileName: draft.fileName ?? null,
            fileLen: draft.fileLen ?? null,
            fileMime: draft.fileMime ?? null,
            media: draft.media ?? null,
            jpegThumbnail: draft.jpegThumbnail ?? null,
            dispatchState: 'pending' as const,
            msgTime: now,
          };
        }),
      )
      .onConflictDoNothing({
        target: [messages.workAccountId, messages.requestId],
        where: sql`${messages.requestId} is not null`,
      })
      .returning();
    fresh.sort((a, b) => a.id - b.id);
    // Each conversation's preview is its newest message of the batch.
    const last = new Map<string, MessageRow>();
    for (const m of fresh) last.set(m.conversationId, m);
    const updated = await touchConversations(tx, [...last.values()], now);
    for (const c of updated)
      convs.set(convRepo.convKeyOf(c.workAccountId, c.talkType, c.peerId), c);
    const byId = new Map<string, ConversationRow>();
    for (const c of convs.values()) byId.set(c.id, c);
    return { marked, fresh, convs: byId };
  });
  if (stored.fresh.length > 0) {
    await afterSendCommit(
      deps,
      { tenantId: first.tenant_id, wxid: first.work_wxid },
      stored.fresh.map((m) => messagePush(m, stored.convs.get(m.conversationId)!)),
    );
  }
  return stored.marked;
}

/** Sets the latest message of conversations, one statement for all; the rows as updated. */
async function touchConversations(
  tx: Tx,
  last: MessageRow[],
  now: number,
): Promise<ConversationRow[]> {
  if (last.length === 0) return [];
  const values = sql.join(
    last.map(
      (m) =>
        sql`(${m.conversationId}::uuid, ${m.id}::bigint, ${m.msgType}::smallint, ${messagePreview(m.msgType, m.content, m.fileName)})`,
    ),
    sql`, `,
  );
  const res = await tx.execute(sql`
    update conversations c
    set latest_msg_time = ${now}, last_message_id = v.id, last_msg_type = v.msg_type,
        msg_text = v.text, updated_at = ${new Date(now).toISOString()}::timestamptz
    from (values ${values}) as v(conv_id, id, msg_type, text)
    where c.id = v.conv_id
    returning c.id`);
  const ids = rowsOf<{ id: string }>(res).map((r) => r.id);
  if (ids.length === 0) return [];
  return tx.select().from(conversations).where(inArray(conversations.id, ids));
}
