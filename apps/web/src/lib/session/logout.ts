import { queryClient } from '../queryClient.ts';
import { KEPT_ON_LOGOUT } from '../storage/keys.ts';
import { clearStoredSession } from '../storage/session.ts';
import { clearRegisteredCaches } from './cacheRegistry.ts';
import { useSession } from './sessionStore.ts';
import { resetFileCookie } from './fileCookie.ts';

/** The page effects of a logout, replaceable in tests (jsdom cannot reload). */
export const pageEffects = {
  goToLogin: (): void => {
    window.location.hash = '#/auth/login';
    window.location.reload();
  },
};

let running = false;

/**
 * Full logout (SPEC §4): revoke the token on the server (best effort, only when it may still be
 * valid), clear session storage and local storage except the settings and language keys, empty
 * the query cache and every registered cache, then go to the login page and reload.
 */
export async function fullLogout(opts: { callServer: boolean }): Promise<void> {
  if (running) return;
  running = true;
  const { token } = useSession.getState();
  if (opts.callServer && token) {
    try {
      await fetch('/system-api/auth/logout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(3000),
      });
    } catch {
      // Best effort: the local session is cleared whatever the server says.
    }
  }
  clearStoredSession(KEPT_ON_LOGOUT);
  resetFileCookie();
  useSession.setState({ token: null, expiresAt: null, user: null });
  queryClient.clear();
  await clearRegisteredCaches();
  pageEffects.goToLogin();
}

/** Lets tests run more than one logout. */
export function resetLogoutForTests(): void {
  running = false;
}
