import { GROUP_WS_EVENTS, type GroupSystemNoticePush } from '@cst/shared';
import type { GroupChangedEvent, GroupNoticeEvent } from '../../gateway/index.ts';
import type { Uses } from '../../platform/deps.ts';
import type { AccountRef } from '../accounts/index.ts';
import { convUpdatePush } from '../conversations/index.ts';
import * as repo from './group.repository.ts';

/**
 * Platform group events → rows and pushes. The contacts sync has already stored the group and
 * its members, and pushed `group` when they changed (it is listed first); this keeps the notice
 * history, copies a new name to the group chat, and tells everyone who sees the account
 * (`GroupSystemNotice`, the chat's `convUpdate`).
 */
export function groupEventHandlers(deps: Uses<'realtime'>) {
  return {
    groupNotice: (ev: GroupNoticeEvent, account: AccountRef) => onNotice(deps, ev, account),
    groupChanged: (ev: GroupChangedEvent, account: AccountRef) => onChanged(deps, ev, account),
  };
}

async function onNotice(
  deps: Uses<'realtime'>,
  ev: GroupNoticeEvent,
  account: AccountRef,
): Promise<void> {
  const members = ev.kind === 'memberJoined' || ev.kind === 'memberLeft';
  const fresh = await deps.db.transaction(async (tx) => {
    const inserted = await repo.insertNotice(tx, {
      tenantId: account.tenantId,
      workAccountId: account.id,
      groupId: ev.groupId,
      noticeId: ev.noticeId,
      kind: ev.kind,
      text: ev.text,
      wxids: ev.wxids,
      at: new Date(ev.at),
    });
    // The sync has replaced the members (and recorded `group.updated` if they changed); the
    // count of the list follows them.
    const resized =
      inserted &&
      members &&
      (await repo.recountMembers(tx, account.tenantId, account.id, ev.groupId));
    return { inserted, resized };
  });
  if (!fresh.inserted) return;
  const data: GroupSystemNoticePush = {
    workWxid: account.wxid,
    groupId: ev.groupId,
    noticeId: ev.noticeId,
    kind: ev.kind,
    text: ev.text,
    wxids: ev.wxids,
    at: ev.at,
  };
  // The notice and the chat with its new size go out together; the `group` push of a change of
  // the members went out with its store (contacts sync), and none when they were known already
  // (nor the chat, whose size stayed).
  const convs = fresh.resized
    ? await repo.groupConversations(deps.db, account.tenantId, account.id, ev.groupId)
    : [];
  await deps.realtime.publish(account.tenantId, [
    { event: GROUP_WS_EVENTS.groupSystemNotice, data, workAccountId: account.id },
    ...convs.map(convUpdatePush),
  ]);
}

async function onChanged(
  deps: Uses<'realtime'>,
  ev: GroupChangedEvent,
  account: AccountRef,
): Promise<void> {
  // The sync has stored the change, recorded `group.updated` and pushed `group` if it changed the
  // group; this copies its name and avatar to the group chat.
  if (ev.kind !== 'created' && ev.kind !== 'updated') return;
  await deps.realtime.transaction(async (tx, push) => {
    const convs = await repo.refreshGroupConversation(
      tx,
      account.tenantId,
      account.id,
      ev.group.groupId,
      ev.group.name,
      ev.group.avatar,
    );
    if (convs.length > 0) push(account.tenantId, convs.map(convUpdatePush));
  });
}
