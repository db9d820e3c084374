import { HD_PREVIEW_MS, IMAGE_PROXY_PATH, mediaAddressFor, type MessageItem } from '@cst/shared';

// Addresses of files and pictures (docs/files-and-media.md). The session token is never put in
// an address: the console's own file routes are reached with the HttpOnly file cookie the server
// sets at login; pictures whose address came from outside go through the server's image proxy;
// links open only when they are absolute http(s). Anything else renders as nothing.

/** The console's own file routes (same origin; the browser sends the file cookie with them). */
const LOCAL_FILE_PREFIXES = [
  '/oss-api/',
  '/api/v1/download/',
  '/api/v1/emoticon/system/',
  '/main-api/moments/media?',
  `${IMAGE_PROXY_PATH}?`,
];

/** Whether a string holds whitespace, a backslash or a control character (C0 or DEL). */
function hasUnsafeCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f || c === 0x5c) return true;
  }
  return /\s/.test(s);
}

/**
 * A same-origin address of one of the console's file routes, else null. Only these prefixes,
 * with no backslash, whitespace, control character, `//` or dot segment anywhere, so nothing
 * that looks local can lead a request off-site (`//host`, `/\host`, `/\t/host`).
 */
export function localFileSrc(url: string | null | undefined): string | null {
  if (!url || !LOCAL_FILE_PREFIXES.some((p) => url.startsWith(p))) return null;
  if (hasUnsafeCharacter(url) || url.includes('//')) return null;
  const path = url.split('?')[0]!;
  if (/(^|\/)\.\.?(\/|$)/.test(path) || /%2e/i.test(path)) return null;
  return url;
}

/** An absolute http(s) address, normalised, else null (also for `//host`, `/\host`, `\\host`). */
export function httpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const u = new URL(trimmed);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) return null;
    if (u.username || u.password) return null;
    return u.href;
  } catch {
    return null;
  }
}

/** The image proxy's address for an outside picture (absolute http(s)), else null. */
export function proxiedSrc(url: string | null | undefined): string | null {
  const href = httpUrl(url);
  return href ? `${IMAGE_PROXY_PATH}?url=${encodeURIComponent(href)}` : null;
}

/**
 * The address a picture shows with: one of the console's files as it is, an outside http(s)
 * picture through the image proxy, anything else null (render nothing or a placeholder).
 */
export function imageSrc(url: string | null | undefined): string | null {
  return localFileSrc(url) ?? proxiedSrc(url);
}

const INLINE_PICTURE = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i;

/**
 * The address an avatar shows with: as {@link imageSrc}, and also an inline `data:image/…`
 * picture (no request at all; the simulator draws its people that way). Undefined otherwise.
 */
export function avatarSrc(url: string | null | undefined): string | undefined {
  if (url && INLINE_PICTURE.test(url.trim())) return url.trim();
  return imageSrc(url) ?? undefined;
}

/** The host name of an outside address, for a placeholder ("picture from example.com"). */
export function hostOf(url: string | null | undefined): string | null {
  const href = httpUrl(url);
  return href ? new URL(href).hostname : null;
}

/** A download link of one of the console's files (`download=1` asks for a save dialog). */
export function downloadHref(url: string | null | undefined): string | null {
  const local = localFileSrc(url);
  if (!local) return null;
  return `${local}${local.includes('?') ? '&' : '?'}download=1`;
}

/** The address a media message shows with (SPEC §4: permanent or CDN), a console file only. */
export function mediaSrc(m: MessageItem, now = Date.now()): string | null {
  return localFileSrc(mediaAddressFor(m, now));
}

/** The 100×100 thumbnail of a picture or sticker, falling back to the file itself. */
export function thumbSrc(m: MessageItem, now = Date.now()): string | null {
  return localFileSrc(m.jpegThumbnail) ?? mediaSrc(m, now);
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

/**
 * A link a user may open: only an absolute http(s) address (opened in a new tab with
 * `rel="noopener noreferrer"`); `javascript:`, `data:`, `//host`, `/\host` and relative ones → null.
 */
export function safeHref(url: string | null | undefined): string | null {
  return httpUrl(url);
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
