import {
  FAN_IMPORT_MAX_TAG_LENGTH,
  FAN_IMPORT_MAX_TAGS,
  MAX_GREETING_LENGTH,
  MAX_REMARK_LENGTH,
  type FanTargetKind,
  type MessageKey,
} from '@cst/shared';

/** A row as read from a file, before any check. */
export interface RawRow {
  /** 1-based line of the file (xlsx: the sheet's row number). */
  line: number;
  target: string;
  greeting: string;
  remark: string;
  tags: string;
  /** A cell of the row held a formula without a cached value. */
  formula?: boolean;
}

/** A row that passed its own checks (duplicates and the data pool are checked across rows). */
export interface ImportRow {
  line: number;
  kind: FanTargetKind;
  /** The normalised target: a phone number or a platform id. */
  target: string;
  greeting?: string;
  remark?: string;
  tagNames: string[];
}

/** A row that failed its own checks. */
export interface RowError {
  line: number;
  target: string;
  key: MessageKey;
  params?: Record<string, string | number>;
}

const CN_MOBILE = /^1[3-9]\d{9}$/;
const PHONE_CHARS = /^[+\d\s()\-.]+$/;
const WXID = /^[A-Za-z][A-Za-z0-9_-]{5,63}$/;
const TAG_SEPARATORS = /[,，、;；|]/;

/**
 * Normalises a phone number (docs/fan-tasks-import.md): spaces, dashes, dots and brackets are
 * dropped; a mainland mobile (11 digits starting 13–19) is kept as those 11 digits, with or without
 * +86 / 0086 / 86 in front; any other number must carry its country code (`+` or `00`) and is kept
 * E.164-style as `+` and 8 to 15 digits. Null when the text is not a phone number.
 */
export function normalisePhone(text: string): string | null {
  if (!PHONE_CHARS.test(text)) return null;
  let digits = text.replace(/[\s()\-.]/g, '');
  let international = false;
  if (digits.startsWith('+')) {
    international = true;
    digits = digits.slice(1);
  } else if (digits.startsWith('00')) {
    international = true;
    digits = digits.slice(2);
  }
  if (!/^\d+$/.test(digits)) return null;
  if (CN_MOBILE.test(digits) && !international) return digits;
  if (digits.length === 13 && digits.startsWith('86') && CN_MOBILE.test(digits.slice(2))) {
    return digits.slice(2);
  }
  if (international && digits.length >= 8 && digits.length <= 15 && !digits.startsWith('0')) {
    return `+${digits}`;
  }
  return null;
}

/** What a target cell holds: a phone number, a platform id, or an error. */
export function normaliseTarget(
  text: string,
): { kind: FanTargetKind; target: string } | { key: MessageKey } {
  const t = text.trim();
  if (t === '') return { key: 'fanImportRowTargetRequired' };
  if (PHONE_CHARS.test(t)) {
    const phone = normalisePhone(t);
    return phone ? { kind: 'phone', target: phone } : { key: 'fanImportRowBadPhone' };
  }
  return WXID.test(t) ? { kind: 'wxid', target: t } : { key: 'fanImportRowBadWxid' };
}

// Lone surrogates and control characters (NUL among them) cannot be stored in PostgreSQL text or
// jsonb; a file may still carry them (a spreadsheet's XML character references).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Text safe to store: lone surrogates become U+FFFD, control characters are dropped. */
export function storable(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD').replace(CONTROL, '');
}

/** The first `n` characters (code points, so a pair is never cut). */
function firstChars(text: string, n: number): string {
  return Array.from(text).slice(0, n).join('');
}

/** Splits a tag cell on , ， 、 ; ； | into trimmed, distinct names. */
export function splitTags(text: string): string[] {
  const names = text
    .split(TAG_SEPARATORS)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return [...new Set(names)];
}

/** Checks one row on its own: target format, lengths, tags. */
export function checkRow(raw: RawRow): ImportRow | RowError {
  const shown = firstChars(storable(raw.target.trim()), 64);
  const bad = (key: MessageKey, params?: Record<string, string | number>): RowError => ({
    line: raw.line,
    target: shown,
    key,
    params,
  });
  if (raw.formula) return bad('fanImportRowFormula');
  const target = normaliseTarget(raw.target);
  if ('key' in target) return bad(target.key);
  const greeting = storable(raw.greeting).trim();
  const remark = storable(raw.remark).trim();
  if ([...greeting].length > MAX_GREETING_LENGTH) {
    return bad('fanImportRowTooLong', {
      field: 'fanImportColumnGreeting',
      max: MAX_GREETING_LENGTH,
    });
  }
  if ([...remark].length > MAX_REMARK_LENGTH) {
    return bad('fanImportRowTooLong', { field: 'fanImportColumnRemark', max: MAX_REMARK_LENGTH });
  }
  const tagNames = splitTags(storable(raw.tags));
  if (tagNames.length > FAN_IMPORT_MAX_TAGS) {
    return bad('fanImportRowTooManyTags', { max: FAN_IMPORT_MAX_TAGS });
  }
  if (tagNames.some((n) => [...n].length > FAN_IMPORT_MAX_TAG_LENGTH)) {
    return bad('fanImportRowTooLong', {
      field: 'fanImportColumnTag',
      max: FAN_IMPORT_MAX_TAG_LENGTH,
    });
  }
  return {
    line: raw.line,
    ...target,
    ...(greeting ? { greeting } : {}),
    ...(remark ? { remark } : {}),
    tagNames,
  };
}
