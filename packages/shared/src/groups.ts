import { z } from 'zod';
import type { Text } from './i18n.ts';
import { isGroupId } from './chat.ts';
import { listResult } from './envelope.ts';
import { requiredError, requiredString } from './validation.ts';

/** Server messages of group chats (SPEC §2 groups, §5). */
export const groupMessages = {
  groupNotFound: { 'zh-CN': '群聊不存在', en: 'The group chat does not exist' },
  groupAdminOnly: {
    'zh-CN': '仅群主或群管理员可以执行此操作',
    en: 'Only the group owner or an admin can do this',
  },
  groupMemberProtected: {
    'zh-CN': '不能对群主或其他管理员执行此操作',
    en: 'This cannot be done to the owner or another admin',
  },
  groupNotMember: { 'zh-CN': '该成员不在群聊中', en: 'This person is not a member of the group' },
  groupNotFriends: {
    'zh-CN': '只能邀请工作号的好友',
    en: 'Only friends of the work account can be invited',
  },
  groupCommandFailed: {
    'zh-CN': '群聊操作失败：{message}',
    en: 'The group operation failed: {message}',
  },
} satisfies Record<string, Text>;

/** Longest group name, announcement and group card the platform takes. */
export const MAX_GROUP_NAME_LENGTH = 30;
export const MAX_GROUP_NOTICE_LENGTH = 2000;
export const MAX_GROUP_CARD_LENGTH = 32;
/** Most people one invite, removal, mute or create call names. */
export const MAX_GROUP_BATCH = 100;

/** Text the database can store: no NUL character and no lone surrogate half. */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !/\p{Cs}/u.test(s);
}
const text = (max: number) => z.string().max(max).refine(isStorableText);
const wxid = text(128).pipe(z.string().min(1));
/** A platform group id (contains `@chatroom`). */
export const groupIdString = text(128).refine(isGroupId, { error: 'groupNotFound' });
const wxidList = z
  .array(wxid, { error: requiredError('pickAtLeastOne') })
  .min(1, { error: 'pickAtLeastOne' })
  .max(MAX_GROUP_BATCH);

/** The account's role in a group. */
export const GROUP_ROLES = ['owner', 'admin', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/** Kinds of group system notices (SPEC `GroupSystemNotice`). */
export const GROUP_NOTICE_KINDS = [
  'announcement',
  'memberJoined',
  'memberLeft',
  'renamed',
] as const;
export type GroupNoticeKind = (typeof GROUP_NOTICE_KINDS)[number];

/** A group of a visible work account, as the groups page lists it. */
export const groupItem = z.object({
  workWxid: z.string(),
  /** The work account's name (remark, else nickname). */
  accountName: z.string(),
  groupId: z.string(),
  name: z.string(),
  avatar: z.string(),
  memberCount: z.number().int(),
  ownerWxid: z.string(),
  /** The owner's group card or nickname ('' when unknown). */
  ownerName: z.string(),
  myRole: z.enum(GROUP_ROLES),
  notice: z.string(),
  myCard: z.string(),
  createdAt: z.number().nullable(),
});
export type GroupItem = z.infer<typeof groupItem>;

/** `GET /api/v1/group/list`: groups of the visible work accounts. */
export const groupListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  workWxid: wxid.optional(),
  keyword: text(64).optional(),
  myRole: z.enum(GROUP_ROLES).optional(),
});
export type GroupListQuery = z.infer<typeof groupListQuery>;
export const groupListResult = listResult(groupItem);
export type GroupListResult = z.infer<typeof groupListResult>;

/** A member of a group. */
export const groupMemberItem = z.object({
  wxid: z.string(),
  nickname: z.string(),
  card: z.string(),
  avatar: z.string(),
  role: z.enum(GROUP_ROLES),
  isFriend: z.boolean(),
  banned: z.boolean(),
  joinedAt: z.number().nullable(),
});
export type GroupMemberItem = z.infer<typeof groupMemberItem>;

/** One group of one work account. */
export const groupRef = z.object({ workWxid: wxid, groupId: groupIdString });
export type GroupRef = z.infer<typeof groupRef>;

