import type { Gender, MsgType, TalkType } from '@cst/shared';
import type {
  AccountProfileDto,
  ContactDto,
  FriendInfoDto,
  FriendRequestDto,
  GroupDto,
  GroupMemberDto,
  InboundMessageEvent,
  MediaFileDto,
  MomentDto,
} from '@cst/gateway';
import { hashString } from './prng.ts';
import type {
  SimAccountRow,
  SimFileRow,
  SimFriendRequestRow,
  SimGroupRow,
  SimMemberRow,
  SimMessageRow,
  SimMomentRow,
  SimPersonRow,
} from './simulator.repository.ts';

// Maps sim_* rows to the gateway's DTOs.

const asGender = (s: string): Gender => (s === 'male' || s === 'female' ? s : 'unknown');

/** The account's own profile. */
export function toProfile(a: SimAccountRow): AccountProfileDto {
  return {
    wxid: a.wxid,
    nickname: a.nickname,
    avatar: a.avatar,
    alias: a.alias,
    sex: asGender(a.sex),
    signature: a.signature,
    province: a.province,
    city: a.city,
  };
}

/** A friend. */
export function toContact(p: SimPersonRow): ContactDto {
  return {
    wxid: p.wxid,
    alias: p.alias,
    nickname: p.nickname,
    remark: p.remark,
    avatar: p.avatar,
    sex: asGender(p.sex),
    province: p.province,
    city: p.city,
    signature: p.signature,
    star: p.star,
    blacklist: p.blacklist,
    topChat: p.topChat,
    addedAt: p.addedAt,
    source: p.source,
  };
}

/** The add-friend ticket of a stranger (stable per account and person). */
export function ticketOf(accountWxid: string, wxid: string): string {
  return `v4_${hashString(`${accountWxid}|${wxid}`).toString(36)}${hashString(wxid).toString(36)}`;
}

/** Friend info of a friend or stranger. */
export function toFriendInfo(accountWxid: string, p: SimPersonRow): FriendInfoDto {
  return {
    wxid: p.wxid,
    alias: p.alias,
    name: p.nickname,
    smallHeadImage: p.avatar,
    wallPaper: '',
    signature: p.signature,
    sex: asGender(p.sex),
    remark: p.remark,
    province: p.province,
    city: p.city,
    ticket: p.isFriend ? '' : ticketOf(accountWxid, p.wxid),
    snsEnabled: p.isFriend,
    snsBlackList: false,
    blacklist: p.blacklist,
    star: p.star,
    topChat: p.topChat,
    isFriend: p.isFriend,
  };
}

/** A group. */
export function toGroup(g: SimGroupRow, memberCount: number): GroupDto {
  return {
    groupId: g.groupId,
    name: g.name,
    avatar: g.avatar,
    ownerWxid: g.ownerWxid,
    notice: g.notice,
    myCard: g.myCard,
    memberCount,
    createdAt: g.createdAt,
  };
}

/** A group member; `self` is the account's row when the member is the account. */
export function toMember(
  m: SimMemberRow,
  person: SimPersonRow | null,
  ownerWxid: string,
  self: SimAccountRow,
): GroupMemberDto {
  const isSelf = m.wxid === self.wxid;
  return {
    wxid: m.wxid,
    nickname: isSelf ? self.nickname : (person?.nickname ?? m.wxid),
    card: m.card,
    avatar: isSelf ? self.avatar : (person?.avatar ?? ''),
    isOwner: m.wxid === ownerWxid,
    isAdmin: m.admin && m.wxid !== ownerWxid,
    isFriend: person?.isFriend ?? false,
    banned: m.banned,
    joinedAt: m.joinedAt,
  };
}

/** A received friend request. */
export function toFriendRequest(r: SimFriendRequestRow, p: SimPersonRow | null): FriendRequestDto {
  return {
    requestId: r.requestId,
    fromWxid: r.fromWxid,
    nickname: p?.nickname ?? r.fromWxid,
    avatar: p?.avatar ?? '',
    sex: asGender(p?.sex ?? ''),
    province: p?.province ?? '',
    city: p?.city ?? '',
    verifyContent: r.verifyContent,
    source: r.source,
    status:
      r.status === 'accepted' || r.status === 'declined' || r.status === 'expired'
        ? r.status
        : 'pending',
    createdAt: r.createdAt,
  };
}

/** A media file record. */
export function toMediaFile(f: SimFileRow): MediaFileDto {
  return {
    fileId: f.fileId,
    fileName: f.fileName,
    mime: f.mime,
    size: f.size,
    ...(f.width != null ? { width: f.width } : {}),
    ...(f.height != null ? { height: f.height } : {}),
    ...(f.durationMs != null ? { durationMs: f.durationMs } : {}),
  };
}

/** A moment with its author. */
export function toMoment(
  m: SimMomentRow,
  author: { nickname: string; avatar: string } | null,
): MomentDto {
  return {
    momentId: m.momentId,
    authorWxid: m.authorWxid,
    authorName: author?.nickname ?? m.authorWxid,
    authorAvatar: author?.avatar ?? '',
    text: m.text,
    media: m.media as MediaFileDto[],
    ...(m.link ? { link: m.link as { title: string; url: string } } : {}),
    likes: m.likes as MomentDto['likes'],
    comments: m.comments as MomentDto['comments'],
    createdAt: m.createdAt,
  };
}

/** The inbound-message event of a stored message. */
export function toInboundEvent(
  row: SimMessageRow,
  member: { name: string; avatar: string } | null,
  file: SimFileRow | null,
  quote: { refMsgId: string; refContent: string; displayName: string } | null,
): InboundMessageEvent {
  return {
    workWxid: row.accountWxid,
    msgId: row.msgId,
    talkType: row.talkType as TalkType,
    peerId: row.peerId,
    fromSelf: row.fromSelf,
    msgType: row.msgType as MsgType,
    content: row.content,
    memberWxid: row.memberWxid,
    memberName: member?.name ?? null,
    memberAvatar: member?.avatar ?? null,
    file: file ? toMediaFile(file) : null,
    refMsgId: quote?.refMsgId ?? null,
    refContent: quote?.refContent ?? null,
    displayName: quote?.displayName ?? null,
    msgTime: row.createdAt,
  };
}
