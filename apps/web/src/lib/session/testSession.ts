import type { Permission, SessionUser } from '@cst/shared';
import { useSession } from './sessionStore.ts';

/**
 * Tests: a signed-in session (a seat of tenant `tn` unless `user` says otherwise) holding
 * `permissions`, valid for a minute.
 */
export function signInForTest(permissions: Permission[], user: Partial<SessionUser> = {}): void {
  useSession.setState({
    token: 't',
    expiresAt: Date.now() + 60_000,
    user: {
      uid: 'u',
      username: 'seat',
      nickname: 'seat',
      role: 'office',
      tenantId: 'tn',
      permissions,
      ...user,
    },
  });
}