/** `/chatroom/getChatRoom`: the group fresh from the platform, with its members. */
export const groupDetail = groupItem.extend({ members: z.array(groupMemberItem) });
export type GroupDetail = z.infer<typeof groupDetail>;

/** `/main-api/acc/chat-room/members`: stored members, filtered by name. */
export const groupMembersBody = groupRef.extend({ keyword: text(64).optional() });
export const groupMembersResult = listResult(groupMemberItem);

/** `/chatroom/createChatRoom`: a group with friends of the account. */
export const createGroupBody = z.object({
  workWxid: wxid,
  name: requiredString('groupNameRequired', MAX_GROUP_NAME_LENGTH).refine(isStorableText),
  wxids: wxidList,
});
export type CreateGroupBody = z.infer<typeof createGroupBody>;

/** `group/edit`: rename. */
export const renameGroupBody = groupRef.extend({
  name: requiredString('groupNameRequired', MAX_GROUP_NAME_LENGTH).refine(isStorableText),
});
export type RenameGroupBody = z.infer<typeof renameGroupBody>;

/** `/main-api/acc/chat-room/topic`: reads the topic (the group's name), or sets it when given. */
export const groupTopicBody = groupRef.extend({
  topic: requiredString('groupNameRequired', MAX_GROUP_NAME_LENGTH)
    .refine(isStorableText)
    .optional(),
});
export type GroupTopicBody = z.infer<typeof groupTopicBody>;
export const groupTopicResult = z.object({ topic: z.string() });

/** `group/invite`, `group/remove-members`. */
export const groupMembersChangeBody = groupRef.extend({ wxids: wxidList });
export type GroupMembersChangeBody = z.infer<typeof groupMembersChangeBody>;

/** `group/set-group-card`: the account's name in the group ('' = its nickname). */
export const groupCardBody = groupRef.extend({ card: text(MAX_GROUP_CARD_LENGTH) });
export type GroupCardBody = z.infer<typeof groupCardBody>;

/** `group/edit-notice`: publishes the announcement. */
export const groupNoticeBody = groupRef.extend({
  notice: text(MAX_GROUP_NOTICE_LENGTH),
});
export type GroupNoticeBody = z.infer<typeof groupNoticeBody>;

/** `/main-api/acc/chat-room/ban`: mutes (`banned: true`) or unmutes members. */
export const groupBanBody = groupRef.extend({ wxids: wxidList, banned: z.boolean() });
export type GroupBanBody = z.infer<typeof groupBanBody>;

/** A group system notice (announcement, members joined or left, rename). */
export const groupNoticeItem = z.object({
  noticeId: z.string(),
  kind: z.enum(GROUP_NOTICE_KINDS),
  text: z.string(),
  wxids: z.array(z.string()),
  at: z.number(),
});
export type GroupNoticeItem = z.infer<typeof groupNoticeItem>;

/** `GET /api/v1/group/notices`: the notice history of a group, newest first. */
export const groupNoticesQuery = z.object({
  workWxid: wxid,
  groupId: groupIdString,
  kind: z.enum(GROUP_NOTICE_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type GroupNoticesQuery = z.infer<typeof groupNoticesQuery>;
export const groupNoticesResult = listResult(groupNoticeItem);

/** Websocket events of groups (SPEC §9: `group`, `GroupSystemNotice`). */
export const GROUP_WS_EVENTS = {
  /** A group was created, changed, left or lost: refetch it. */
  group: 'group',
  /** A system notice of a group: announcement, members joined or left, rename. */
  groupSystemNotice: 'GroupSystemNotice',
} as const;

export const GROUP_CHANGES = ['created', 'updated', 'left', 'removed'] as const;
export type GroupChange = (typeof GROUP_CHANGES)[number];
/** `group` push. */
export const groupPush = z.object({
  workWxid: z.string(),
  groupId: z.string(),
  change: z.enum(GROUP_CHANGES),
});
export type GroupPush = z.infer<typeof groupPush>;
/** `GroupSystemNotice` push. */
export const groupSystemNoticePush = groupNoticeItem.extend({
  workWxid: z.string(),
  groupId: z.string(),
});
export type GroupSystemNoticePush = z.infer<typeof groupSystemNoticePush>;
