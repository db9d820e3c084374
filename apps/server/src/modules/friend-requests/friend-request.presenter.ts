import {
  isMessageKey,
  translate,
  type FansSearchResult,
  type FriendRequestItem,
  type Language,
} from '@cst/shared';
import type { FriendInfoDto } from '../../gateway/index.ts';
import type { FriendRequestWithAccount } from './friend-request.repository.ts';

/** A stored request as the list shows it; the console's own reasons in the reader's language. */
export function toFriendRequestItem(
  row: FriendRequestWithAccount,
  lang: Language,
): FriendRequestItem {
  const reason =
    row.reasonKey && isMessageKey(row.reasonKey) ? translate(row.reasonKey, lang) : row.reason;
  return {
    id: row.id,
    workWxid: row.workWxid,
    wxid: row.wxid,
    nickname: row.nickname,
    avatar: row.avatar,
    verifyContent: row.verifyContent,
    direction: row.direction,
    status: row.status,
    ...(reason ? { reason } : {}),
    createdAt: row.createdAt.getTime(),
  };
}

/** A person found by search. */
export function toSearchResult(p: FriendInfoDto): FansSearchResult {
  return {
    wxid: p.wxid,
    alias: p.alias,
    nickname: p.name,
    avatar: p.smallHeadImage,
    sex: p.sex,
    province: p.province,
    city: p.city,
    signature: p.signature,
    ticket: p.ticket,
    isFriend: p.isFriend,
  };
}
