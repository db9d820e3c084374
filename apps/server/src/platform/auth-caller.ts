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
  /** Set when the caller is an API key of the public API (`/open/v1`): the key's id. */
  apiKeyId?: string;
  /** The API key's name (its sends are named after it). */
  apiKeyName?: string;
  /**
   * The work accounts (ids) an API key is limited to; absent: every account the user sees. Scopes
   * (`accountScope`, `convScopeOf`) intersect with it.
   */
  accountIds?: readonly string[];
}
