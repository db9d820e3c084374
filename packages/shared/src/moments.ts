import { z } from 'zod';
import type { Text } from './i18n.ts';
import { listResult } from './envelope.ts';
import { MB } from './files.ts';
import { idString } from './validation.ts';

/** Server messages of moments (issue 18 §4). */
export const momentMessages = {
  momentEmpty: {
    'zh-CN': '文字、图片、视频和链接不能同时为空',
    en: 'Text, pictures, video and link cannot all be empty',
  },
  momentTooManyImages: { 'zh-CN': '最多 9 张图片', en: 'At most 9 pictures' },
  momentMixedMedia: {
    'zh-CN': '图片、视频和链接只能选择一种',
    en: 'Choose pictures, one video or a link, not several',
  },
  momentOneVideo: { 'zh-CN': '只能发布一个视频', en: 'Only one video can be posted' },
  momentMediaInvalid: {
    'zh-CN': '文件无效，只能发布已上传的图片或视频',
    en: 'Invalid file: only uploaded pictures or videos can be posted',
  },
  momentImageTooLarge: { 'zh-CN': '图片不能超过 5M', en: 'A picture must be at most 5 MB' },
  momentVideoTooLarge: { 'zh-CN': '视频不能超过 10M', en: 'A video must be at most 10 MB' },
  momentLinkInvalid: {
    'zh-CN': '链接地址必须以 http:// 或 https:// 开头',
    en: 'The link must start with http:// or https://',
  },
  momentTagsRequired: {
    'zh-CN': '请选择可见的标签',
    en: 'Choose the tags that may see the post',
  },
  momentVisibilityUnsupported: {
    'zh-CN': '当前平台不支持按标签设置可见范围',
    en: 'This platform cannot limit who sees a post by tags',
  },
  momentsUnsupported: {
    'zh-CN': '当前平台不支持朋友圈',
    en: 'This platform has no moments',
  },
  momentSendAtRequired: { 'zh-CN': '请选择发布时间', en: 'Choose when to post' },
  momentPostNotFound: { 'zh-CN': '发布任务不存在', en: 'No such post' },
  momentNothingToCancel: {
    'zh-CN': '只能取消待发布的任务',
    en: 'Only pending posts can be cancelled',
  },
  momentNothingToRepost: {
    'zh-CN': '只能重新发布失败或已取消的任务',
    en: 'Only failed or cancelled posts can be posted again',
  },
  momentNotFound: { 'zh-CN': '该朋友圈不存在或已删除', en: 'This moment does not exist' },
  momentCommentNotFound: { 'zh-CN': '该评论不存在', en: 'This comment does not exist' },
  momentCommentRequired: { 'zh-CN': '评论内容不能为空', en: 'The comment cannot be empty' },
  momentAccountGone: { 'zh-CN': '工作号已删除', en: 'The work account was deleted' },
  momentTooManyAttempts: {
    'zh-CN': '多次发布失败：{reason}',
    en: 'Posting failed several times: {reason}',
  },
  momentPlatformRefused: {
    'zh-CN': '平台拒绝发布：{reason}',
    en: 'The platform refused: {reason}',
  },
  momentTagsEmpty: {
    'zh-CN': '所选标签下没有该工作号的好友',
    en: 'No friend of this account has the chosen tags',
  },
} satisfies Record<string, Text>;

/** Limits of a post (SPEC §5 material limits; moments take up to 9 pictures or one video). */
export const MOMENT_MAX_IMAGES = 9;
export const MOMENT_IMAGE_MAX_BYTES = 5 * MB;
export const MOMENT_VIDEO_MAX_BYTES = 10 * MB;
export const MOMENT_TEXT_MAX = 2000;
export const MOMENT_COMMENT_MAX = 500;
export const MOMENT_MAX_ACCOUNTS = 200;
export const MOMENT_MAX_TAGS = 50;
/** Longest random spread of the accounts' post times, in minutes. */
export const MOMENT_MAX_SPREAD_MIN = 1440;

const wxid = z.string().min(1).max(128);
const momentId = z.string().min(1).max(128);

/** Where a post of one account is: waiting (or being posted), posted, failed, cancelled. */
export const MOMENT_JOB_STATES = ['pending', 'posted', 'failed', 'cancelled'] as const;
export type MomentJobState = (typeof MOMENT_JOB_STATES)[number];

/** Who may see a post: every friend, or the friends with one of the tags. */
export const MOMENT_VISIBILITIES = ['all', 'tags'] as const;
export type MomentVisibility = (typeof MOMENT_VISIBILITIES)[number];

/**
 * A picture or video of a post: an uploaded file's address, or an item of the material library
 * (`materialId`: its stored file is used and `fileUrl` is ignored).
 */
export const momentMediaInput = z.object({
  fileUrl: z.string().max(1024).default(''),
  materialId: idString.optional(),
  /** Video length, as the browser read it. */
  durationMs: z.number().int().min(0).max(3_600_000).optional(),
});

export const momentLink = z.object({
  title: z.string().max(200),
  url: z.string().min(1).max(2048),
});
export type MomentLink = z.infer<typeof momentLink>;

