import type { UserItem } from '@cst/shared';
import type { UserRow } from './users.repository.ts';

/** A user row as lists show it. */
export function presentUser(row: UserRow): UserItem {
  const u = row.user;
  return {
    uid: u.id,
    username: u.username,
    nickname: u.nickname,
    role: u.role,
    roleId: u.roleId,
    roleName: row.roleName,
    positionId: u.positionId,
    positionName: row.positionName,
    superiorId: u.superiorId,
    superiorName: row.superiorName,
    seatPrefix: u.seatPrefix,
    // Deleted users are listed nowhere; should one slip through it reads as disabled.
    status: u.status === 'enabled' ? 'enabled' : 'disabled',
    tenantId: u.tenantId,
    tenantName: row.tenantName,
    createdAt: u.createdAt.getTime(),
  };
}
