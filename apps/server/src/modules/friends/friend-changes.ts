import type { ContactSource } from '@cst/shared';
import type { ContactDto } from '../../gateway/types.ts';
import type { Deps } from '../../platform/deps.ts';
import { realtimeOf } from '../../realtime/realtime.ts';
import * as contactRepo from '../contacts/contact.repository.ts';
import { convUpdatePush } from '../conversations/conversation.push.ts';
import { friendUpdatePush } from './friends.presenter.ts';
import * as repo from './friends.repository.ts';

/** A work account whose friends changed. */
export interface FriendAccount {
  id: string;
  tenantId: string;
  wxid: string;
}

/** Friends added or changed, and wxids removed, as the platform reported them. */
export interface FriendChange {
  upserted: ContactDto[];
  removed: string[];
  /** How the console came to have new friends (default 'phone': outside the console). */
  source?: ContactSource;
}

/** Conversations that changed, the last state of each. */
function lastOf<T extends { id: string }>(rows: T[]): T[] {
  return [...new Map(rows.map((r) => [r.id, r])).values()];
}

/**
 * Stores friends added, changed or removed, and what follows for their single chats: names,
 * blocked (the blacklist), marked not a friend (removed). Then tells everyone who sees the
 * account: `convUpdate` for each chat that changed and `friendUpdate` (the friends page), unless
 * `push` is false (a full sync announces itself with `flushContactor`).
 */
export async function applyFriendChanges(
  deps: Deps,
  account: FriendAccount,
  change: FriendChange,
  push = true,
): Promise<void> {
  const ref = { tenantId: account.tenantId, workAccountId: account.id };
  const now = new Date(deps.now());
  const { convs, rows } = await deps.db.transaction(async (tx) => {
    await contactRepo.upsertContacts(tx, ref, change.upserted, now, change.source);
    await contactRepo.deleteContacts(tx, ref, change.removed);
    const names = await contactRepo.refreshConversationNames(tx, ref, change.upserted);
    const flags = await repo.syncConversationFlags(tx, account.id, change.upserted, change.removed);
    const rows = push
      ? await repo.friendRows(
          tx,
          account.id,
          change.upserted.map((c) => c.wxid),
        )
      : [];
    return { convs: lastOf([...names, ...flags]), rows };
  });
  const pushes = convs.map(convUpdatePush);
  if (push && (rows.length > 0 || change.removed.length > 0)) {
    pushes.push(friendUpdatePush(account.id, account.wxid, rows, change.removed));
  }
  if (pushes.length > 0) await realtimeOf(deps).publish(account.tenantId, pushes);
}
