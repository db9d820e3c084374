import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  AVATAR_DPI,
  AVATAR_MAX_PX,
  AVATAR_MIN_PX,
  MAX_AVATARS,
  MAX_NICKNAMES,
  ossUrl,
  translate,
  type AvatarItem,
  type BatchEditProfileBody,
  type BatchEditProfileResult,
  type Language,
  type NicknameItem,
  type PickMode,
} from '@cst/shared';
import { GatewayError, type AccountProfileDto, type ProfilePatch } from '../../gateway/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { detectType } from '../../storage/content-type.ts';
import {
  publishAccountsChanged,
  type WorkAccountRow as accountRepoWorkAccountRow,
  updateAccounts as accountRepoUpdateAccounts,
  AccountService,
  assertStates,
  fromGateway,
} from '../accounts/index.ts';
import { callHolder } from '../conversations/index.ts';
import { malformedAsInvalid } from '../files/index.ts';
import type { MediaContext } from '../media/index.ts';
import * as repo from './profile-library.repository.ts';
import { lazyImport } from '../../platform/lazy-import.ts';

const loadSharp = lazyImport(async () => (await import('sharp')).default);

function tenantOf(auth: AuthContext): string {
  if (!auth.tenantId) throw fail.forbidden();
  return auth.tenantId;
}

function presentAvatar(r: repo.AvatarRow): AvatarItem {
  return { id: r.id, url: ossUrl(r.fileKey), size: r.size, createdAt: r.createdAt.getTime() };
}

function presentNickname(r: repo.NicknameRow): NicknameItem {
  return { id: r.id, nickname: r.nickname, createdAt: r.createdAt.getTime() };
}