/** `POST /main-api/moments/post/create`: one post, a job per account. */
export const momentPostCreateBody = z
  .object({
    workWxids: z
      .array(wxid, { error: 'workAccountRequired' })
      .min(1, { error: 'workAccountRequired' })
      .max(MOMENT_MAX_ACCOUNTS),
    text: z.string().max(MOMENT_TEXT_MAX).default(''),
    media: z
      .array(momentMediaInput)
      .max(MOMENT_MAX_IMAGES, { error: 'momentTooManyImages' })
      .default([]),
    link: momentLink.optional(),
    visibility: z.enum(MOMENT_VISIBILITIES).default('all'),
    tagIds: z.array(idString).max(MOMENT_MAX_TAGS).default([]),
    sendType: z.enum(['now', 'scheduled']).default('now'),
    /** When a scheduled post goes out (epoch ms). */
    sendAt: z.number().int().min(0).max(8_640_000_000_000).optional(),
    /** Each account's post goes out at a random minute in [0, spreadMinutes] after the time. */
    spreadMinutes: z.number().int().min(0).max(MOMENT_MAX_SPREAD_MIN).default(0),
  })
  .superRefine((b, ctx) => {
    if (b.sendType === 'scheduled' && b.sendAt === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sendAt'], message: 'momentSendAtRequired' });
    }
    if (b.visibility === 'tags' && b.tagIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['tagIds'], message: 'momentTagsRequired' });
    }
    if (!b.text.trim() && b.media.length === 0 && !b.link) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'momentEmpty' });
    }
    if (b.link && b.media.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['link'], message: 'momentMixedMedia' });
    }
  });
export type MomentPostCreateBody = z.infer<typeof momentPostCreateBody>;
export const momentPostCreateResult = z.object({ postId: z.string() });

/** `POST /main-api/moments/post/list`: posting jobs, newest first. */
export const momentPostListBody = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  workWxid: wxid.optional(),
  state: z.enum(MOMENT_JOB_STATES).optional(),
  keyword: z.string().max(64).optional(),
});
export type MomentPostListBody = z.infer<typeof momentPostListBody>;

/** A picture or video as the console shows it. */
export const momentMediaItem = z.object({
  url: z.string(),
  kind: z.enum(['image', 'video']),
  fileName: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  durationMs: z.number().optional(),
});
export type MomentMediaItem = z.infer<typeof momentMediaItem>;

/** One account's post of a job. */
export const momentJobItem = z.object({
  jobId: z.string(),
  workWxid: z.string(),
  nickname: z.string(),
  state: z.enum(MOMENT_JOB_STATES),
  dueAt: z.number(),
  postedAt: z.number().nullable(),
  momentId: z.string().nullable(),
  /** Why it failed (reader's language). */
  reason: z.string(),
});
export type MomentJobItem = z.infer<typeof momentJobItem>;

export const momentPostItem = z.object({
  postId: z.string(),
  text: z.string(),
  media: z.array(momentMediaItem),
  link: momentLink.nullable(),
  visibility: z.enum(MOMENT_VISIBILITIES),
  tagIds: z.array(z.string()),
  sendType: z.enum(['now', 'scheduled']),
  sendAt: z.number(),
  spreadMinutes: z.number().int(),
  createdAt: z.number(),
  createdBy: z.string(),
  counts: z.object({
    pending: z.number().int(),
    posted: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
  }),
  /** The caller's accounts' jobs of the post. */
  jobs: z.array(momentJobItem),
});
export type MomentPostItem = z.infer<typeof momentPostItem>;
export const momentPostListResult = listResult(momentPostItem);
export type MomentPostListResult = z.infer<typeof momentPostListResult>;

/** `cancel` and `repost`: the whole post, or one account's job of it. */
export const momentPostActionBody = z.object({ postId: idString, jobId: idString.optional() });
export type MomentPostActionBody = z.infer<typeof momentPostActionBody>;
export const momentPostActionResult = z.object({ changed: z.number().int() });

/** A like on a moment. */
export const momentLike = z.object({ wxid: z.string(), name: z.string(), at: z.number() });
/** A comment on a moment (a reply names whom it answers). */
export const momentComment = z.object({
  commentId: z.string(),
  wxid: z.string(),
  name: z.string(),
  text: z.string(),
  at: z.number(),
  replyToWxid: z.string().optional(),
  replyToName: z.string().optional(),
});
export type MomentComment = z.infer<typeof momentComment>;

/** A moment in a work account's timeline (a friend's or its own). */
export const momentItem = z.object({
  workWxid: z.string(),
  momentId: z.string(),
  authorWxid: z.string(),
  authorName: z.string(),
  authorAvatar: z.string(),
  own: z.boolean(),
  text: z.string(),
  media: z.array(momentMediaItem),
  link: momentLink.nullable(),
  likes: z.array(momentLike),
  comments: z.array(momentComment),
  likedBySelf: z.boolean(),
  createdAt: z.number(),
});
export type MomentItem = z.infer<typeof momentItem>;

