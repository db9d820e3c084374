/**
 * Every key the SPA writes to local storage. A full logout clears local storage except the keys
 * in {@link KEPT_ON_LOGOUT} (the user's display settings and language survive a logout).
 */
export const STORAGE_KEYS = {
  token: 'cst.token',
  user: 'cst.user',
  settings: 'cst.settings',
  language: 'cst.language',
} as const;

/** Keys a full logout keeps. */
export const KEPT_ON_LOGOUT: readonly string[] = [STORAGE_KEYS.settings, STORAGE_KEYS.language];
