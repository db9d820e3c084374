import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../storage/keys.ts';
import { queryClient } from '../queryClient.ts';
import { registerCacheClearer } from './cacheRegistry.ts';
import { fullLogout, pageEffects, resetLogoutForTests } from './logout.ts';
import { useSession } from './sessionStore.ts';

describe('fullLogout', () => {
  afterEach(() => {
    resetLogoutForTests();
    vi.restoreAllMocks();
  });

  it('revokes the token, clears storage and caches, then goes to the login page', async () => {
    useSession.getState().signIn({
      token: 'tok',
      expiresAt: Date.now() + 60_000,
      user: {
        uid: 'u',
        username: 'u',
        nickname: 'u',
        role: 'office',
        tenantId: 't',
        permissions: [],
      },
    });
    localStorage.setItem(STORAGE_KEYS.settings, '{}');
    queryClient.setQueryData(['x'], 1);
    const cleared = vi.fn();
    const unregister = registerCacheClearer(cleared);
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    const goToLogin = vi.spyOn(pageEffects, 'goToLogin').mockImplementation(() => undefined);

    await fullLogout({ callServer: true });
    // A second logout while the first runs does nothing.
    await fullLogout({ callServer: true });

    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/system-api/auth/logout');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.settings)).toBe('{}');
    expect(useSession.getState().token).toBeNull();
    expect(queryClient.getQueryData(['x'])).toBeUndefined();
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(goToLogin).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('does not call the server after a 401 (the token is already dead)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    vi.spyOn(pageEffects, 'goToLogin').mockImplementation(() => undefined);
    await fullLogout({ callServer: false });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
