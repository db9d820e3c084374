import {
  isMessageKey,
  translate,
  type Language,
  type MomentInteractionItem,
  type MomentItem,
  type MomentJobItem,
  type MomentJobState,
  type MomentMediaItem,
  type MomentPostItem,
} from '@cst/shared';
import type {
  JobWithAccount,
  MomentFileRow,
  MomentJobRow,
  MomentPostMedia,
  MomentPostRow,
} from './moment-post.repository.ts';
import type { InteractionRow, MomentRow } from './moment.repository.ts';

/** The state a reader sees: a claimed job is still pending. */
export function jobStateOf(state: MomentJobRow['state']): MomentJobState {
  return state === 'claimed' ? 'pending' : state;
}

/** Why a job failed, in the reader's language. */
function reasonOf(job: MomentJobRow, lang: Language): string {
  if (job.reasonKey && isMessageKey(job.reasonKey)) {
    return translate(job.reasonKey, lang, { reason: job.reason });
  }
  return job.reason;
}

function postMediaItem(m: MomentPostMedia): MomentMediaItem {
  return {
    url: m.fileUrl,
    kind: m.kind,
    fileName: m.fileName,
    ...(m.width !== undefined ? { width: m.width } : {}),
    ...(m.height !== undefined ? { height: m.height } : {}),
    ...(m.durationMs !== undefined ? { durationMs: m.durationMs } : {}),
  };
}

/** A job of a post. */
export function toJobItem(j: JobWithAccount, lang: Language): MomentJobItem {
  return {
    jobId: j.id,
    workWxid: j.wxid,
    nickname: j.nickname,
    state: jobStateOf(j.state),
    dueAt: j.dueAt,
    postedAt: j.postedAt,
    momentId: j.momentId,
    reason: reasonOf(j, lang),
  };
}

/** A post of the history with the reader's jobs of it. */
export function toPostItem(
  p: MomentPostRow & { creator: string | null },
  jobs: JobWithAccount[],
  lang: Language,
): MomentPostItem {
  const counts = { pending: 0, posted: 0, failed: 0, cancelled: 0 };
  for (const j of jobs) counts[jobStateOf(j.state)] += 1;
  return {
    postId: p.id,
    text: p.text,
    media: p.media.map(postMediaItem),
    link: p.link ?? null,
    visibility: p.visibility,
    tagIds: p.tagIds,
    sendType: p.sendType,
    sendAt: p.sendAt,
    spreadMinutes: p.spreadMinutes,
    createdAt: p.createdAt,
    createdBy: p.creator ?? '',
    counts,
    jobs: jobs.map((j) => toJobItem(j, lang)),
  };
}

/** The address of a moment's file: the console's own upload, or the platform's via the server. */
export function momentFileUrl(workWxid: string, f: MomentFileRow): string {
  if (f.url) return f.url;
  const q = new URLSearchParams({ workWxid, fileId: f.fileId });
  return `/main-api/moments/media?${q.toString()}`;
}

function fileItem(workWxid: string, f: MomentFileRow): MomentMediaItem {
  return {
    url: momentFileUrl(workWxid, f),
    kind: f.mime.startsWith('video/') ? 'video' : 'image',
    fileName: f.fileName,
    ...(f.width !== undefined ? { width: f.width } : {}),
    ...(f.height !== undefined ? { height: f.height } : {}),
    ...(f.durationMs !== undefined ? { durationMs: f.durationMs } : {}),
  };
}

/** A moment of a timeline. */
export function toMomentItem(m: MomentRow & { workWxid: string }): MomentItem {
  return {
    workWxid: m.workWxid,
    momentId: m.momentId,
    authorWxid: m.authorWxid,
    authorName: m.authorName,
    authorAvatar: m.authorAvatar,
    own: m.own,
    text: m.text,
    media: m.media.map((f) => fileItem(m.workWxid, f)),
    link: m.link ?? null,
    likes: m.likes,
    comments: m.comments,
    likedBySelf: m.likes.some((l) => l.wxid === m.workWxid),
    createdAt: m.createdAt,
  };
}

/** A like or comment on an account's post. */
export function toInteractionItem(
  r: InteractionRow & {
    workWxid: string;
    momentText: string | null;
    momentMedia: MomentFileRow[] | null;
  },
): MomentInteractionItem {
  const first = r.momentMedia?.[0];
  return {
    id: r.id,
    workWxid: r.workWxid,
    momentId: r.momentId,
    kind: r.kind,
    commentId: r.kind === 'comment' ? r.key : null,
    wxid: r.wxid,
    name: r.name,
    text: r.text,
    replyToName: r.replyToName,
    at: r.at,
    unread: r.unread,
    momentText: r.momentText ?? '',
    momentThumb:
      first && !first.mime.startsWith('video/') ? momentFileUrl(r.workWxid, first) : null,
  };
}
