import { z } from 'zod';
import { exportQueryOf } from './export.ts';
import type { Text } from './i18n.ts';

/** Server messages of the friends page (issue 13 §2). */
export const friendsMessages = {
  friendUpdateFailed: {
    'zh-CN': '好友设置修改失败，请稍后再试',
    en: 'Changing the friend failed, try again later',
  },
  friendDeleteFailed: {
    'zh-CN': '删除好友失败，请稍后再试',
    en: 'Deleting the friend failed, try again later',
  },
  friendSyncFailed: {
    'zh-CN': '同步好友失败，请稍后再试',
    en: 'Syncing friends failed, try again later',
  },
  friendChangeRequired: {
    'zh-CN': '请选择要修改的设置',
    en: 'Choose a setting to change',
  },
  friendNotFriend: {
    'zh-CN': '对方已不是好友',
    en: 'This person is no longer a friend',
  },
  friendFlagsUnsupported: {
    'zh-CN': '当前平台不支持星标和置顶好友',
    en: 'This platform cannot star or pin friends',
  },
  friendUnknownToPlatform: {
    'zh-CN': '平台无法识别此联系人，请稍后再试',
    en: 'The platform cannot identify this person, try again later',
  },
  friendBlacklistUnsupported: {
    'zh-CN': '当前平台不支持黑名单',
    en: 'This platform has no blacklist',
  },
} satisfies Record<string, Text>;

/** How a friend was added: by an operator, a task, auto-accept, or outside the console (phone). */
export const CONTACT_SOURCES = ['manual', 'task', 'autoAccept', 'phone'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

const wxid = z.string().min(1).max(128);
/** Longest keyword of a contact search. */
export const MAX_CONTACT_KEYWORD = 64;
/** Most rows of one friends-list page. */
export const FRIENDS_PAGE_MAX = 1000;
/** SPEC §9: contact list page size default 8000; whole-list load 10000. */
export const CONTACTS_PAGE_DEFAULT = 8000;
export const CONTACTS_PAGE_MAX = 10000;
/** Latest time accepted on the wire (year 2100). */
const MAX_TIME = 4_102_444_800_000;

/** The filters of the friends list (without the paging check), shared by the list and export. */
const friendsListShape = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(FRIENDS_PAGE_MAX).default(20),
  workWxid: wxid.optional(),
  keyword: z.string().max(MAX_CONTACT_KEYWORD).optional(),
  /** Friends carrying any of these tags. */
  tagIds: z.array(z.guid()).max(100).optional(),
  addedFrom: z.coerce.number().int().min(0).max(MAX_TIME).optional(),
  addedTo: z.coerce.number().int().min(0).max(MAX_TIME).optional(),
  source: z.enum(CONTACT_SOURCES).optional(),
});

/** `POST /main-api/acc/friends-list` (API.md, second ring). */
export const friendsListBody = friendsListShape.refine(
  (b) => b.addedFrom === undefined || b.addedTo === undefined || b.addedFrom <= b.addedTo,
  { path: ['addedTo'], error: 'addedTo must not be before addedFrom' },
);
export type FriendsListBody = z.infer<typeof friendsListBody>;

/** A tag on a friend. */
export const friendTag = z.object({ id: z.string(), name: z.string(), color: z.string() });

/** A friend of a work account as the friends page lists it. */
export const friendItem = z.object({
  workWxid: z.string(),
  friendWxid: z.string(),
  nickname: z.string(),
  remark: z.string(),
  avatar: z.string(),
  tags: z.array(friendTag),
  /** When they became friends (ms), null when the platform does not say. */
  addedAt: z.number().nullable(),
  source: z.enum(CONTACT_SOURCES),
  star: z.boolean(),
  blacklist: z.boolean(),
  topChat: z.boolean(),
});
export type FriendItem = z.infer<typeof friendItem>;
export const friendsListResult = z.object({ list: z.array(friendItem), total: z.number() });
export type FriendsListResult = z.infer<typeof friendsListResult>;

/** `POST /main-api/acc/update-friend-info`: star, blacklist and pin of a friend (one at least). */
export const updateFriendInfoBody = z
  .object({
    workWxid: wxid,
    friendWxid: wxid,
    star: z.boolean().optional(),
    blacklist: z.boolean().optional(),
    topChat: z.boolean().optional(),
  })
  .refine((b) => b.star !== undefined || b.blacklist !== undefined || b.topChat !== undefined, {
    error: 'friendChangeRequired',
  });
export type UpdateFriendInfoBody = z.infer<typeof updateFriendInfoBody>;

/** `POST /main-api/acc/delete-friend`. */
export const deleteFriendBody = z.object({ workWxid: wxid, friendWxid: wxid });
export type DeleteFriendBody = z.infer<typeof deleteFriendBody>;

/** `POST /main-api/acc/sync-friends`: the platform's friend list against the stored one. */
export const syncFriendsBody = z.object({ workWxid: wxid });
export type SyncFriendsBody = z.infer<typeof syncFriendsBody>;
export const syncFriendsResult = z.object({
  added: z.number(),
  removed: z.number(),
  changed: z.number(),
  total: z.number(),
});
export type SyncFriendsResult = z.infer<typeof syncFriendsResult>;

/** `GET /api/v1/contacts/list` (SPEC §7: page, pageSize, cvType, wxid, wxids, friendName). */
export const contactsListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(CONTACTS_PAGE_MAX).default(CONTACTS_PAGE_DEFAULT),
  /** 1 friends, 2 group chats. */
  cvType: z.coerce
    .number()
    .int()
    .refine((n) => n === 1 || n === 2, { error: 'cvType must be 1 or 2' })
    .default(1),
  /** One work account. */
  wxid: wxid.optional(),
  /** Several work accounts, comma-separated. */
  wxids: z
    .string()
    .max(128 * 50 + 49)
    .optional()
    .transform((s) => (s ? [...new Set(s.split(',').map((x) => x.trim()))].filter(Boolean) : []))
    .refine((l) => l.length <= 50 && l.every((x) => x.length <= 128), {
      error: 'wxids: at most 50 work accounts',
    }),
  /** Name filter on nickname and remark. */
  friendName: z.string().max(MAX_CONTACT_KEYWORD).optional(),
});
export type ContactsListQuery = z.infer<typeof contactsListQuery>;

/** A contact list entry (SPEC §3): a friend (type 1) or a group (type 2) of a work account. */
export const contactListEntry = z.object({
  /** The friend's wxid or the group id. */
  id: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  /** The work account. */
  wxid: z.string(),
  friendWxid: z.string(),
  nickname: z.string(),
  remark: z.string(),
  avatar: z.string(),
});
export type ContactListEntry = z.infer<typeof contactListEntry>;
export const contactsListResult = z.object({
  list: z.array(contactListEntry),
  total: z.number(),
});
export type ContactsListResult = z.infer<typeof contactsListResult>;

/** `friendUpdate` push: friends of a work account added, changed or removed. */
export const friendUpdatePush = z.object({
  workWxid: z.string(),
  upserted: z.array(friendItem),
  removed: z.array(z.string()),
});
export type FriendUpdatePush = z.infer<typeof friendUpdatePush>;

/** `GET /main-api/acc/friends-export`: the friends list's filters as a query (tags left out). */
export const friendsExportQuery = exportQueryOf(friendsListShape.omit({ tagIds: true })).extend({
  /** Tag ids, comma-separated (as the page keeps them in its URL). */
  tagIds: z
    .string()
    .max(3800)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.guid()).max(100))
    .optional(),
});
export type FriendsExportQuery = z.infer<typeof friendsExportQuery>;
