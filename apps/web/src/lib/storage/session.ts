import type { SessionUser } from '@cst/shared';
import { STORAGE_KEYS } from './keys.ts';

/** A stored token with the time (ms since the epoch) after which it is no longer valid. */
export interface StoredToken {
  value: string;
  expiresAt: number;
}

/** Encodes a value as base64 of its UTF-8 JSON (user info is not kept as plain text). */
export function encodeValue(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Decodes {@link encodeValue}; null when the text is not a valid encoding. */
export function decodeValue<T>(text: string): T | null {
  try {
    const binary = atob(text);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as T;
  } catch {
    return null;
  }
}

/** The stored token, or null when there is none or it has expired (an expired token is removed). */
export function readToken(now = Date.now()): StoredToken | null {
  const raw = localStorage.getItem(STORAGE_KEYS.token);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredToken>;
    if (typeof parsed.value !== 'string' || typeof parsed.expiresAt !== 'number') throw new Error();
    if (parsed.expiresAt <= now) throw new Error('expired');
    return { value: parsed.value, expiresAt: parsed.expiresAt };
  } catch {
    localStorage.removeItem(STORAGE_KEYS.token);
    return null;
  }
}

/** Stores the token and its expiry. */
export function writeToken(token: StoredToken): void {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(token));
}

/** Moves the expiry of the stored token (sliding sessions); no-op without a token. */
export function touchTokenExpiry(expiresAt: number): void {
  const current = readToken();
  if (current && Number.isFinite(expiresAt) && expiresAt > 0) {
    writeToken({ value: current.value, expiresAt });
  }
}

/** The stored user info, decoded; null when missing or unreadable. */
export function readUser(): SessionUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  const user = decodeValue<SessionUser>(raw);
  if (!user || typeof user.uid !== 'string' || !Array.isArray(user.permissions)) return null;
  return user;
}

/** Stores the user info, encoded. */
export function writeUser(user: SessionUser): void {
  localStorage.setItem(STORAGE_KEYS.user, encodeValue(user));
}

/** Clears session storage and every local key except the ones kept on logout. */
export function clearStoredSession(keep: readonly string[]): void {
  sessionStorage.clear();
  const saved = keep.map((k) => [k, localStorage.getItem(k)] as const);
  localStorage.clear();
  for (const [k, v] of saved) if (v !== null) localStorage.setItem(k, v);
}
