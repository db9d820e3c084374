import type { Permission, Role } from '@cst/shared';

/** The caller of a request, resolved from its token. */
export interface AuthContext {
  userId: string;
  username: string;
  nickname: string;
  tenantId: string | null;
  role: Role;
  roleId: string | null;
  permissions: ReadonlySet<Permission>;
  tokenId: string;
  expiresAt: number;
}
