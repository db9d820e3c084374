import type { GroupItem, GroupMemberItem, GroupNoticeItem, GroupNoticeKind } from '@cst/shared';
import type { GroupRow, MemberRow, GroupNoticeRow } from './group.repository.ts';

/** A stored group as the groups page lists it. */
export function presentGroup(g: GroupRow): GroupItem {
  return {
    workWxid: g.workWxid,
    accountName: g.accountName,
    groupId: g.groupId,
    name: g.name,
    avatar: g.avatar,
    memberCount: g.memberCount,
    ownerWxid: g.ownerWxid,
    ownerName: g.ownerName,
    myRole: g.myRole,
    notice: g.notice,
    myCard: g.myCard,
    createdAt: g.createdAt ? g.createdAt.getTime() : null,
  };
}

/** A stored member with its role. */
export function presentMember(m: MemberRow): GroupMemberItem {
  return {
    wxid: m.wxid,
    nickname: m.nickname,
    card: m.card,
    avatar: m.avatar,
    role: m.isOwner ? 'owner' : m.isAdmin ? 'admin' : 'member',
    isFriend: m.isFriend,
    banned: m.banned,
    joinedAt: m.joinedAt ? m.joinedAt.getTime() : null,
  };
}

/** A stored group notice. */
export function presentNotice(n: GroupNoticeRow): GroupNoticeItem {
  return {
    noticeId: n.noticeId,
    kind: n.kind as GroupNoticeKind,
    text: n.text,
    wxids: n.wxids,
    at: n.at.getTime(),
  };
}
