import type { ListResult, LoginRecord, Profile, UpdateProfileBody } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { presentLoginRecord, presentProfile } from './profile.presenter.ts';
import * as repo from './profile.repository.ts';

/** My seat: the caller's own nickname, avatar and login records. */
export class ProfileService {
  constructor(private readonly deps: Deps) {}

  /** The caller's seat. */
  async get(auth: AuthContext): Promise<Profile> {
    const row = await repo.findProfile(this.deps.db, auth.tenantId, auth.userId);
    if (!row) throw fail.unauthenticated();
    return presentProfile(row);
  }

  /** Changes the caller's nickname and (when given) avatar; an empty avatar clears it. */
  async update(auth: AuthContext, body: UpdateProfileBody): Promise<Profile> {
    const patch: { nickname: string; avatar?: string | null } = { nickname: body.nickname };
    if (body.avatar !== undefined) patch.avatar = body.avatar || null;
    await repo.updateProfile(this.deps.db, auth.tenantId, auth.userId, patch);
    return this.get(auth);
  }

  /** The caller's sign-in attempts, newest first (the login notice). */
  async loginRecords(
    auth: AuthContext,
    page: number,
    pageSize: number,
  ): Promise<ListResult<LoginRecord>> {
    const { rows, total } = await repo.listLoginRecords(
      this.deps.db,
      auth.tenantId,
      auth.userId,
      page,
      pageSize,
    );
    return { list: rows.map(presentLoginRecord), total };
  }
}
