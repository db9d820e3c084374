import type { SessionUser } from '@cst/shared';
import { permissionsOf } from '../../platform/auth-context.ts';
import type { UserRecord } from './auth.repository.ts';

/** The session user of API.md from a user row. */
export function presentSessionUser(
  user: UserRecord,
  tenantName: string | null,
  rolePermissions: string[] | null,
): SessionUser {
  return {
    uid: user.id,
    username: user.username,
    nickname: user.nickname,
    role: user.role,
    tenantId: user.tenantId,
    permissions: permissionsOf(user.role, user.roleId ? rolePermissions : null),
    avatar: user.avatar,
    tenantName,
    twoStepEnabled: Boolean(user.twoStepHash),
  };
}
