import type { Uses } from '../../platform/deps.ts';
import { announceSends, enqueueMany } from '../conversations/index.ts';
import { markOutbox, requestIdOf, type RunRow } from './bulk-send-rows.repository.ts';

/**
 * Hands claimed rows' messages (of one task and account, in order) to the conversations outbox:
 * in one transaction the rows move to `outbox` (only those this instance still holds and whose
 * target has no earlier message waiting: {@link markOutbox}) and their console messages are
 * stored with each row's idempotency key as `request_id` (unique per account: a second store of
 * the same key is nothing), in plan order, so the outbox's id order is the targets' order. After
 * the commit the messages are pushed and the account's holder woken, as console sends; the
 * dispatcher carries each key to the platform, which sends a key once. Returns the rows moved,
 * those held (an earlier message of their target failed: failed too, nothing sent) and those
 * blocked by an earlier message of their target not answered yet (the rest were no longer ours).
 */
export async function enqueueBulkMessages(
  deps: Uses<'realtime'>,
  rows: RunRow[],
  owner: string,
): Promise<{ moved: number[]; blocked: number[]; held: number[] }> {
  const first = rows[0];
  if (!first) return { moved: [], blocked: [], held: [] };
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
    const stored = await enqueueMany(
      tx,
      { kind: 'task', id: first.task_id, name: first.task_name },
      sending.map((r) => ({
        account: { id: r.account_id, tenantId: r.tenant_id, wxid: r.work_wxid },
        to: { talkType: r.talk_type === 2 ? 2 : 1, peerId: r.target },
        draft: { ...r.messages[r.msg_index]!, sendingUuid: null },
        requestId: requestIdOf(r.task_id, r.seq, r.round),
      })),
      now,
    );
    return { marked, stored };
  });
  await announceSends(deps, { tenantId: first.tenant_id, wxid: first.work_wxid }, stored.stored);
  return stored.marked;
}
