import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FILE_COOKIE_REFRESH_MS,
  fileCookieSet,
  keepFileCookie,
  resetFileCookie,
} from './fileCookie.ts';

describe('keepFileCookie', () => {
  beforeEach(() => resetFileCookie());

  it('sets the cookie again once after a page load, then only when the session slid far', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    keepFileCookie(1_000_000, refresh);
    expect(refresh).toHaveBeenCalledTimes(1);
    keepFileCookie(1_000_000 + 60_000, refresh);
    keepFileCookie(1_000_000 + FILE_COOKIE_REFRESH_MS - 1, refresh);
    expect(refresh).toHaveBeenCalledTimes(1);
    keepFileCookie(1_000_000 + FILE_COOKIE_REFRESH_MS, refresh);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('does not ask right after a login set it, and tries again after a failure', async () => {
    fileCookieSet(5_000_000);
    const refresh = vi.fn(() => Promise.reject(new Error('offline')));
    keepFileCookie(5_000_000 + 60_000, refresh);
    expect(refresh).not.toHaveBeenCalled();
    keepFileCookie(5_000_000 + FILE_COOKIE_REFRESH_MS, refresh);
    expect(refresh).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    await Promise.resolve();
    keepFileCookie(5_000_000 + FILE_COOKIE_REFRESH_MS + 1000, refresh);
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