/** `POST /main-api/moments/feed`: friends' moments of the visible accounts, newest first. */
export const momentFeedBody = z.object({
  workWxid: wxid.optional(),
  /** Only the accounts' own posts (true) or only friends' (false); both when unset. */
  own: z.boolean().optional(),
  /** Moments older than this (epoch ms): the next page. */
  before: z.number().int().min(0).max(8_640_000_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type MomentFeedBody = z.infer<typeof momentFeedBody>;
export const momentFeedResult = z.object({ list: z.array(momentItem), hasMore: z.boolean() });
export type MomentFeedResult = z.infer<typeof momentFeedResult>;

/** `POST /main-api/moments/feed/sync`: fetch an account's timeline from the platform. */
export const momentSyncBody = z.object({ workWxid: wxid });
export const momentSyncResult = z.object({ count: z.number().int() });

/** `POST /main-api/moments/like`. */
export const momentLikeBody = z.object({
  workWxid: wxid,
  momentId,
  like: z.boolean().default(true),
});
export type MomentLikeBody = z.infer<typeof momentLikeBody>;

/** `POST /main-api/moments/comment`: a comment, or a reply to a comment. */
export const momentCommentBody = z.object({
  workWxid: wxid,
  momentId,
  text: z
    .string({ error: 'momentCommentRequired' })
    .trim()
    .min(1, { error: 'momentCommentRequired' })
    .max(MOMENT_COMMENT_MAX),
  replyToCommentId: z.string().min(1).max(128).optional(),
});
export type MomentCommentBody = z.infer<typeof momentCommentBody>;

/** Likes and comments of friends on the accounts' own posts. */
export const MOMENT_INTERACTION_KINDS = ['like', 'comment'] as const;
export type MomentInteractionKind = (typeof MOMENT_INTERACTION_KINDS)[number];

/** `POST /main-api/moments/interaction/list`, newest first. */
export const momentInteractionListBody = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  workWxid: wxid.optional(),
  kind: z.enum(MOMENT_INTERACTION_KINDS).optional(),
  unreadOnly: z.boolean().optional(),
});
export type MomentInteractionListBody = z.infer<typeof momentInteractionListBody>;

export const momentInteractionItem = z.object({
  id: z.string(),
  workWxid: z.string(),
  momentId: z.string(),
  kind: z.enum(MOMENT_INTERACTION_KINDS),
  /** The comment's platform id (comments only), to reply to it. */
  commentId: z.string().nullable(),
  wxid: z.string(),
  name: z.string(),
  text: z.string(),
  replyToName: z.string().nullable(),
  at: z.number(),
  unread: z.boolean(),
  /** The post it is about: its text and first picture. */
  momentText: z.string(),
  momentThumb: z.string().nullable(),
});
export type MomentInteractionItem = z.infer<typeof momentInteractionItem>;
export const momentInteractionListResult = listResult(momentInteractionItem);
export type MomentInteractionListResult = z.infer<typeof momentInteractionListResult>;

/** `POST /main-api/moments/interaction/read`: some, or every visible one. */
export const momentInteractionReadBody = z.object({
  ids: z.array(idString).max(500).optional(),
});
export const momentUnreadResult = z.object({ unread: z.number().int() });
export type MomentUnreadResult = z.infer<typeof momentUnreadResult>;

/** `GET /main-api/moments/media`: a picture of a friend's moment, fetched from the platform. */
export const momentMediaQuery = z.object({
  workWxid: wxid,
  fileId: z.string().min(1).max(256),
});

/** `momentInteraction` push: a like or comment arrived on an account's post. */
export const momentInteractionPush = z.object({
  workWxid: z.string(),
  momentId: z.string(),
  kind: z.enum(MOMENT_INTERACTION_KINDS),
  name: z.string(),
});
export type MomentInteractionPush = z.infer<typeof momentInteractionPush>;
/** `momentPost` push: jobs of a post changed state. */
export const momentPostPush = z.object({ postId: z.string() });
export type MomentPostPush = z.infer<typeof momentPostPush>;
/** `momentFeed` push: a moment appeared or changed in an account's timeline. */
export const momentFeedPush = z.object({ workWxid: z.string(), momentId: z.string() });
export type MomentFeedPush = z.infer<typeof momentFeedPush>;

/** `POST /sim-api/moment/act`: a simulated contact posts, likes or comments. */
export const simMomentActBody = z.object({
  workWxid: wxid,
  kind: z.enum(['post', 'like', 'comment']),
  /** The moment liked or commented on; the account's latest own post when unset. */
  momentId: momentId.optional(),
  /** The contact who acts; a random friend (who may see the post) when unset. */
  fromWxid: wxid.optional(),
  text: z.string().max(MOMENT_COMMENT_MAX).optional(),
  /** A reply to this comment. */
  replyToCommentId: z.string().min(1).max(128).optional(),
});
export type SimMomentActBody = z.infer<typeof simMomentActBody>;
export const simMomentActResult = z.object({
  momentId: z.string(),
  fromWxid: z.string(),
  commentId: z.string().nullable(),
});
