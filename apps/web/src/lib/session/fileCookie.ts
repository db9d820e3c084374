/**
 * Keeps the HttpOnly file cookie (docs/files-and-media.md) as long-lived as the session. The
 * server sets it at login; the SPA cannot read it, so it asks the server to set it again
 * (`POST /system-api/auth/file-cookie`, with the header token) when the session it knows of has
 * slid more than {@link FILE_COOKIE_REFRESH_MS} past the cookie's own life — and once after a
 * page load, when it cannot know whether the cookie is there.
 */
export const FILE_COOKIE_REFRESH_MS = 3_600_000;

let coveredUntil: number | null = null;

/** The cookie was just set up to `expiresAt` (login answer). */
export function fileCookieSet(expiresAt: number): void {
  coveredUntil = expiresAt;
}

/** Forgets what was set (logout, tests). */
export function resetFileCookie(): void {
  coveredUntil = null;
}

/**
 * Called with each new session expiry (`x-token-expires-at`); runs `refresh` when the cookie
 * needs setting again. `refresh` failing leaves the next expiry to try again.
 */
export function keepFileCookie(expiresAt: number, refresh: () => Promise<unknown>): void {
  if (coveredUntil !== null && expiresAt - coveredUntil < FILE_COOKIE_REFRESH_MS) return;
  const before = coveredUntil;
  coveredUntil = expiresAt;
  refresh().catch(() => {
    coveredUntil = before;
  });
}
