import {
  SKIP_CANCEL_PREFIX,
  type ListResult,
  type MomentCommentBody,
  type MomentFeedBody,
  type MomentFeedResult,
  type MomentInteractionItem,
  type MomentInteractionListBody,
  type MomentItem,
  type MomentPostCreateBody,
  type MomentPostItem,
  type MomentPostListBody,
  type MomentUnreadResult,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

const P = '/main-api/moments';
/** Reads that pushes re-fetch: never cancelled as duplicates (see accounts/api.ts). */
const P_READ = `/main-api${SKIP_CANCEL_PREFIX}/moments`;

/** The input of a post: what the form holds (defaults filled by the server). */
export type MomentPostInput = Pick<MomentPostCreateBody, 'workWxids'> &
  Partial<MomentPostCreateBody>;

/** Calls of moments (issue 18 §4). */
export const momentsApi = {
  create: (body: MomentPostInput) => mainApi.post<{ postId: string }>(`${P}/post/create`, body),
  posts: (body: Partial<MomentPostListBody>) =>
    mainApi.post<ListResult<MomentPostItem>>(`${P_READ}/post/list`, body),
  cancel: (postId: string, jobId?: string) =>
    mainApi.post<{ changed: number }>(`${P}/post/cancel`, { postId, jobId }),
  repost: (postId: string, jobId?: string) =>
    mainApi.post<{ changed: number }>(`${P}/post/repost`, { postId, jobId }),
  feed: (body: Partial<MomentFeedBody>) => mainApi.post<MomentFeedResult>(`${P_READ}/feed`, body),
  /** Silent: an offline account simply keeps what is stored. */
  sync: (workWxid: string) =>
    mainApi.post<{ count: number }>(`${P}/feed/sync`, { workWxid }, { silent: true }),
  like: (workWxid: string, momentId: string, like: boolean) =>
    mainApi.post<MomentItem>(`${P}/like`, { workWxid, momentId, like }),
  comment: (body: MomentCommentBody) => mainApi.post<MomentItem>(`${P}/comment`, body),
  interactions: (body: Partial<MomentInteractionListBody>) =>
    mainApi.post<ListResult<MomentInteractionItem>>(`${P_READ}/interaction/list`, body),
  unread: () =>
    mainApi.post<MomentUnreadResult>(`${P_READ}/interaction/unread`, {}, { silent: true }),
  read: (ids?: string[]) => mainApi.post<MomentUnreadResult>(`${P}/interaction/read`, { ids }),
};

/** Query keys (everything under `moments` is refreshed by the moments pushes). */
export const momentsKeys = {
  all: ['moments'] as const,
  posts: ['moments', 'posts'] as const,
  feed: ['moments', 'feed'] as const,
  interactions: ['moments', 'interactions'] as const,
  unread: ['moments', 'unread'] as const,
};
