import { emojiOf } from '../composer/emoji.ts';

/** A piece of a text message as the bubble renders it. */
export type RichToken =
  | { kind: 'text'; text: string }
  | { kind: 'emoji'; code: string; emoji: string }
  | { kind: 'link'; href: string; text: string };

// A link runs until whitespace, a quote, an angle bracket or full-width punctuation.
const LINK = /https?:\/\/[^\s<>"'，。！？；：、（）【】《》「」]+/giy;
const CODE = /\[[^[\]\s]{1,8}\]/y;
// Trailing ASCII punctuation is the sentence's, not the link's.
const TRAILING = /[.,;:!?)\]]+$/;

/** Whether a URL may become a link: only http and https, never javascript: or data:. */
export function isSafeHref(href: string): boolean {
  try {
    const u = new URL(href);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Splits a text message into plain text, emoji (codes of the emoji table) and http(s) links.
 * The result is rendered as React text nodes and anchors; nothing is ever parsed as HTML.
 */
export function tokenize(input: string): RichToken[] {
  const out: RichToken[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ kind: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < input.length) {
    const ch = input[i];
    if (ch === '[') {
      CODE.lastIndex = i;
      const m = CODE.exec(input);
      const emoji = m ? emojiOf(m[0]) : undefined;
      if (m && emoji) {
        flush();
        out.push({ kind: 'emoji', code: m[0], emoji });
        i += m[0].length;
        continue;
      }
    } else if (ch === 'h' || ch === 'H') {
      LINK.lastIndex = i;
      const m = LINK.exec(input);
      if (m) {
        const href = m[0].replace(TRAILING, '');
        if (href.length > 8 && isSafeHref(href)) {
          flush();
          out.push({ kind: 'link', href, text: href });
          i += href.length;
          continue;
        }
      }
    }
    text += ch;
    i += 1;
  }
  flush();
  return out;
}

/** A text with the emoji codes of the table turned into emoji (for one-line previews). */
export function emojify(text: string): string {
  if (!text.includes('[')) return text;
  return tokenize(text)
    .map((tok) => (tok.kind === 'emoji' ? tok.emoji : tok.text))
    .join('');
}
