import { z } from 'zod';
import type { Text } from './i18n.ts';
import { FRIEND_REQUEST_STATUS, GENDERS } from './chat.ts';
import { MAX_GREETING_LENGTH } from './contacts.ts';
import { requiredString } from './validation.ts';

/** Server messages of friend requests (SPEC §4 friend request status, §8). */
export const friendRequestMessages = {
  friendRequestNotFound: { 'zh-CN': '好友申请不存在', en: 'No such friend request' },
  friendRequestNotPending: {
    'zh-CN': '该好友申请已处理',
    en: 'This friend request has already been handled',
  },
  friendRequestDeclined: { 'zh-CN': '已拒绝', en: 'Declined' },
  friendRequestExpired: { 'zh-CN': '已过期', en: 'Expired' },
  friendRequestRefused: { 'zh-CN': '对方拒绝了你的申请', en: 'The other side refused' },
  searchKeywordRequired: {
    'zh-CN': '请输入手机号或账号',
    en: 'Enter a phone number or account id',
  },
  notAGroupMember: {
    'zh-CN': '该联系人不是此群成员',
    en: 'This person is not a member of the group',
  },
  requestGroupNotFound: { 'zh-CN': '群聊不存在', en: 'No such group chat' },
} satisfies Record<string, Text>;

const wxid = z.string().min(1).max(128);

/** Received (`in`) or sent (`out`) by the work account. */
export const FRIEND_REQUEST_DIRECTIONS = ['in', 'out'] as const;
export type FriendRequestDirection = (typeof FRIEND_REQUEST_DIRECTIONS)[number];

/** How the console took part in a request: the source a friend gets when the request succeeds. */
export const FRIEND_REQUEST_ORIGINS = ['manual', 'task', 'autoAccept'] as const;
export type FriendRequestOrigin = (typeof FRIEND_REQUEST_ORIGINS)[number];

/** SPEC §4 friend request status: 1 requested, 2 failed with reason, 3 added, 4 already friend. */
export const friendRequestStatusSchema = z.union([
  z.literal(FRIEND_REQUEST_STATUS.requested),
  z.literal(FRIEND_REQUEST_STATUS.failed),
  z.literal(FRIEND_REQUEST_STATUS.succeeded),
  z.literal(FRIEND_REQUEST_STATUS.alreadyFriend),
]);

/** Most rows of one page of the request list. */
export const MAX_FRIEND_REQUEST_PAGE = 200;

/** `POST /main-api/acc/friend-request/list` (API.md). */
export const friendRequestListBody = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_FRIEND_REQUEST_PAGE).default(20),
  workWxid: wxid.optional(),
  direction: z.enum(FRIEND_REQUEST_DIRECTIONS).optional(),
  status: friendRequestStatusSchema.optional(),
});
export type FriendRequestListBody = z.infer<typeof friendRequestListBody>;

/** One received or sent friend request (API.md). */
export const friendRequestItem = z.object({
  id: z.string(),
  workWxid: z.string(),
  /** The other person. */
  wxid: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  verifyContent: z.string(),
  direction: z.enum(FRIEND_REQUEST_DIRECTIONS),
  status: friendRequestStatusSchema,
  /** Why a request failed or was declined (status 2). */
  reason: z.string().optional(),
  createdAt: z.number(),
});
export type FriendRequestItem = z.infer<typeof friendRequestItem>;

/** `accept-friend/accept` and `/api/v1/contacts/apply/decline`. */
export const friendRequestIdBody = z.object({ id: z.uuid() });
export type FriendRequestIdBody = z.infer<typeof friendRequestIdBody>;

/** Websocket `friendRequest`: a request arrived, was sent, or changed status. */
export const friendRequestPush = friendRequestItem;
export type FriendRequestPush = FriendRequestItem;

/** `POST /task-api/fans/search`: a phone number, alias or platform id. */
export const fansSearchBody = z.object({
  workerWxid: wxid,
  keyword: z.string().min(1, { error: 'searchKeywordRequired' }).max(64),
});
export type FansSearchBody = z.infer<typeof fansSearchBody>;

/** A person found by search, with the ticket a request to a stranger needs. */
export const fansSearchResult = z.object({
  wxid: z.string(),
  alias: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  sex: z.enum(GENDERS),
  province: z.string(),
  city: z.string(),
  signature: z.string(),
  ticket: z.string(),
  isFriend: z.boolean(),
});
export type FansSearchResult = z.infer<typeof fansSearchResult>;

/** Most members one add-group call asks. */
export const MAX_ADD_GROUP_MEMBERS = 500;

/** `POST /task-api/fans/add-group`: members of a group of the account (all non-friends when no wxids). */
export const fansAddGroupBody = z.object({
  workerWxid: wxid,
  chatRoom: wxid,
  verifyContent: requiredString('greetingRequired', MAX_GREETING_LENGTH),
  wxids: z.array(wxid).min(1, { error: 'pickAtLeastOne' }).max(MAX_ADD_GROUP_MEMBERS).optional(),
});
export type FansAddGroupBody = z.infer<typeof fansAddGroupBody>;

/** `POST /sim-api/friend-request` (API.md): a person asks a work account to be friends. */
export const simFriendRequestBody = z.object({
  workWxid: wxid,
  fromWxid: wxid.optional(),
  verifyContent: z.string().max(MAX_GREETING_LENGTH),
});
export type SimFriendRequestBody = z.infer<typeof simFriendRequestBody>;
export const simFriendRequestResult = z.object({ requestId: z.string(), fromWxid: z.string() });

/** `POST /sim-api/received` (API.md). */
export const simReceivedBody = z.object({
  workWxid: wxid.optional(),
  peerWxid: wxid.optional(),
  sinceMs: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
});
export type SimReceivedBody = z.infer<typeof simReceivedBody>;

/** Something a simulated person received from a work account, oldest first (API.md). */
export const simReceivedItem = z.object({
  kind: z.enum(['message', 'friendRequest']),
  /** The platform's message id (null for friend requests). */
  msgId: z.string().nullable(),
  workWxid: z.string(),
  /** The person, or the group a message went to. */
  peerWxid: z.string(),
  msgType: z.number().int().optional(),
  /** Text, JSON of structured types, file name of media; the greeting of a request. */
  content: z.string(),
  /** The console's send id of a message (null when sent from the phone); the request's id. */
  requestId: z.string().nullable(),
  at: z.number(),
  /** Group members a text mentioned (platform mentions), when any. */
  atWxids: z.array(z.string()).optional(),
  /** How long the person saw the account typing before the message (automated sends), ms. */
  typingMs: z.number().int().optional(),
});
export type SimReceivedItem = z.infer<typeof simReceivedItem>;
export const simReceivedResult = z.object({ list: z.array(simReceivedItem) });
