import {
  MOMENT_IMAGE_MAX_BYTES,
  MOMENT_VIDEO_MAX_BYTES,
  ossUrl,
  type Language,
  type ListResult,
  type MomentPostActionBody,
  type MomentPostCreateBody,
  type MomentPostItem,
  type MomentPostListBody,
} from '@cst/shared';
import type { Capability } from '../../gateway/index.ts';
import type { MomentPostMedia } from './moment-post.repository.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { Scheduler } from '../../scheduler/scheduler.ts';
import { type ConvScope, convScopeOf, visibleAccountIn } from '../conversations/index.ts';
import { materialForUse } from '../material/index.ts';
import { isWebUrl } from '../media/index.ts';
import { tagsByIds } from '../tags/index.ts';
import { toPostItem } from './moment.presenter.ts';
import { publishPost } from './moment.push.ts';
import * as repo from './moment-post.repository.ts';

/** The job kind of moment posts (the scheduler's wake payload). */
export const MOMENT_JOB = 'momentPost';

/**
 * Where the post's pictures and video come from. Today: the tenant's uploads (`fileUrl` from
 * `/oss-api`). The material library (issue 18 §1) plugs in here: a `materialId` resolves to the
 * material's stored file and then passes the same checks.
 */
export type MomentMediaSource = (
  tenantId: string,
  ref: MomentPostCreateBody['media'][number],
) => Promise<MomentPostMedia | null>;

/** Moment posts (issue 18 §4, `/moments` and `/moments/history`): create, list, cancel, repost. */
export class MomentPostService {
  constructor(private readonly deps: Uses<'files' | 'realtime' | 'runtime' | 'storage'>) {}

  private get db() {
    return this.deps.db;
  }

  /** Whether the platform has a capability. */
  private can(cap: Capability): boolean {
    return this.deps.runtime.gateway.capabilities.has(cap);
  }

  /** An uploaded file of the tenant as a post's picture or video; null when it is not one. */
  readonly uploadedMedia: MomentMediaSource = async (tenantId, ref) => {
    const file = await this.deps.files.fileOfUrl(tenantId, ref.fileUrl);
    if (!file || file.source !== 'upload') return null;
    if (file.kind !== 'image' && file.kind !== 'video') return null;
    return {
      fileUrl: ossUrl(file.key),
      fileName: file.key.slice(file.key.lastIndexOf('/') + 1),
      mime: file.mime,
      size: file.size,
      kind: file.kind,
      ...(file.width !== null ? { width: file.width } : {}),
      ...(file.height !== null ? { height: file.height } : {}),
      ...(ref.durationMs !== undefined ? { durationMs: ref.durationMs } : {}),
    };
  };

  /**
   * A library item as a post's picture or video: its stored file (by reference: the file stays
   * when the item is deleted), then the checks of an upload. 404 / 400 as `materialForUse`.
   */
  private async materialMedia(auth: AuthContext, tenantId: string, materialId: string) {
    const item = await materialForUse(this.deps, auth, materialId, 'moments');
    const m = item.fileKey
      ? await this.uploadedMedia(tenantId, {
          fileUrl: ossUrl(item.fileKey),
          ...(item.durationMs !== null ? { durationMs: item.durationMs } : {}),
        })
      : null;
    if (!m) throw fail.invalid('momentMediaInvalid');
    return { ...m, fileName: (item.fileName ?? m.fileName).slice(0, 255) };
  }

  /** The post's files, checked: up to 9 pictures of at most 5 MB, or one video of at most 10 MB. */
  private async media(auth: AuthContext, tenantId: string, refs: MomentPostCreateBody['media']) {
    const out: MomentPostMedia[] = [];
    for (const ref of refs) {
      const m = ref.materialId
        ? await this.materialMedia(auth, tenantId, ref.materialId)
        : await this.uploadedMedia(tenantId, ref);
      if (!m) throw fail.invalid('momentMediaInvalid');
      out.push(m);
    }
    const videos = out.filter((m) => m.kind === 'video');
    if (videos.length > 1) throw fail.invalid('momentOneVideo');
    if (videos.length === 1 && out.length > 1) throw fail.invalid('momentMixedMedia');
    for (const m of out) {
      if (m.kind === 'image' && m.size > MOMENT_IMAGE_MAX_BYTES) {
        throw fail.tooLarge('momentImageTooLarge');
      }
      if (m.kind === 'video' && m.size > MOMENT_VIDEO_MAX_BYTES) {
        throw fail.tooLarge('momentVideoTooLarge');
      }
    }
    return out;
  }

