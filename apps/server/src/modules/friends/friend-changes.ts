import type { ContactSource } from '@cst/shared';
import type { ContactDto } from '../../gateway/types.ts';
import type { Uses } from '../../platform/deps.ts';
import { deleteContacts, refreshConversationNames, upsertContacts } from '../contacts/index.ts';
import { convUpdatePush } from '../conversations/index.ts';
import { recordEvents, type OpenEventInput } from '../webhooks/index.ts';
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
 * The open-platform events of a change of friends (data: the `friendUpdate` push of those
 * friends): `friend.added` for new contacts, `contact.updated` for changed and removed ones.
 */
function friendEvents(
  account: FriendAccount,
  rows: repo.FriendRow[],
  removed: string[],
  known: Set<string>,
): OpenEventInput[] {
  const added = rows.filter((r) => !known.has(r.wxid));
  const changed = rows.filter((r) => known.has(r.wxid));
  const out: OpenEventInput[] = [];
  const ev = (event: 'friend.added' | 'contact.updated', list: repo.FriendRow[], gone: string[]) =>
    out.push({
      tenantId: account.tenantId,
      workAccountId: account.id,
      event,
      data: friendUpdatePush(account.id, account.wxid, list, gone).data,
    });
  if (added.length > 0) ev('friend.added', added, []);
  if (changed.length > 0 || removed.length > 0) ev('contact.updated', changed, removed);
  return out;
}

/**
 * Stores friends added, changed or removed, and what follows for their single chats: names,
 * blocked (the blacklist), marked not a friend (removed). Then tells everyone who sees the
 * account: `convUpdate` for each chat that changed and `friendUpdate` (the friends page), unless
 * `push` is false (a full sync announces itself with `flushContactor`).
 */
export async function applyFriendChanges(
  deps: Uses<'realtime'>,
  account: FriendAccount,
  change: FriendChange,
  push = true,
): Promise<void> {
  const ref = { tenantId: account.tenantId, workAccountId: account.id };
  const now = new Date(deps.now());
  await deps.realtime.transaction(async (tx, tell) => {
    const known = push
      ? await repo.knownContactWxids(
          tx,
          account.id,
          change.upserted.map((c) => c.wxid),
        )
      : new Set<string>();
    await upsertContacts(tx, ref, change.upserted, now, change.source);
    await deleteContacts(tx, ref, change.removed);
    const names = await refreshConversationNames(tx, ref, change.upserted);
    const flags = await repo.syncConversationFlags(tx, account.id, change.upserted, change.removed);
    const rows = push
      ? await repo.friendRows(
          tx,
          account.id,
          change.upserted.map((c) => c.wxid),
        )
      : [];
    if (push) await recordEvents(tx, friendEvents(account, rows, change.removed, known));
    const pushes = lastOf([...names, ...flags]).map(convUpdatePush);
    if (push && (rows.length > 0 || change.removed.length > 0)) {
      pushes.push(friendUpdatePush(account.id, account.wxid, rows, change.removed));
    }
    if (pushes.length > 0) tell(account.tenantId, pushes);
  });
}
