import type { ContactListEntry, FriendItem, FriendUpdatePush } from '@cst/shared';
import type { PushInput } from '../../realtime/realtime.ts';
import type { ContactEntryRow, FriendRow } from './friends.repository.ts';

/** A friend as the friends page lists it (tags are empty until the tags issue). */
export function presentFriend(row: FriendRow): FriendItem {
  return {
    workWxid: row.workWxid,
    friendWxid: row.wxid,
    nickname: row.nickname,
    remark: row.remark,
    avatar: row.avatar,
    tags: [],
    addedAt: row.addedAt ? row.addedAt.getTime() : null,
    source: row.source,
    star: row.star,
    blacklist: row.blacklist,
    topChat: row.pinned,
  };
}

/** A contact list entry (SPEC §3) of a friend (type 1) or a group (type 2). */
export function presentContactEntry(row: ContactEntryRow, type: 1 | 2): ContactListEntry {
  return {
    id: row.id,
    type,
    wxid: row.workWxid,
    friendWxid: row.id,
    nickname: row.nickname,
    remark: row.remark,
    avatar: row.avatar,
  };
}

/** `friendUpdate` to everyone who sees the account. */
export function friendUpdatePush(
  workAccountId: string,
  workWxid: string,
  upserted: FriendRow[],
  removed: string[],
): PushInput {
  const data: FriendUpdatePush = { workWxid, upserted: upserted.map(presentFriend), removed };
  return { event: 'friendUpdate', workAccountId, data };
}