  /**
   * Creates a post: a job per visible account, due at the chosen time plus, per account, a random
   * minute of the spread. The scheduler posts each exactly once.
   */
  async create(auth: AuthContext, body: MomentPostCreateBody): Promise<{ postId: string }> {
    const scope = await convScopeOf(this.db, auth);
    if (!this.can('momentPost')) throw fail.conflict('momentsUnsupported');
    if (body.visibility === 'tags' && !this.can('momentVisibility')) {
      throw fail.conflict('momentVisibilityUnsupported');
    }
    const accounts = [];
    for (const wxid of [...new Set(body.workWxids)]) {
      accounts.push(await visibleAccountIn(this.db, scope, wxid));
    }
    if (body.link && !isWebUrl(body.link.url)) throw fail.invalid('momentLinkInvalid');
    const media = await this.media(auth, scope.tenantId, body.media);
    if (body.visibility === 'tags') {
      const unique = [...new Set(body.tagIds)];
      const found = await tagsByIds(this.db, scope.tenantId, unique);
      if (found.length < unique.length) throw fail.notFound('tagNotFound');
    }
    const now = this.deps.now();
    const sendAt = body.sendType === 'scheduled' ? Math.max(body.sendAt ?? now, now) : now;
    const spreadMs = body.spreadMinutes * 60_000;
    const jobs = accounts.map((a) => ({
      workAccountId: a.id,
      // A whole minute in [0, spread]: "a random spread of minutes across accounts".
      dueAt:
        sendAt + (spreadMs > 0 ? Math.floor(Math.random() * (body.spreadMinutes + 1)) * 60_000 : 0),
    }));
    const postId = await this.db.transaction((tx) =>
      repo.insertPost(
        tx,
        {
          tenantId: scope.tenantId,
          text: body.text,
          media,
          link: body.link ?? null,
          visibility: body.visibility,
          tagIds: body.visibility === 'tags' ? [...new Set(body.tagIds)] : [],
          sendType: body.sendType,
          sendAt,
          spreadMinutes: body.spreadMinutes,
          createdBy: auth.userId,
          createdAt: now,
        },
        jobs,
        now,
      ),
    );
    await Scheduler.wake(this.deps, MOMENT_JOB);
    await publishPost(this.deps, scope.tenantId, postId);
    return { postId };
  }

  /** The history: posts with the caller's accounts' jobs, newest first. */
  async list(
    auth: AuthContext,
    body: MomentPostListBody,
    lang: Language,
  ): Promise<ListResult<MomentPostItem>> {
    const scope = await convScopeOf(this.db, auth);
    const filter: repo.PostFilter = { state: body.state, keyword: body.keyword };
    if (body.workWxid)
      filter.workAccountId = (await visibleAccountIn(this.db, scope, body.workWxid)).id;
    const { rows, total } = await repo.listPosts(this.db, scope, filter, body.page, body.pageSize);
    const jobs = await repo.jobsOfPosts(
      this.db,
      scope,
      rows.map((r) => r.id),
    );
    return {
      list: rows.map((p) =>
        toPostItem(
          p,
          jobs.filter((j) => j.postId === p.id),
          lang,
        ),
      ),
      total,
    };
  }

  private async visible(auth: AuthContext, postId: string): Promise<ConvScope> {
    const scope = await convScopeOf(this.db, auth);
    if (!(await repo.visiblePost(this.db, scope, postId)))
      throw fail.notFound('momentPostNotFound');
    return scope;
  }

  /** Cancels pending jobs (one, or every pending one of the post); 409 when none is pending. */
  async cancel(auth: AuthContext, body: MomentPostActionBody): Promise<{ changed: number }> {
    const scope = await this.visible(auth, body.postId);
    const now = this.deps.now();
    const changed = await repo.moveJobs(this.db, scope, body.postId, body.jobId, ['pending'], {
      state: 'cancelled',
      updatedAt: now,
    });
    if (changed === 0) throw fail.conflict('momentNothingToCancel');
    await publishPost(this.deps, scope.tenantId, body.postId);
    return { changed };
  }

  /** Posts failed or cancelled jobs again (a new round, due now); 409 when there is none. */
  async repost(auth: AuthContext, body: MomentPostActionBody): Promise<{ changed: number }> {
    const scope = await this.visible(auth, body.postId);
    const changed = await repo.requeueJobs(
      this.db,
      scope,
      body.postId,
      body.jobId,
      this.deps.now(),
    );
    if (changed === 0) throw fail.conflict('momentNothingToRepost');
    await Scheduler.wake(this.deps, MOMENT_JOB);
    await publishPost(this.deps, scope.tenantId, body.postId);
    return { changed };
  }
}
