import {
  WS_EVENTS,
  type ListResult,
  type LoginRecord,
  type Profile,
  type UpdateProfileBody,
  type UserInfoPush,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { presentLoginRecord, presentProfile } from './profile.presenter.ts';
import * as repo from './profile.repository.ts';

/** My seat: the caller's own nickname, avatar and login records. */
export class ProfileService {
  constructor(private readonly deps: Uses<'realtime'>) {}

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
    const before = await this.get(auth);
    await repo.updateProfile(this.deps.db, auth.tenantId, auth.userId, patch);
    const after = await this.get(auth);
    // `userInfo` to the caller's other tabs (SPEC §7); a platform admin has no tenant to push in.
    if (auth.tenantId && (before.nickname !== after.nickname || before.avatar !== after.avatar)) {
      const data: UserInfoPush = { uid: after.uid, nickname: after.nickname, avatar: after.avatar };
      await this.deps.realtime.publish(auth.tenantId, {
        event: WS_EVENTS.userInfo,
        userIds: [auth.userId],
        data,
      });
    }
    return after;
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
