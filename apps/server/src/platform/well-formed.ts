const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// JSON.stringify writes a lone surrogate as an escape (after an even run of backslashes, or it
// would be an escaped backslash followed by text); paired ones stay characters.
const LONE_ESCAPE = /(?<!\\)(?:\\\\)*\\ud[89a-f][0-9a-f]{2}/i;

/** A string with every lone UTF-16 surrogate replaced by U+FFFD. */
export function wellFormed(s: string): string {
  return s.replace(LONE_SURROGATE, '\ufffd');
}

/** The value of JSON `text` whose lone surrogates are replaced in every string, at any depth. */
function parsedWellFormed<T>(text: string): T {
  return JSON.parse(text, (_key, v: unknown) => (typeof v === 'string' ? wellFormed(v) : v)) as T;
}

/**
 * A JSON value whose strings are well-formed, as a `jsonb` column needs (PostgreSQL refuses a
 * lone surrogate's escape). Values from the platform or stored text can hold one even though the
 * edge refuses them in requests. The value itself is returned when nothing needs replacing.
 */
export function wellFormedJson<T>(value: T): T {
  if (value === null || value === undefined || typeof value === 'number') return value;
  const text = JSON.stringify(value);
  if (text === undefined || !LONE_ESCAPE.test(text)) return value;
  return parsedWellFormed<T>(text);
}

/**
 * A JSON value with its text, its strings well-formed as `wellFormedJson` makes them: for a value
 * written once and used twice (a push: stored as `jsonb`, sent as a frame's text). The value is
 * the same one when nothing needed replacing.
 */
export function wellFormedJsonText<T>(value: T): { value: T; text: string } {
  const text = JSON.stringify(value) ?? 'null';
  if (!LONE_ESCAPE.test(text)) return { value, text };
  const fixed = parsedWellFormed<T>(text);
  return { value: fixed, text: JSON.stringify(fixed) };
}
