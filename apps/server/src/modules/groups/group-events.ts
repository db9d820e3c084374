import { GROUP_WS_EVENTS, type GroupSystemNoticePush } from '@cst/shared';
import type { GroupChangedEvent, GroupNoticeEvent } from '../../gateway/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { realtimeOf } from '../../realtime/realtime.ts';
import type { AccountRef } from '../accounts/index.ts';
import { convUpdatePush } from '../conversations/index.ts';
import * as repo from './group.repository.ts';
import type { GroupService } from './group.service.ts';

/**
 * Platform group events → rows and pushes. The contacts sync has already stored the group and
 * its members (accounts' own handlers run first); this keeps the notice history, copies a new
 * name to the group chat, and tells everyone who sees the account (`group`, `GroupSystemNotice`).
 */
export function groupEventHandlers(deps: Deps, service: GroupService) {
  return {
    groupNotice: (ev: GroupNoticeEvent, account: AccountRef) =>
      onNotice(deps, service, ev, account),
    groupChanged: (ev: GroupChangedEvent, account: AccountRef) =>
      onChanged(deps, service, ev, account),
  };
}

async function onNotice(
  deps: Deps,
  service: GroupService,
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
    if (inserted && members) {
      // The sync has replaced the members (and recorded `group.updated` if they changed); the
      // count of the list follows them.
      await repo.recountMembers(tx, account.tenantId, account.id, ev.groupId);
    }
    return inserted;
  });
  if (!fresh) return;
  const data: GroupSystemNoticePush = {
    workWxid: account.wxid,
    groupId: ev.groupId,
    noticeId: ev.noticeId,
    kind: ev.kind,
    text: ev.text,
    wxids: ev.wxids,
    at: ev.at,
  };
  await realtimeOf(deps).publish(account.tenantId, {
    event: GROUP_WS_EVENTS.groupSystemNotice,
    data,
    workAccountId: account.id,
  });
  if (members) {
    const convs = await repo.groupConversations(deps.db, account.tenantId, account.id, ev.groupId);
    await realtimeOf(deps).publish(account.tenantId, convs.map(convUpdatePush));
    await service.announce(account, ev.groupId, 'updated');
  }
}

async function onChanged(
  deps: Deps,
  service: GroupService,
  ev: GroupChangedEvent,
  account: AccountRef,
): Promise<void> {
  // The sync has stored the change (and recorded `group.updated` if it changed the group).
  const convs =
    ev.kind === 'created' || ev.kind === 'updated'
      ? await repo.refreshGroupConversation(
          deps.db,
          account.tenantId,
          account.id,
          ev.group.groupId,
          ev.group.name,
          ev.group.avatar,
        )
      : [];
  if (convs.length > 0) await realtimeOf(deps).publish(account.tenantId, convs.map(convUpdatePush));
  await service.announce(account, ev.group.groupId, ev.kind);
}
