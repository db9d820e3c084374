import {
  callContent,
  cardContent,
  isMsgType,
  loginNoticeContent,
  MSG_TYPE,
  type CallContent,
} from './chat.ts';

/** The longest stored preview (`msg_text`), in characters. */
export const PREVIEW_MAX = 120;

/** How a call ended, as a call's preview names it (the SPA words it in the reader's language). */
export const CALL_RESULTS = ['missed', 'rejected', 'cancelled', 'ended'] as const;
export type CallResult = (typeof CALL_RESULTS)[number];

const clip = (text: string) =>
  text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX)}…` : text;

/** A call's duration as the chat shows it: minutes and seconds (`1:23`, `75:00`). */
export function callDuration(totalSec: number): string {
  const s = Math.max(0, Math.round(totalSec));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The stored preview of a call: its result, and the duration of an ended one (`ended 1:23`). */
export function callPreview(c: CallContent): string {
  return c.result === 'ended' ? `ended ${callDuration(c.durationSec)}` : c.result;
}

/** A call's preview read back: how it ended and for how long (`null`: not a call preview). */
export function parseCallPreview(text: string): { result: CallResult; duration: string } | null {
  const m = /^(missed|rejected|cancelled|ended)(?: (\d+:\d{2}))?$/.exec(text);
  if (!m) return null;
  return { result: m[1] as CallResult, duration: m[2] ?? '' };
}

/** The JSON object of a structured message's content, or null when it is not one. */
function objectOf(content: string): Record<string, unknown> | null {
  if (!content.startsWith('{')) return null;
  try {
    const v: unknown = JSON.parse(content);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The first of `keys` that holds a non-empty string. */
function firstString(v: Record<string, unknown>, keys: readonly string[]): string {
  for (const k of keys) {
    const x = v[k];
    if (typeof x === 'string' && x.trim()) return x.trim();
  }
  return '';
}

/** What each structured type shows, in order of preference. */
const TITLE_KEYS: Partial<Record<number, readonly string[]>> = {
  [MSG_TYPE.link]: ['title', 'description', 'url'],
  [MSG_TYPE.article]: ['title', 'description', 'sourceName'],
  [MSG_TYPE.miniProgram]: ['title', 'appName'],
  [MSG_TYPE.redPacket]: ['title'],
  [MSG_TYPE.location]: ['poiName', 'label'],
  [MSG_TYPE.channelVideo]: ['title', 'authorName'],
  [MSG_TYPE.forward]: ['title'],
  [MSG_TYPE.app]: ['title', 'description', 'appName'],
  [MSG_TYPE.quote]: ['content'],
};

/** The detail of a structured message (its JSON content) as the list shows it. */
function structuredDetail(msgType: number, v: Record<string, unknown>): string {
  switch (msgType) {
    case MSG_TYPE.voiceCall:
    case MSG_TYPE.videoCall: {
      const c = callContent.safeParse(v);
      return c.success ? callPreview(c.data) : '';
    }
    case MSG_TYPE.card: {
      const c = cardContent.partial().safeParse(v);
      return c.success ? (c.data.nickname ?? c.data.wxid ?? '') : '';
    }
    case MSG_TYPE.transfer: {
      const money = typeof v.money === 'string' ? v.money : '';
      const memo = typeof v.memo === 'string' ? v.memo.trim() : '';
      return [money && `¥${money}`, memo].filter(Boolean).join(' ');
    }
    case MSG_TYPE.loginNotice: {
      const c = loginNoticeContent.partial().safeParse(v);
      return c.success ? [c.data.reason, c.data.address, c.data.ip].filter((x) => x).join(' ') : '';
    }
    default:
      return firstString(v, TITLE_KEYS[msgType] ?? []);
  }
}

/** Media whose preview is the type's label alone. */
const MEDIA_TYPES: ReadonlySet<number> = new Set([
  MSG_TYPE.image,
  MSG_TYPE.emoticon,
  MSG_TYPE.video,
  MSG_TYPE.voice,
]);

/**
 * The preview of a message (`msg_text`): what the conversation list shows after the type's label
 * ('[链接] 标题'), made once where a message is stored so stored previews and live pushes agree.
 * It holds no words of a language: the SPA adds the label and words a call's result
 * ({@link parseCallPreview}). Never raw JSON: a structured message shows its title, a card the
 * person, a transfer the amount, a location the place, a call how it ended, a document its name, a
 * picture, sticker, video or voice nothing after its label; an unknown type shows nothing (the SPA says '未知消息类型').
 */
export function messagePreview(msgType: number, content: string, fileName: string | null): string {
  if (!isMsgType(msgType)) return '';
  if (msgType === MSG_TYPE.text || msgType === MSG_TYPE.system) return clip(content);
  // A document is known by its name; a picture, sticker, video or voice by its label alone
  // ('[图片]'): their names are the storage's (`1795883691145-88b4….png`), nothing a person chose.
  if (MEDIA_TYPES.has(msgType)) return '';
  if (fileName) return clip(fileName);
  const v = objectOf(content);
  if (v) return clip(structuredDetail(msgType, v));
  // Not JSON: a platform's plain text (a quote's own text, an old preview), never a stray brace.
  return content.startsWith('{') || content.startsWith('[') ? '' : clip(content);
}

/** The operator's text of a stored quote message (its JSON `content`), else the content itself. */
export function quoteText(content: string): string {
  const v = objectOf(content);
  return v && typeof v.content === 'string' ? v.content : content;
}
