import { create } from 'zustand';
import { fileCookieSet } from './fileCookie.ts';
import type { LoginResult, Permission, SessionUser } from '@cst/shared';
import {
  readToken,
  readUser,
  touchTokenExpiry,
  writeToken,
  writeUser,
} from '../storage/session.ts';

/** The signed-in state of the SPA: the token (with its expiry) and the user it belongs to. */
export interface SessionState {
  token: string | null;
  expiresAt: number | null;
  user: SessionUser | null;
  /** Stores a login result and makes it the current session. */
  signIn: (result: LoginResult) => void;
  /** Replaces the user info (after /auth/me or a profile change). */
  setUser: (user: SessionUser) => void;
  /** Moves the token expiry (from the `x-token-expires-at` response header). */
  touch: (expiresAt: number) => void;
}

function initialState(): Pick<SessionState, 'token' | 'expiresAt' | 'user'> {
  const token = readToken();
  const user = token ? readUser() : null;
  if (!token || !user) return { token: null, expiresAt: null, user: null };
  return { token: token.value, expiresAt: token.expiresAt, user };
}

/** The session store; read it with selectors, e.g. `useSession((s) => s.user)`. */
export const useSession = create<SessionState>()((set, get) => ({
  ...initialState(),
  signIn: (result) => {
    // The login answer set the file cookie for this session.
    fileCookieSet(result.expiresAt);
    writeToken({ value: result.token, expiresAt: result.expiresAt });
    writeUser(result.user);
    set({ token: result.token, expiresAt: result.expiresAt, user: result.user });
  },
  setUser: (user) => {
    writeUser(user);
    set({ user });
  },
  touch: (expiresAt) => {
    if (!get().token || get().expiresAt === expiresAt) return;
    touchTokenExpiry(expiresAt);
    set({ expiresAt });
  },
}));

/** Whether a session is signed in at `now`: a token exists, has not expired and has its user. */
export function isSignedIn(
  s: Pick<SessionState, 'token' | 'expiresAt' | 'user'>,
  now = Date.now(),
): boolean {
  return Boolean(s.token && s.user && s.expiresAt && s.expiresAt > now);
}

/** Whether a user holds a permission. */
export function can(user: SessionUser | null, permission: Permission | undefined): boolean {
  if (!permission) return true;
  return Boolean(user?.permissions.includes(permission));
}

/** Whether the signed-in user holds a permission (React hook). */
export function useCan(permission: Permission | undefined): boolean {
  return useSession((s) => can(s.user, permission));
}

/** Whether the signed-in user holds any of the permissions (React hook). */
export function useCanAny(permissions: readonly Permission[]): boolean {
  return useSession((s) => permissions.some((p) => can(s.user, p)));
}
