/** Someone a mention picker offers: a seat (uid) or a group member (wxid). */
export interface Mentionable {
  id: string;
  name: string;
}

/** The `@` being typed before the caret: where it starts and what follows it so far. */
export interface MentionQuery {
  start: number;
  query: string;
}

/**
 * The `@query` right before the caret, or null: an `@` not right after a Latin letter or digit
 * (an e-mail address), followed by up to 20 characters without spaces.
 */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && /[A-Za-z0-9._-]/.test(before[at - 1]!)) return null;
  const query = before.slice(at + 1);
  if (query.length > 20 || /\s/.test(query)) return null;
  return { start: at, query };
}

/** Those whose name contains the query (case-insensitive), names starting with it first. */
export function filterMentionables(list: readonly Mentionable[], query: string): Mentionable[] {
  const q = query.toLowerCase();
  const hits = list.filter((m) => m.name.toLowerCase().includes(q));
  return hits
    .map((m, i) => ({ m, i, head: m.name.toLowerCase().startsWith(q) ? 0 : 1 }))
    .sort((a, b) => a.head - b.head || a.i - b.i)
    .slice(0, 8)
    .map((x) => x.m);
}

/** The text with the `@query` replaced by `@name ` and the caret after it. */
export function insertMention(
  text: string,
  q: MentionQuery,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const inserted = `@${name} `;
  return {
    text: text.slice(0, q.start) + inserted + text.slice(caret),
    caret: q.start + inserted.length,
  };
}

/** The chosen people still named `@name` in the text (one deleted from the text is dropped). */
export function mentionedIn(text: string, chosen: readonly Mentionable[]): Mentionable[] {
  const seen = new Set<string>();
  return chosen.filter((m) => {
    if (seen.has(m.id) || !text.includes(`@${m.name}`)) return false;
    seen.add(m.id);
    return true;
  });
}
