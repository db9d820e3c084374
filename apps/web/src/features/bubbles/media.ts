import { HD_PREVIEW_MS, mediaAddressFor, type MessageItem } from '@cst/shared';
import { useSession } from '../../lib/session/sessionStore.ts';

/** A server file address with the caller's token appended (`?token=` or `&token=`). */
export function withToken(url: string | null, extra = ''): string | null {
  if (!url) return null;
  if (!url.startsWith('/')) return safeHref(url);
  const token = useSession.getState().token ?? '';
  const sep = url.includes('?') ? '&' : '?';
  return `${url}${sep}token=${encodeURIComponent(token)}${extra}`;
}

/**
 * The address an avatar shows with: a picture kept in the console's storage (`/oss-api/…`, such
 * as one the avatar library gave a work account) carries the session's token; others as given.
 */
export function avatarSrc(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return url.startsWith('/oss-api/') ? (withToken(url) ?? undefined) : url;
}

/** The address a media message shows with (SPEC §4: permanent or CDN), with the token. */
export function mediaSrc(m: MessageItem, now = Date.now()): string | null {
  return withToken(mediaAddressFor(m, now));
}

/** The 100×100 thumbnail of a picture or sticker, falling back to the file itself. */
export function thumbSrc(m: MessageItem, now = Date.now()): string | null {
  return withToken(m.jpegThumbnail) ?? mediaSrc(m, now);
}

/**
 * The preview address of a picture: received pictures under 7 days preview in high definition
 * (the file itself); older ones fall back to the thumbnail. The operator's own uploads are kept,
 * so they always preview from the permanent address.
 */
export function previewSrc(m: MessageItem, now = Date.now()): string | null {
  if (m.sendSide === 1 || now - m.msgTime < HD_PREVIEW_MS) return mediaSrc(m, now);
  return thumbSrc(m, now);
}

/** An address only when it is http(s) (or same-origin); anything else (javascript:, data:) is null. */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  try {
    const u = new URL(trimmed);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** Parses a JSON content with a zod-like schema; null when it is not JSON or does not match. */
export function parseContent<T>(
  content: string,
  schema: { safeParse: (v: unknown) => { success: boolean; data?: T } },
): T | null {
  try {
    const r = schema.safeParse(JSON.parse(content));
    return r.success && r.data !== undefined ? r.data : null;
  } catch {
    return null;
  }
}

/** A byte count as people read it: 532 B, 12.3 KB, 4.5 MB. */
export function formatBytes(n: number | null): string {
  if (n === null || n < 0) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Seconds as m:ss. */
export function formatDuration(sec: number): string {
  const s = Math.max(0, Math.round(sec));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
