import type { ManualArea } from './areas.ts';
import type { ManualPage } from './types.ts';

/** One place in the manual that matches a search. */
export interface ManualHit {
  page: ManualArea;
  pageTitle: string;
  /** The section the text is in (null: the page's title or summary). */
  section: string | null;
  /** A piece of the matching text around the first term, with "…" where it was cut. */
  snippet: string;
  score: number;
}

/** How many characters a snippet shows either side of the term. */
const SNIPPET_SIDE = 40;

/** Lower case, full-width forms folded (Ａ → a, ０ → 0), spaces squeezed. */
export function normalize(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The terms of a query: split on spaces (and ideographic spaces), duplicates dropped. */
export function terms(query: string): string[] {
  return [...new Set(normalize(query).split(' ').filter(Boolean))];
}

function snippetOf(text: string, at: number, length: number): string {
  const from = Math.max(0, at - SNIPPET_SIDE);
  const to = Math.min(text.length, at + length + SNIPPET_SIDE);
  return `${from > 0 ? '…' : ''}${text.slice(from, to).trim()}${to < text.length ? '…' : ''}`;
}

interface Block {
  section: string | null;
  text: string;
  /** Weight of a hit here: titles count more than body text. */
  weight: number;
}

function blocksOf(page: ManualPage): Block[] {
  const out: Block[] = [
    { section: null, text: page.title, weight: 5 },
    { section: null, text: page.summary, weight: 2 },
  ];
  for (const s of page.sections) {
    out.push({ section: s.heading, text: s.heading, weight: 3 });
    for (const p of s.paragraphs) out.push({ section: s.heading, text: p, weight: 1 });
  }
  return out;
}

/**
 * Searches the manual in the browser. A page matches when every term occurs somewhere in it
 * (substring match, so Chinese needs no word splitting); each page gives its best block (the
 * section where most terms occur, titles first) as the hit. Hits come best first; ties keep the
 * manual's order. An empty query finds nothing.
 */
export function searchManual(pages: readonly ManualPage[], query: string): ManualHit[] {
  const want = terms(query);
  if (want.length === 0) return [];
  const hits: (ManualHit & { order: number })[] = [];
  pages.forEach((page, order) => {
    const blocks = blocksOf(page).map((b) => ({ ...b, norm: normalize(b.text) }));
    const whole = blocks.map((b) => b.norm).join('\n');
    if (!want.every((t) => whole.includes(t))) return;
    let best: { block: (typeof blocks)[number]; found: number; score: number } | null = null;
    let score = 0;
    for (const block of blocks) {
      const found = want.filter((t) => block.norm.includes(t)).length;
      if (found === 0) continue;
      const blockScore = found * block.weight;
      score += blockScore;
      if (!best || found > best.found || (found === best.found && blockScore > best.score)) {
        best = { block, found, score: blockScore };
      }
    }
    if (!best) return;
    const first = want.find((t) => best.block.norm.includes(t)) ?? want[0]!;
    // Offsets of the normalised text match the original closely enough for a snippet: search the
    // original case-insensitively and fall back to the start.
    const at = Math.max(0, normalize(best.block.text).indexOf(first));
    const text = best.block.text.replace(/\s+/g, ' ').trim();
    hits.push({
      page: page.id,
      pageTitle: page.title,
      section: best.block.section,
      snippet: snippetOf(text, at, first.length),
      score,
      order,
    });
  });
  return hits
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ order: _order, ...hit }) => hit);
}
