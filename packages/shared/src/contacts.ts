import { z } from 'zod';
import type { Text } from './i18n.ts';
import { FRIEND_REQUEST_STATUS, GENDERS } from './chat.ts';
import { requiredString } from './validation.ts';

/** Server messages of the user card: friend info, remark edit and friend requests (SPEC §8). */
export const contactMessages = {
  contactNotFound: {
    'zh-CN': '联系人账号不存在',
    en: 'Contact number does not exist',
  },
  friendRemarkChanged: { 'zh-CN': '好友备注修改成功', en: 'Friend remark changed' },
  friendRemarkFailed: {
    'zh-CN': '好友备注修改失败，请稍后再试',
    en: 'Friend remark change failed, try again later',
  },
  notAFriend: {
    'zh-CN': '对方不是好友，无法修改备注',
    en: 'This person is not a friend, the remark cannot be changed',
  },
  friendRequestSent: {
    'zh-CN': '申请已发送，请等待对方通过',
    en: 'Request sent, wait for the other side to accept',
  },
  friendAdded: { 'zh-CN': '已添加为好友', en: 'Added as a friend' },
  friendRequestFailed: { 'zh-CN': '添加失败：{reason}', en: 'Adding failed: {reason}' },
  alreadyFriend: { 'zh-CN': '已经是好友，无法添加', en: 'Already a contact, cannot add' },
  addSelf: { 'zh-CN': '不能添加自己为好友', en: 'An account cannot add itself' },
} satisfies Record<string, Text>;

const wxid = z.string().min(1).max(128);

/** Longest friend remark. */
export const MAX_REMARK_LENGTH = 64;
/** Longest greeting of a friend request. */
export const MAX_GREETING_LENGTH = 100;
/** Most people one friend-request call adds. */
export const MAX_ADD_FRIENDS = 20;

/** `acc/get-personal-info`: the work account whose own profile to read. */
export const personalInfoBody = z.object({ wxid });
export type PersonalInfoBody = z.infer<typeof personalInfoBody>;

/**
 * A work account's own profile (SPEC §3 user state): from the platform while the account is
 * online, else what the console stored at its last login (`fromPlatform: false`).
 */
export const personalInfo = z.object({
  wxid: z.string(),
  alias: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  sex: z.enum(GENDERS),
  signature: z.string(),
  province: z.string(),
  city: z.string(),
  loginStatus: z.string(),
  fromPlatform: z.boolean(),
});
export type PersonalInfo = z.infer<typeof personalInfo>;

/** `acc/friend-info` (SPEC §7 friend detail): the work account, the person, the group seen in. */
export const friendInfoBody = z.object({
  wxid,
  friendWxid: wxid,
  chatRoom: z.string().max(128).optional(),
});
export type FriendInfoBody = z.infer<typeof friendInfoBody>;

/** Friend info (SPEC §3) as the user card shows it. */
export const friendInfo = z.object({
  workWxid: z.string(),
  wxid: z.string(),
  alias: z.string(),
  name: z.string(),
  smallHeadImage: z.string(),
  wallPaper: z.string(),
  signature: z.string(),
  sex: z.enum(GENDERS),
  remark: z.string(),
  province: z.string(),
  city: z.string(),
  /** Token for a friend request to a stranger ('' for friends). */
  ticket: z.string(),
  snsEnabled: z.boolean(),
  snsBlackList: z.boolean(),
  blacklist: z.boolean(),
  star: z.boolean(),
  /** Pinned: on the platform or the console's pinned conversation. */
  topChat: z.boolean(),
  isFriend: z.boolean(),
});
export type FriendInfo = z.infer<typeof friendInfo>;

/** `acc/friend-remark` (SPEC §7 remark edit): `uin` is the work account's wxid. */
export const friendRemarkBody = z.object({
  remark: requiredString('remarkNameRequired', MAX_REMARK_LENGTH),
  friendWxid: wxid,
  uin: wxid,
});
export type FriendRemarkBody = z.infer<typeof friendRemarkBody>;

/** `task-api/fans/add` (SPEC §7 friend request). */
export const addFriendsBody = z.object({
  workerWxid: wxid,
  verifyContent: requiredString('greetingRequired', MAX_GREETING_LENGTH),
  /** The group the people were found in. */
  charRoom: z.string().max(128).optional(),
  addFriends: z
    .array(
      z.object({
        wxid,
        ticket: z.string().max(512).optional(),
        alias: z.string().max(128).optional(),
        name: z.string().max(128).optional(),
      }),
    )
    .min(1, { error: 'pickAtLeastOne' })
    .max(MAX_ADD_FRIENDS),
});
export type AddFriendsBody = z.infer<typeof addFriendsBody>;

/** The outcome of one friend request: SPEC §4 status 1–4 and the message to show. */
export const addFriendOutcome = z.object({
  wxid: z.string(),
  status: z.union([
    z.literal(FRIEND_REQUEST_STATUS.requested),
    z.literal(FRIEND_REQUEST_STATUS.failed),
    z.literal(FRIEND_REQUEST_STATUS.succeeded),
    z.literal(FRIEND_REQUEST_STATUS.alreadyFriend),
  ]),
  message: z.string(),
});
export type AddFriendOutcome = z.infer<typeof addFriendOutcome>;
export const addFriendsResult = z.object({ list: z.array(addFriendOutcome) });
export type AddFriendsResult = z.infer<typeof addFriendsResult>;
