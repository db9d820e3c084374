import { z } from 'zod';
import type { Text } from './i18n.ts';
import { CONTACT_SOURCES, MAX_CONTACT_KEYWORD } from './friends.ts';
import { groupIdString, isStorableText } from './groups.ts';
import type { idResult } from './users.ts';
import { idString } from './validation.ts';

export type IdResult = z.infer<typeof idResult>;

/** Server messages of customer tags and bulk tagging (issue 14 §1, §2). */
export const tagsMessages = {
  tagNameRequired: { 'zh-CN': '请输入标签名称', en: 'Enter a tag name' },
  tagGroupNameRequired: { 'zh-CN': '请输入标签组名称', en: 'Enter a tag group name' },
  tagNameTaken: {
    'zh-CN': '该标签组中已有同名标签',
    en: 'This group already has a tag with this name',
  },
  tagGroupNameTaken: { 'zh-CN': '已有同名标签组', en: 'A tag group with this name exists' },
  tagNotFound: { 'zh-CN': '标签不存在', en: 'The tag does not exist' },
  tagGroupNotFound: { 'zh-CN': '标签组不存在', en: 'The tag group does not exist' },
  tagColorInvalid: {
    'zh-CN': '颜色格式不正确，应为 #RRGGBB',
    en: 'The colour must look like #RRGGBB',
  },
  tagPickAtLeastOne: { 'zh-CN': '请选择标签', en: 'Choose at least one tag' },
  tagTargetsRequired: { 'zh-CN': '请选择联系人', en: 'Choose at least one contact' },
  tagOrderMismatch: {
    'zh-CN': '排序列表与现有内容不一致，请刷新后重试',
    en: 'The order does not match the current list; reload and try again',
  },
  tagListFileInvalid: {
    'zh-CN': '名单文件无法读取，请上传 txt、xls 或 xlsx 文件',
    en: 'The list file cannot be read; upload a txt, xls or xlsx file',
  },
  tagListFileEmpty: { 'zh-CN': '名单文件中没有数据', en: 'The list file holds no rows' },
  tagListFileTooLarge: {
    'zh-CN': '名单最多 {max} 行',
    en: 'A list may hold at most {max} rows',
  },
  defaultTagGroup: { 'zh-CN': '默认分组', en: 'Default' },
} satisfies Record<string, Text>;

/** Longest tag or tag group name. */
export const MAX_TAG_NAME_LENGTH = 30;
/** Most tags one tagging call names. */
export const MAX_TAGS_PER_CALL = 20;
/** Most contacts `acc/add-friend-tag` names. */
export const MAX_TAG_TARGETS = 500;
/** Most rows of an uploaded list of contacts (wxids or phones). */
export const MAX_TAG_LIST_ROWS = 100_000;
/** Contacts one bulk-tagging step handles (the SPA calls step after step for its progress bar). */
export const BULK_TAG_STEP_DEFAULT = 25_000;
export const BULK_TAG_STEP_MAX = 50_000;
/** The colours the tag page offers (any #RRGGBB is accepted). */
export const TAG_COLORS = [
  '#1677ff',
  '#13c2c2',
  '#52c41a',
  '#faad14',
  '#fa8c16',
  '#f5222d',
  '#eb2f96',
  '#722ed1',
  '#8c8c8c',
] as const;

const MAX_TIME = 4_102_444_800_000;
const wxid = z.string().min(1).max(128).refine(isStorableText);
const name = (required: keyof typeof tagsMessages) =>
  z
    .string({ error: required })
    .max(MAX_TAG_NAME_LENGTH)
    .refine(isStorableText)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: required }));
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'tagColorInvalid' });
const tagIds = z
  .array(idString, { error: 'tagPickAtLeastOne' })
  .min(1, { error: 'tagPickAtLeastOne' })
  .max(MAX_TAGS_PER_CALL);

/** A tag as the tag page lists it: `count` is how many contacts of the tenant carry it. */
export const tagItem = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  count: z.number(),
});
export type TagItem = z.infer<typeof tagItem>;
export const tagGroupItem = z.object({ id: z.string(), name: z.string(), tags: z.array(tagItem) });
export type TagGroupItem = z.infer<typeof tagGroupItem>;

/** `POST /main-api/tags/list` → the tenant's groups, in order, with their tags and counts. */
export const tagsListResult = z.object({ list: z.array(tagGroupItem) });
export type TagsListResult = z.infer<typeof tagsListResult>;

/** `tags/add`: a tag in a group (none → the tenant's default group, created when needed). */
export const addTagBody = z.object({
  groupId: idString.optional(),
  name: name('tagNameRequired'),
  color: color.optional(),
});
export type AddTagBody = z.infer<typeof addTagBody>;

/** `tags/edit`: rename, recolour or move a tag to another group. */
export const editTagBody = z.object({
  id: idString,
  name: name('tagNameRequired').optional(),
  color: color.optional(),
  groupId: idString.optional(),
});
export type EditTagBody = z.infer<typeof editTagBody>;

