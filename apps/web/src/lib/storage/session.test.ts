import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@cst/shared';
import { KEPT_ON_LOGOUT, STORAGE_KEYS } from './keys.ts';
import {
  clearStoredSession,
  decodeValue,
  encodeValue,
  readToken,
  readUser,
  touchTokenExpiry,
  writeToken,
  writeUser,
} from './session.ts';

const user: SessionUser = {
  uid: 'u1',
  username: 'demo',
  nickname: '演示管理员 😀',
  role: 'manager',
  tenantId: 't1',
  permissions: ['seat.manage'],
  tenantName: '演示企业',
};

describe('session storage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps the user info as base64 of UTF-8 JSON, not as plain text', () => {
    writeUser(user);
    const raw = localStorage.getItem(STORAGE_KEYS.user)!;
    expect(raw).not.toContain('demo');
    expect(raw).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(
      JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(raw), (c) => c.charCodeAt(0)))),
    ).toEqual(user);
    expect(readUser()).toEqual(user);
  });

  it('round-trips any JSON value and rejects garbage', () => {
    expect(decodeValue(encodeValue({ a: ['中文', 1, null] }))).toEqual({ a: ['中文', 1, null] });
    expect(decodeValue('%%%')).toBeNull();
    localStorage.setItem(STORAGE_KEYS.user, encodeValue({ nope: true }));
    expect(readUser()).toBeNull();
  });

  it('stores the token with its expiry; an expired token is removed and counts as none', () => {
    const now = 1_000_000;
    writeToken({ value: 'tok', expiresAt: now + 1000 });
    expect(readToken(now)).toEqual({ value: 'tok', expiresAt: now + 1000 });
    expect(readToken(now + 1000)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.token, 'not json');
    expect(readToken(now)).toBeNull();
  });

  it('moves the expiry of a stored token only', () => {
    touchTokenExpiry(Date.now() + 5000);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    writeToken({ value: 'tok', expiresAt: Date.now() + 1000 });
    const later = Date.now() + 7 * 86400_000;
    touchTokenExpiry(later);
    expect(readToken()).toEqual({ value: 'tok', expiresAt: later });
  });

  it('a logout clears everything but the settings and the language', () => {
    writeToken({ value: 'tok', expiresAt: Date.now() + 1000 });
    writeUser(user);
    localStorage.setItem(STORAGE_KEYS.settings, '{"themeMode":false}');
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    localStorage.setItem('someFeatureCache', 'x');
    sessionStorage.setItem('wxAccount', 'x');
    clearStoredSession(KEPT_ON_LOGOUT);
    expect(Object.keys(localStorage).sort()).toEqual(
      [STORAGE_KEYS.language, STORAGE_KEYS.settings].sort(),
    );
    expect(localStorage.getItem(STORAGE_KEYS.settings)).toBe('{"themeMode":false}');
    expect(sessionStorage.length).toBe(0);
  });
});
