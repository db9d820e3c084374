import { MSG_TYPE } from '@cst/shared';
import type { ChatGateway } from './types.ts';

/**
 * Outsider addresses are outsider data (docs/files-and-media.md, "Addresses from the platform").
 * A contact decides what a card's avatar, a link's address or a thumbnail says; the console
 * keeps such an address only when it is an absolute http(s) URL, so nothing a stranger sends
 * can look like one of the console's own paths (`//host`, `/\host`, `/oss-api/…`) or run
 * (`javascript:`). Profile pictures (contacts, groups, members, requests, moment authors) may
 * also be inline `data:image/…` pictures — no address at all, nothing leaves the browser; the
 * simulator draws its people that way — or a strictly spelled `/oss-api/t/{tenant}/…` file.
 */

/** An absolute http(s) URL as given (trimmed), else ''. */
export function httpAddress(value: unknown): string {
  if (typeof value !== 'string') return '';
  const v = value.trim();
  if (v.length > 2048 || !/^https?:\/\//i.test(v)) return '';
  try {
    const u = new URL(v);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) return '';
    if (u.username || u.password) return '';
    return u.href;
  } catch {
    return '';
  }
}

const INLINE_PICTURE = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i;
const INLINE_MAX = 64 * 1024;

/** One of the console's own stored files (`/oss-api/t/{tenant}/…`), strictly spelled. */
const OWN_FILE =
  /^\/oss-api\/t\/[0-9a-f-]{36}\/[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/**
 * A profile picture: an absolute http(s) URL, a small inline `data:image/…`, or one of the
 * console's own files (a work account's avatar the console set: the platform reports back the
 * address it was given; the file route serves it to its tenant only), else ''.
 */
export function avatarAddress(value: unknown): string {
  if (typeof value !== 'string') return '';
  const v = value.trim();
  if (INLINE_PICTURE.test(v) && v.length <= INLINE_MAX) return v;
  if (OWN_FILE.test(v) && v.length <= 512 && !v.includes('..')) return v;
  return httpAddress(v);
}

/** Profile-picture fields of the platform's objects (contacts, groups, members, moments…). */
const AVATAR_KEYS = new Set(['avatar', 'authorAvatar', 'memberAvatar', 'smallHeadImage']);
/** Other address fields the platform reports (pictures and links). */
const ADDRESS_KEYS = new Set(['thumbUrl', 'coverUrl', 'wallPaper']);

/** Message types whose content is JSON with outsider addresses. */
const CONTENT_TYPES = new Set<number>([
  MSG_TYPE.card,
  MSG_TYPE.link,
  MSG_TYPE.article,
  MSG_TYPE.miniProgram,
  MSG_TYPE.channelVideo,
]);

function isPlain(v: unknown): v is Record<string, unknown> {
  if (!v || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A structured message's JSON content with its addresses kept only when http(s). */
export function cleanMessageContent(msgType: number, content: string): string {
  if (!CONTENT_TYPES.has(msgType)) return content;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return content;
  }
  if (!isPlain(parsed)) return content;
  const out: Record<string, unknown> = { ...parsed };
  let changed = false;
  for (const key of ['avatar', 'thumbUrl', 'url', 'coverUrl']) {
    if (!(key in out)) continue;
    const clean = httpAddress(out[key]);
    if (clean !== out[key]) {
      out[key] = clean;
      changed = true;
    }
  }
  return changed ? JSON.stringify(out) : content;
}

/**
 * A copy of a platform value (event or answer) with its outsider addresses cleaned; objects
 * that need no change are returned as they are. Buffers and class instances are left alone.
 */
export function cleanOutsiderAddresses<T>(value: T, depth = 0): T {
  if (depth > 8) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const c = cleanOutsiderAddresses(v, depth + 1);
      if (c !== v) changed = true;
      return c;
    });
    return (changed ? out : value) as T;
  }
  if (!isPlain(value)) return value;
  let out: Record<string, unknown> | null = null;
  const set = (k: string, v: unknown) => {
    out ??= { ...value };
    out[k] = v;
  };
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string') {
      if (AVATAR_KEYS.has(k)) {
        const c = avatarAddress(v);
        if (c !== v) set(k, c);
      } else if (ADDRESS_KEYS.has(k)) {
        const c = httpAddress(v);
        if (c !== v) set(k, c);
      } else if (k === 'content' && typeof value.msgType === 'number') {
        const c = cleanMessageContent(value.msgType, v);
        if (c !== v) set(k, c);
      }
    } else if (k === 'link' && isPlain(v) && typeof v.url === 'string') {
      // A moment's link.
      const c = httpAddress(v.url);
      if (c !== v.url) set(k, { ...v, url: c });
    } else if (v && typeof v === 'object') {
      const c = cleanOutsiderAddresses(v, depth + 1);
      if (c !== v) set(k, c);
    }
  }
  return (out ?? value) as T;
}

/** Gateway methods whose answers carry platform data to clean (the rest pass through). */
const CLEANED_ANSWERS = new Set<string>([
  'getProfile',
  'listContacts',
  'getFriendInfo',
  'updateFriendInfo',
  'searchUser',
  'listFriendRequests',
  'acceptFriendRequest',
  'listGroups',
  'createGroup',
  'listGroupMembers',
  'listGroupBans',
  'listMoments',
  'likeMoment',
  'commentMoment',
]);

/**
 * The gateway as the console sees it: every event, and the answers of the methods that report
 * people, groups and moments, with outsider addresses cleaned before anything stores or shows
 * them. Whatever the platform adapter, this is the one place addresses enter.
 */
export function withCleanAddresses(gateway: ChatGateway): ChatGateway {
  return new Proxy(gateway, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (typeof v !== 'function') return v;
      if (prop === 'on') {
        return (event: string, listener: (e: unknown) => unknown) =>
          (target.on as (e: string, l: (x: unknown) => unknown) => () => void).call(
            target,
            event,
            (payload: unknown) => listener(cleanOutsiderAddresses(payload)),
          );
      }
      if (typeof prop === 'string' && CLEANED_ANSWERS.has(prop)) {
        return async (...args: unknown[]) =>
          cleanOutsiderAddresses(await (v as (...a: unknown[]) => unknown).apply(target, args));
      }
      return (v as (...a: unknown[]) => unknown).bind(target);
    },
  });
}
