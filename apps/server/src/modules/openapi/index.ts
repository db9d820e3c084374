import type { AuthContext } from '../../platform/auth-context.ts';
import { tokenOf } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import type { ApiKeyService } from './api-key.service.ts';

declare module '../../platform/deps.ts' {
  interface Services {
    /** The API key service of a server instance. */
    apiKeys: ApiKeyService;
  }
}

/**
 * The caller of a route declared with `access.key(...)` (the public API `/open/v1`, its event
 * stream): the API key of `Authorization: Bearer cst_…`, as its creator narrowed to the key's
 * permissions and accounts. Throws 401 (no key, unknown, revoked, expired, creator disabled) or
 * 429 with `data.retryAfter` (the key's rate; app.ts turns it into `Retry-After`).
 */
export function authenticateApiKey(
  deps: Uses<'apiKeys' | 'realtime' | 'riskHandlers' | 'runtime' | 'unread'>,
  headers: Record<string, unknown>,
): Promise<AuthContext> {
  return deps.apiKeys.authenticate(tokenOf(headers));
}