/** `tags/del`: tags by id; their links to contacts go with them. */
export const deleteTagsBody = z.object({
  ids: z.array(idString, { error: 'tagPickAtLeastOne' }).min(1).max(200),
});
export type DeleteTagsBody = z.infer<typeof deleteTagsBody>;
/** How many tags went and how many contact links with them. */
export const deleteTagsResult = z.object({ removed: z.number(), untagged: z.number() });
export type DeleteTagsResult = z.infer<typeof deleteTagsResult>;

/** `tags/group/add`. */
export const addTagGroupBody = z.object({ name: name('tagGroupNameRequired') });
export type AddTagGroupBody = z.infer<typeof addTagGroupBody>;
/** `tags/group/edit`. */
export const editTagGroupBody = z.object({ id: idString, name: name('tagGroupNameRequired') });
export type EditTagGroupBody = z.infer<typeof editTagGroupBody>;
/** `tags/group/del`: a group with all its tags. */
export const deleteTagGroupBody = z.object({ id: idString });
export type DeleteTagGroupBody = z.infer<typeof deleteTagGroupBody>;

/**
 * `tags/order`: without `groupId`, `ids` are every group of the tenant in their new order; with it,
 * every tag of that group in their new order (a list that is not exactly those → 409).
 */
export const orderTagsBody = z.object({
  groupId: idString.optional(),
  ids: z.array(idString).min(1).max(500),
});
export type OrderTagsBody = z.infer<typeof orderTagsBody>;

/** A contact: a friend of a work account. */
export const tagTarget = z.object({ workWxid: wxid, friendWxid: wxid });
export type TagTarget = z.infer<typeof tagTarget>;
export const TAG_OPS = ['add', 'remove'] as const;
export type TagOp = (typeof TAG_OPS)[number];

/** `POST /main-api/acc/add-friend-tag` (SPEC §7, API.md). */
export const addFriendTagBody = z.object({
  targets: z
    .array(tagTarget, { error: 'tagTargetsRequired' })
    .min(1, { error: 'tagTargetsRequired' })
    .max(MAX_TAG_TARGETS),
  tagIds,
  op: z.enum(TAG_OPS),
});
export type AddFriendTagBody = z.infer<typeof addFriendTagBody>;
/** How many contact–tag links were added or removed. */
export const changedResult = z.object({ changed: z.number() });
export type ChangedResult = z.infer<typeof changedResult>;

/** `tags/contact`: the tags of one contact (user card, chat header). */
export const contactTagsBody = tagTarget;
export const contactTag = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type ContactTag = z.infer<typeof contactTag>;
export const contactTagsResult = z.object({ tags: z.array(contactTag) });
export type ContactTagsResult = z.infer<typeof contactTagsResult>;

/**
 * Which contacts a bulk tagging reaches (issue 14 §2): friends of the visible accounts (or of
 * `workWxids`) matching every filter given. `listUrl` is a txt, xls or xlsx file uploaded through the
 * upload path whose rows (first column) are wxids or phone numbers / aliases.
 */
export const tagTargetFilter = z
  .object({
    workWxids: z.array(wxid).max(500).optional(),
    keyword: z.string().max(MAX_CONTACT_KEYWORD).refine(isStorableText).optional(),
    addedFrom: z.number().int().min(0).max(MAX_TIME).optional(),
    addedTo: z.number().int().min(0).max(MAX_TIME).optional(),
    source: z.enum(CONTACT_SOURCES).optional(),
    hasTagIds: z.array(idString).max(100).optional(),
    lacksTagIds: z.array(idString).max(100).optional(),
    groupIds: z.array(groupIdString).max(100).optional(),
    listUrl: z.string().min(1).max(1024).refine(isStorableText).optional(),
  })
  .refine((b) => b.addedFrom === undefined || b.addedTo === undefined || b.addedFrom <= b.addedTo, {
    path: ['addedTo'],
    error: 'addedTo must not be before addedFrom',
  });
export type TagTargetFilter = z.infer<typeof tagTargetFilter>;

/** `tags/bulk/count`: how many contacts a filter reaches. */
export const bulkTagCountBody = z.object({ filter: tagTargetFilter });
export type BulkTagCountBody = z.infer<typeof bulkTagCountBody>;
export const bulkTagCountResult = z.object({ matched: z.number() });
export type BulkTagCountResult = z.infer<typeof bulkTagCountResult>;

/**
 * `tags/bulk/apply`: one step of a bulk tagging: the next `step` matching contacts after the
 * cursor `after` (none: from the start) get the tags added or removed in one statement. The
 * answer's `next` is the cursor of the following step, null when done.
 */
export const bulkTagApplyBody = z.object({
  filter: tagTargetFilter,
  tagIds,
  op: z.enum(TAG_OPS),
  after: idString.optional(),
  step: z.number().int().min(1).max(BULK_TAG_STEP_MAX).default(BULK_TAG_STEP_DEFAULT),
});
export type BulkTagApplyBody = z.infer<typeof bulkTagApplyBody>;
export const bulkTagApplyResult = z.object({
  processed: z.number(),
  changed: z.number(),
  next: z.string().nullable(),
});
export type BulkTagApplyResult = z.infer<typeof bulkTagApplyResult>;
