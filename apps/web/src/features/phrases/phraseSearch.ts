import type { PhraseItem } from '@cst/shared';

/** A phrase list prepared for searching as the operator types. */
export interface PhraseIndex {
  items: PhraseItem[];
  /** Lower-cased contents, in the same order. */
  folded: string[];
}

/** Prepares phrases (already ordered most used first) for {@link searchPhrases}. */
export function indexPhrases(items: PhraseItem[]): PhraseIndex {
  return { items, folded: items.map((p) => p.content.toLowerCase()) };
}

/**
 * The first `limit` phrases containing the query (case-insensitive), in the index's order, so the
 * most used come first. An empty query gives the most used ones.
 */
export function searchPhrases(index: PhraseIndex, query: string, limit = 8): PhraseItem[] {
  const q = query.trim().toLowerCase();
  const out: PhraseItem[] = [];
  for (let i = 0; i < index.items.length && out.length < limit; i++) {
    if (!q || index.folded[i]!.includes(q)) out.push(index.items[i]!);
  }
  return out;
}

/** The quick-search token before the caret: `/` then letters, at the start or after a space. */
export function quickToken(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)\/([^\s/]{0,30})$/.exec(before);
  if (!m) return null;
  return { start: caret - m[2]!.length - 1, query: m[2]! };
}
