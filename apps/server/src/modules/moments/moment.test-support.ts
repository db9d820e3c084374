import type {
  OssTokenPayload,
  FriendsListResult,
  MomentFeedResult,
  MomentPostItem,
  MomentPostListResult,
} from '@cst/shared';
import type { Session } from '../../../test/support.ts';
import { apiAs, eventually, type HasApp } from '../accounts/account.test-support.ts';
import { multipart, pngOf } from '../files/files.test-support.ts';

/** Creates a post as a user; the reply as the API gives it. */
export function createPost(ctx: HasApp, s: Session, body: Record<string, unknown>, lang?: string) {
  return apiAs(ctx, s, lang).post<{ postId: string }>('/main-api/moments/post/create', body);
}

/** A post of the history as a user sees it (undefined when not visible). */
export async function postOf(ctx: HasApp, s: Session, postId: string) {
  const r = await apiAs(ctx, s).post<MomentPostListResult>('/main-api/moments/post/list', {
    pageSize: 100,
  });
  return r.data.list?.find((p) => p.postId === postId);
}

/** Waits until a post's jobs satisfy `check`. */
export function waitPost(
  ctx: HasApp,
  s: Session,
  postId: string,
  check: (p: MomentPostItem) => boolean,
  ms = 15_000,
) {
  return eventually(async () => {
    const p = await postOf(ctx, s, postId);
    return p && check(p) ? p : undefined;
  }, ms);
}

/** The feed of an account as a user sees it. */
export async function feedOf(ctx: HasApp, s: Session, workWxid: string, own?: boolean) {
  const r = await apiAs(ctx, s).post<MomentFeedResult>('/main-api/moments/feed', {
    workWxid,
    own,
    limit: 50,
  });
  return r.data.list;
}

/** Uploads a file as a user (a picture unless `data` is given); its address. */
export async function uploadFile(ctx: HasApp, s: Session, ext = 'png', data?: Buffer) {
  const t = await apiAs(ctx, s).get<{ token: string }>('/main-api/oss/token');
  const token = JSON.parse(t.data.token) as OssTokenPayload;
  const key = `${token.dir}moments/${Date.now()}-${Math.random().toString(36).slice(2)}.${ext}`;
  const body = multipart(
    [
      ['key', key],
      ['OSSAccessKeyId', token.accessid],
      ['policy', token.policy],
      ['signature', token.signature],
      ['success_action_status', '200'],
    ],
    { filename: key.slice(key.lastIndexOf('/') + 1), data: data ?? (await pngOf(300, 300)) },
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/oss-api',
    headers: body.headers,
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.body}`);
  return `/oss-api/${key}`;
}

/** Friends of an account once the contact sync has stored them. */
export function friendsOf(ctx: HasApp, s: Session, workWxid: string) {
  return eventually(async () => {
    const r = await apiAs(ctx, s).post<FriendsListResult>('/main-api/acc/friends-list', {
      workWxid,
      pageSize: 20,
    });
    return r.data.list?.length ? r.data.list : undefined;
  });
}
