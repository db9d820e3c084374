/** Languages the product speaks; zh-CN is the default. */
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** A user-facing text in every language. */
export type Text = Record<Language, string>;

/** Picks the language of an Accept-Language header (zh-CN unless English is preferred first). */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : DEFAULT_LANGUAGE;
}

/** Replaces `{name}` placeholders in a text. */
export function formatText(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}
