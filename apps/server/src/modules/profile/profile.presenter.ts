import type { LoginRecord, Profile } from '@cst/shared';
import type { findProfile, LoginRecordRow } from './profile.repository.ts';

/** The caller's seat as "my seat" shows it. */
export function presentProfile(row: NonNullable<Awaited<ReturnType<typeof findProfile>>>): Profile {
  const u = row.user;
  return {
    uid: u.id,
    username: u.username,
    nickname: u.nickname,
    avatar: u.avatar,
    role: u.role,
    roleName: row.roleName,
    positionName: row.positionName,
    superiorName: row.superiorName,
    seatPrefix: u.seatPrefix,
    tenantId: u.tenantId,
    tenantName: row.tenantName,
    twoStepEnabled: Boolean(u.twoStepHash),
    createdAt: u.createdAt.getTime(),
  };
}

/** A sign-in attempt as the login notice shows it. */
export function presentLoginRecord(row: LoginRecordRow): LoginRecord {
  return {
    id: row.id,
    ip: row.ip,
    createdAt: row.createdAt.getTime(),
    address: row.address,
    reason: row.reason,
    agent: row.agent,
    success: row.success,
  };
}