/** A copy of a list in random order (Fisher–Yates). */
function shuffled<T>(list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** One entry per account: in the library's order, or at random (all different while they last). */
function handOut<T>(list: T[], n: number, mode: PickMode): T[] {
  const source = mode === 'random' ? shuffled(list) : list;
  return Array.from({ length: n }, (_, i) => source[i % source.length]!);
}

/**
 * The avatar and nickname libraries of a tenant (issue 18 §3) and the batch edit of logged-in work
 * accounts that takes from them through the platform (`setProfile` on the account's holder).
 */
export class ProfileLibraryService {
  constructor(
    private readonly deps: Uses<'realtime' | 'riskHandlers' | 'runtime' | 'unread'>,
    private readonly ctx: MediaContext,
  ) {}

  /** The tenant's avatars, oldest first. */
  async avatars(auth: AuthContext): Promise<{ list: AvatarItem[] }> {
    return { list: (await repo.avatars(this.deps.db, tenantOf(auth))).map(presentAvatar) };
  }

  /**
   * Adds an avatar (multipart `file`): a square jpg/jpeg of 200–400 px, as the crop dialog makes
   * it; stored re-encoded at 72 DPI.
   */
  async uploadAvatar(auth: AuthContext, req: FastifyRequest): Promise<AvatarItem> {
    const tenantId = tenantOf(auth);
    if (!req.isMultipart()) throw fail.invalid('uploadNotMultipart');
    let data: Buffer;
    let name: string;
    try {
      const part = await req.file();
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw fail.invalid('uploadFileMissing');
      }
      name = part.filename;
      data = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw fail.tooLarge('uploadTooLarge', { max: '2M' });
      }
      throw malformedAsInvalid(err);
    }
    const type = detectType(data.subarray(0, 4100), name, true);
    if (type?.mime !== 'image/jpeg' || (/\.[^.]+$/.test(name) && !/\.jpe?g$/i.test(name))) {
      throw fail.invalid('avatarNotJpeg');
    }
    const out = await this.normalise(data);
    if ((await repo.countAvatars(this.deps.db, tenantId)) >= MAX_AVATARS) {
      throw fail.conflict('libraryFull', { max: MAX_AVATARS });
    }
    const key = `t/${tenantId}/avatars/${randomUUID()}.jpg`;
    const file = await this.ctx.files.store(tenantId, key, out.data, {
      source: 'upload',
      name: 'avatar.jpg',
      kinds: ['image'],
    });
    return presentAvatar(await repo.insertAvatar(this.deps.db, tenantId, file.key, out.size));
  }

  /** Checks a cropped avatar (square, 200–400 px) and re-encodes it at 72 DPI. */
  private async normalise(data: Buffer): Promise<{ data: Buffer; size: number }> {
    let width: number | undefined;
    let height: number | undefined;
    const sharp = await loadSharp();
    try {
      ({ width, height } = await sharp(data, { limitInputPixels: false }).metadata());
    } catch {
      throw fail.invalid('imageInvalid');
    }
    const ok = (n: number | undefined) =>
      n !== undefined && n >= AVATAR_MIN_PX && n <= AVATAR_MAX_PX;
    if (!ok(width) || width !== height) throw fail.invalid('avatarSizeInvalid');
    try {
      const out = await sharp(data, { failOn: 'error' })
        .jpeg({ quality: 90 })
        .withMetadata({ density: AVATAR_DPI })
        .toBuffer();
      return { data: out, size: width! };
    } catch {
      throw fail.invalid('imageInvalid');
    }
  }

  /** Deletes avatars (their files go with them when no account shows them). */
  async deleteAvatars(auth: AuthContext, ids: string[]): Promise<{ deleted: number }> {
    return { deleted: await repo.deleteAvatars(this.deps.db, tenantOf(auth), ids) };
  }

  /** The tenant's nicknames, oldest first. */
  async nicknames(auth: AuthContext): Promise<{ list: NicknameItem[] }> {
    return { list: (await repo.nicknames(this.deps.db, tenantOf(auth))).map(presentNickname) };
  }

  /** Adds nicknames; ones already kept are skipped. */
  async addNicknames(auth: AuthContext, names: string[]): Promise<{ added: number }> {
    const tenantId = tenantOf(auth);
    const unique = [...new Set(names)];
    if ((await repo.countNicknames(this.deps.db, tenantId)) + unique.length > MAX_NICKNAMES) {
      throw fail.conflict('libraryFull', { max: MAX_NICKNAMES });
    }
    return { added: await repo.insertNicknames(this.deps.db, tenantId, unique) };
  }

  /** Deletes nicknames. */
  async deleteNicknames(auth: AuthContext, ids: string[]): Promise<{ deleted: number }> {
    return { deleted: await repo.deleteNicknames(this.deps.db, tenantOf(auth), ids) };
  }

  /**
   * `acc/batch-edit-profile`: gives each logged-in work account one nickname and/or avatar of the
   * libraries (in order or at random) through the platform, and records what it took.
   */
  async batchEdit(
    auth: AuthContext,
    body: BatchEditProfileBody,
    lang: Language,
  ): Promise<BatchEditProfileResult> {
    const tenantId = tenantOf(auth);
    if (!body.nickname && !body.avatar) throw fail.invalid('batchEditNothing');
    const found = await new AccountService(this.deps).requireVisible(auth, body.wxids);
    assertStates(found, 'batchEdit', 'batchEditOnlyOnline');
    const byWxid = new Map(found.map((r) => [r.wxid, r]));
    const rows = [...new Set(body.wxids)].map((w) => byWxid.get(w)!);
    const nicks = body.nickname ? await repo.nicknames(this.deps.db, tenantId) : [];
    if (body.nickname && nicks.length === 0) throw fail.conflict('nicknameLibraryEmpty');
    const pics = body.avatar ? await repo.avatars(this.deps.db, tenantId) : [];
    if (body.avatar && pics.length === 0) throw fail.conflict('avatarLibraryEmpty');
    const names = body.nickname ? handOut(nicks, rows.length, body.nickname) : [];
    const faces = body.avatar ? handOut(pics, rows.length, body.avatar) : [];

    const list: BatchEditProfileResult['list'] = [];
    const changed: accountRepoWorkAccountRow[] = [];
    for (const [i, row] of rows.entries()) {
      const patch: ProfilePatch = {};
      if (names[i]) patch.nickname = names[i].nickname;
      if (faces[i]) patch.avatarUrl = ossUrl(faces[i].fileKey);
      try {
        const profile = await callHolder<AccountProfileDto>(this.deps, row.wxid, {
          name: 'setProfile',
          patch,
        });
        const set = { nickname: profile.nickname, avatar: profile.avatar };
        const [updated] = await accountRepoUpdateAccounts(this.deps.db, tenantId, [row.id], set);
        if (updated) changed.push(updated);
        list.push({ wxid: row.wxid, ok: true, ...set, error: null });
      } catch (err) {
        if (!(err instanceof GatewayError)) throw err;
        const e = fromGateway(err);
        const error = e instanceof AppError ? translate(e.key, lang, e.params) : err.message;
        list.push({ wxid: row.wxid, ok: false, nickname: null, avatar: null, error });
      }
    }
    await publishAccountsChanged(this.deps, tenantId, changed, 'updated');
    return { list };
  }
}
